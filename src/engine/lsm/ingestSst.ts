/**
 * External SST ingestion (RocksDB `DB::IngestExternalFile`), which Flink uses on restore and
 * rescale to bring another task's files into a DB instead of re-inserting every record. The
 * file is verified, optionally clipped to a key range (a rescaled task keeps only its key
 * groups), given a fresh global sequence number so it is newer than anything it could cover,
 * and placed as deep as nothing above it overlaps.
 */
import { compareBytes, formatKey } from './compareBytes';
import { addFileToLevel, overlappingFiles } from './levels';
import { columnFamily, sstMeta, type LsmDb, type SstMeta } from './lsmDb';
import type { LsmEntry } from './memtable';
import { writeSstFile } from './sstFile';
import { decodeSst } from './decodeSst';

export interface IngestOptions {
  /** Keep only keys ≥ fromKey (null: no lower bound). */
  fromKey?: Uint8Array | null;
  /** Keep only keys < toKeyExclusive (null: no upper bound). */
  toKeyExclusive?: Uint8Array | null;
  /** Name used in error messages. */
  fileName?: string;
}

export interface IngestResult {
  /** The new file in this DB, or null when no entry fell inside the key range. */
  file: SstMeta | null;
  /** File number and column family id the bytes carried in their source DB. */
  sourceFileNumber: number;
  sourceCfId: number;
  /** Sequence number every ingested entry now carries (0 when nothing was ingested). */
  globalSeq: number;
}

/**
 * RocksDB `DB::IngestExternalFile` into column family `cf`. The bytes are rewritten with this
 * DB's next file number and column family id (RocksDB links the file and patches its global
 * sequence number instead). Refuses while memtables hold keys in the file's range: RocksDB
 * would flush first, and here that flush must be a visible step.
 */
export function ingestSst(
  db: LsmDb,
  cf: string,
  bytes: Uint8Array,
  options: IngestOptions = {},
): IngestResult {
  const name = options.fileName ?? 'external SST';
  const c = columnFamily(db, cf);
  const decoded = decodeSst(bytes, name);
  const from = options.fromKey ?? null;
  const to = options.toKeyExclusive ?? null;
  const kept = decoded.entries.filter(
    (e) =>
      (from === null || compareBytes(e.key, from) >= 0) &&
      (to === null || compareBytes(e.key, to) < 0),
  );
  const source = { sourceFileNumber: decoded.footer.fileNumber, sourceCfId: decoded.footer.cfId };
  if (kept.length === 0) return { file: null, ...source, globalSeq: 0 };
  const smallest = kept[0]!.key;
  const largest = kept[kept.length - 1]!.key;
  for (const mt of [c.active, ...c.immutables]) {
    const hit = mt.entries.find(
      (e) => compareBytes(e.key, smallest) >= 0 && compareBytes(e.key, largest) <= 0,
    );
    if (hit !== undefined) {
      throw new Error(
        `ingestSst: memtable ${mt.id} of column family "${cf}" holds key ${formatKey(hit.key)} inside the ingested range [${formatKey(smallest)} … ${formatKey(largest)}] of ${name}; flush it first`,
      );
    }
  }
  let level = 0;
  for (let l = 0; l < c.levels.length; l++) {
    if (overlappingFiles(c.levels[l]!, smallest, largest).length > 0) break;
    level = l;
  }
  const globalSeq = ++db.lastSeq;
  const entries: LsmEntry[] = kept.map((e) => ({ key: e.key, seq: globalSeq, value: e.value }));
  const file = writeSstFile(db, c, level, entries, { origin: 'ingest', inputs: [], lineage: null });
  addFileToLevel(c, file);
  return { file: sstMeta(file), ...source, globalSeq };
}
