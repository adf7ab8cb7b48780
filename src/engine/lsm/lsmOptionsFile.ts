/**
 * The small text files a RocksDB native checkpoint copies besides the SSTs: OPTIONS (the
 * column-family options the DB ran with, in RocksDB's INI style) and CURRENT (the name of the
 * live MANIFEST). Flink uploads both as private state with every incremental checkpoint.
 */
import { utf8Decode, utf8Encode } from './byteBuffer';
import {
  LSM_CONFIG_KEYS,
  validateLsmConfig,
  type CompactionPri,
  type LsmConfig,
} from './lsmConfig';
import { LsmCorruptionError } from './lsmErrors';
import { SST_COMPRESSION_OPTION_NAME, type SstCompression } from './sstCompression';

/** Name of the OPTIONS file in a native checkpoint (RocksDB numbers it; one fixed name suffices here). */
export const OPTIONS_FILE_NAME = 'OPTIONS-000001';
/** RocksDB's CURRENT file name. */
export const CURRENT_FILE_NAME = 'CURRENT';

const PRI_NAMES: Record<CompactionPri, string> = {
  minOverlappingRatio: 'kMinOverlappingRatio',
  roundRobin: 'kRoundRobin',
};
const TABLE_OPTIONS: readonly (keyof LsmConfig)[] = ['blockSizeBytes'];

/** RocksDB `PersistRocksDBOptions`: the config as an OPTIONS file (INI text, RocksDB option names). */
export function encodeOptions(config: LsmConfig): Uint8Array {
  const line = (k: keyof LsmConfig): string => {
    const v = config[k];
    const text =
      k === 'compactionPri'
        ? PRI_NAMES[v as CompactionPri]
        : k === 'compressionPerLevel'
          ? (v as SstCompression[]).map((t) => SST_COMPRESSION_OPTION_NAME[t]).join(':')
          : String(v);
    return `  ${LSM_CONFIG_KEYS[k].rocksDbOption}=${text}`;
  };
  const fields = Object.keys(LSM_CONFIG_KEYS) as (keyof LsmConfig)[];
  const text = [
    '# Checkpoint Lab LSM options, RocksDB OPTIONS-file style; sizes are the simulation’s (teaching) sizes.',
    '[Version]',
    '  checkpoint_lab_options_version=1',
    '[DBOptions]',
    '  # Flink writes with the WAL disabled: checkpoints provide durability.',
    '  wal_enabled=false',
    '[CFOptions "default"]',
    '  compaction_style=kCompactionStyleLevel',
    '  level_compaction_dynamic_level_bytes=false',
    ...fields.filter((k) => !TABLE_OPTIONS.includes(k)).map(line),
    '[TableOptions/BlockBasedTable "default"]',
    ...TABLE_OPTIONS.map(line),
    '',
  ].join('\n');
  return utf8Encode(text);
}

/** RocksDB `LoadOptionsFromFile`: reads an OPTIONS file back into a validated config. */
export function decodeOptions(bytes: Uint8Array, fileName = OPTIONS_FILE_NAME): LsmConfig {
  const fields = Object.keys(LSM_CONFIG_KEYS) as (keyof LsmConfig)[];
  const out: Record<string, number | string | string[]> = {};
  const lines = utf8Decode(bytes).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '' || t.startsWith('#') || t.startsWith('[')) continue;
    const eq = t.indexOf('=');
    if (eq < 0)
      throw new LsmCorruptionError(
        fileName,
        `line ${i + 1} is not "name=value": ${JSON.stringify(t.slice(0, 60))}`,
      );
    const field = fields.find((k) => LSM_CONFIG_KEYS[k].rocksDbOption === t.slice(0, eq));
    if (field === undefined) continue;
    const raw = t.slice(eq + 1);
    if (field === 'compactionPri') {
      const pri = (Object.keys(PRI_NAMES) as CompactionPri[]).find((p) => PRI_NAMES[p] === raw);
      if (pri === undefined)
        throw new LsmCorruptionError(
          fileName,
          `line ${i + 1}: unknown compaction_pri ${JSON.stringify(raw)}`,
        );
      out[field] = pri;
    } else if (field === 'compressionPerLevel') {
      // RocksDB writes the list colon-separated, e.g. kSnappyCompression:kNoCompression.
      const names = Object.entries(SST_COMPRESSION_OPTION_NAME);
      out[field] = raw.split(':').map((n) => {
        const hit = names.find(([, rocks]) => rocks === n);
        if (hit === undefined)
          throw new LsmCorruptionError(fileName, `line ${i + 1}: unknown compression ${JSON.stringify(n)}`);
        return hit[0];
      });
    } else {
      const n = Number(raw);
      if (raw === '' || !Number.isFinite(n))
        throw new LsmCorruptionError(
          fileName,
          `line ${i + 1}: ${t.slice(0, eq)} is not a number: ${JSON.stringify(raw)}`,
        );
      out[field] = n;
    }
  }
  const missing = fields.filter((k) => !(k in out));
  if (missing.length > 0)
    throw new LsmCorruptionError(
      fileName,
      `missing ${missing.map((k) => LSM_CONFIG_KEYS[k].rocksDbOption).join(', ')}`,
    );
  try {
    return validateLsmConfig(out as Partial<LsmConfig>);
  } catch (e) {
    throw new LsmCorruptionError(fileName, (e as Error).message);
  }
}

/** RocksDB `SetCurrentFile`: CURRENT holds the live MANIFEST's name and a newline. */
export function encodeCurrent(manifestFileName: string): Uint8Array {
  if (!/^MANIFEST-\d+$/.test(manifestFileName))
    throw new RangeError(
      `encodeCurrent: expected a name like "MANIFEST-000001", got ${JSON.stringify(manifestFileName)}`,
    );
  return utf8Encode(`${manifestFileName}\n`);
}

/** Reads CURRENT: the name of the MANIFEST to open. */
export function decodeCurrent(bytes: Uint8Array): string {
  const text = utf8Decode(bytes);
  const m = /^(MANIFEST-\d+)\n$/.exec(text);
  if (m === null)
    throw new LsmCorruptionError(
      CURRENT_FILE_NAME,
      `expected "MANIFEST-<number>" and a newline, got ${JSON.stringify(text.slice(0, 40))}`,
    );
  return m[1]!;
}
