/**
 * The LSM's tuning knobs. The engine runs at teaching sizes (bytes, not megabytes) so that a
 * learner sees memtables seal, L0 fill up and compactions cascade within a few hundred records;
 * the real Flink/RocksDB defaults sit beside them so the UI can show both.
 */

import { IMPLEMENTED_SST_COMPRESSIONS, ROCKSDB_COMPRESSION_TYPES, type SstCompression } from './sstCompression';

/** Which file of an over-full level is compacted next (RocksDB `compaction_pri`). */
export type CompactionPri = 'minOverlappingRatio' | 'roundRobin';

/** RocksDB column-family options that Flink's RocksDB backend sets or inherits. */
export interface LsmConfig {
  /** Memtable size at which it is sealed (`write_buffer_size`). */
  writeBufferBytes: number;
  /** Active + immutable memtables allowed per column family (`max_write_buffer_number`). */
  maxWriteBufferNumber: number;
  /** Data block size an SST is cut into (`BlockBasedTableOptions::block_size`). */
  blockSizeBytes: number;
  /** Number of L0 files that triggers an L0→L1 compaction (`level0_file_num_compaction_trigger`). */
  level0FileNumCompactionTrigger: number;
  /** Byte target of L1 (`max_bytes_for_level_base`). */
  maxBytesForLevelBase: number;
  /** Each deeper level's target is this many times the previous one (`max_bytes_for_level_multiplier`). */
  maxBytesForLevelMultiplier: number;
  /** Compaction output files are cut at this size (`target_file_size_base`). */
  targetFileSizeBase: number;
  /** Levels L0 … L(numLevels-1) (`num_levels`). */
  numLevels: number;
  /** How a file is chosen from an over-full level (`compaction_pri`). */
  compactionPri: CompactionPri;
  /** Compression of the SST data blocks written to each level; deeper levels use the last entry (`compression_per_level`). */
  compressionPerLevel: SstCompression[];
}

const MB = 1024 * 1024;

/** The real defaults a Flink job runs with (Flink's `RocksDBConfigurableOptions`, else RocksDB's own). */
export const LSM_FLINK_DEFAULTS: Readonly<LsmConfig> = Object.freeze<LsmConfig>({
  writeBufferBytes: 64 * MB,
  maxWriteBufferNumber: 2,
  blockSizeBytes: 4 * 1024,
  level0FileNumCompactionTrigger: 4,
  maxBytesForLevelBase: 256 * MB,
  maxBytesForLevelMultiplier: 10,
  targetFileSizeBase: 64 * MB,
  numLevels: 7,
  compactionPri: 'minOverlappingRatio',
  // Flink's RocksDBConfigurableOptions#COMPRESSION_PER_LEVEL default: Snappy on every level.
  compressionPerLevel: ['SNAPPY_COMPRESSION'],
});

/**
 * Teaching sizes: every byte size divided by 16384 (64 MB → 4 KB), except the block size, which
 * would round to nothing and is 256 B so that an SST still has several blocks. Counts are real.
 */
export const LSM_TEACHING_DEFAULTS: Readonly<LsmConfig> = Object.freeze<LsmConfig>({
  writeBufferBytes: 4096,
  maxWriteBufferNumber: 2,
  blockSizeBytes: 256,
  level0FileNumCompactionTrigger: 4,
  maxBytesForLevelBase: 16384,
  maxBytesForLevelMultiplier: 10,
  targetFileSizeBase: 4096,
  numLevels: 7,
  compactionPri: 'minOverlappingRatio',
  // Flink's RocksDBConfigurableOptions#COMPRESSION_PER_LEVEL default: Snappy on every level.
  compressionPerLevel: ['SNAPPY_COMPRESSION'],
});

/** Where each knob comes from: the Flink config key when Flink sets it, else the RocksDB option. */
export const LSM_CONFIG_KEYS: Readonly<
  Record<keyof LsmConfig, { flinkKey: string | null; rocksDbOption: string }>
> = Object.freeze({
  writeBufferBytes: {
    flinkKey: 'state.backend.rocksdb.writebuffer.size',
    rocksDbOption: 'write_buffer_size',
  },
  maxWriteBufferNumber: {
    flinkKey: 'state.backend.rocksdb.writebuffer.count',
    rocksDbOption: 'max_write_buffer_number',
  },
  blockSizeBytes: {
    flinkKey: 'state.backend.rocksdb.block.blocksize',
    rocksDbOption: 'block_size',
  },
  level0FileNumCompactionTrigger: {
    flinkKey: null,
    rocksDbOption: 'level0_file_num_compaction_trigger',
  },
  maxBytesForLevelBase: {
    flinkKey: 'state.backend.rocksdb.compaction.level.max-size-level-base',
    rocksDbOption: 'max_bytes_for_level_base',
  },
  maxBytesForLevelMultiplier: { flinkKey: null, rocksDbOption: 'max_bytes_for_level_multiplier' },
  targetFileSizeBase: {
    flinkKey: 'state.backend.rocksdb.compaction.level.target-file-size-base',
    rocksDbOption: 'target_file_size_base',
  },
  numLevels: { flinkKey: null, rocksDbOption: 'num_levels' },
  compactionPri: { flinkKey: null, rocksDbOption: 'compaction_pri' },
  compressionPerLevel: {
    flinkKey: 'state.backend.rocksdb.compression.per.level',
    rocksDbOption: 'compression_per_level',
  },
});

const CONFIG_FIELDS = Object.keys(LSM_TEACHING_DEFAULTS) as (keyof LsmConfig)[];

/** Every problem with a config (empty when valid), phrased for the scenario author. */
export function lsmConfigProblems(config: unknown): string[] {
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    return [`LSM config must be an object, got ${describe(config)}`];
  const c = config as Record<string, unknown>;
  const problems: string[] = [];
  for (const k of Object.keys(c)) {
    if (!(CONFIG_FIELDS as string[]).includes(k))
      problems.push(`unknown LSM config field "${k}" (known: ${CONFIG_FIELDS.join(', ')})`);
  }
  const int = (field: keyof LsmConfig, min: number, why: string): void => {
    const v = c[field];
    if (typeof v !== 'number' || !Number.isSafeInteger(v))
      problems.push(`${field} must be an integer, got ${describe(v)}`);
    else if (v < min) problems.push(`${field} must be at least ${min} (${why}), got ${v}`);
  };
  int('writeBufferBytes', 64, 'a memtable must hold at least one small entry');
  int(
    'maxWriteBufferNumber',
    2,
    'RocksDB raises it to 2: one active memtable plus one being flushed',
  );
  int('blockSizeBytes', 16, 'a data block must hold at least one small entry');
  int('level0FileNumCompactionTrigger', 1, 'L0 compaction needs at least one file');
  int('maxBytesForLevelBase', 1, 'L1 needs a positive byte target');
  int('targetFileSizeBase', 1, 'compaction output files need a positive size');
  int('numLevels', 2, 'leveled compaction moves data from L0 into at least L1');
  const m = c.maxBytesForLevelMultiplier;
  if (typeof m !== 'number' || !Number.isFinite(m))
    problems.push(`maxBytesForLevelMultiplier must be a number, got ${describe(m)}`);
  else if (m < 1)
    problems.push(
      `maxBytesForLevelMultiplier must be at least 1 (deeper levels may not have smaller targets), got ${m}`,
    );
  const pri = c.compactionPri;
  if (pri !== 'minOverlappingRatio' && pri !== 'roundRobin')
    problems.push(
      `compactionPri must be "minOverlappingRatio" or "roundRobin", got ${describe(pri)}`,
    );
  problems.push(...compressionPerLevelProblems(c.compressionPerLevel));
  if (problems.length === 0 && (c.numLevels as number) > 64)
    problems.push(`numLevels must be at most 64, got ${String(c.numLevels)}`);
  return problems;
}

/** Problems with a `compression_per_level` list: Flink's names, of which this engine runs NO_COMPRESSION and SNAPPY_COMPRESSION. */
export function compressionPerLevelProblems(list: unknown): string[] {
  if (!Array.isArray(list) || list.length === 0)
    return [`compressionPerLevel must be a non-empty list of compression types, got ${describe(list)}`];
  const problems: string[] = [];
  list.forEach((t, i) => {
    if (typeof t === 'string' && (IMPLEMENTED_SST_COMPRESSIONS as readonly string[]).includes(t)) return;
    if (typeof t === 'string' && (ROCKSDB_COMPRESSION_TYPES as readonly string[]).includes(t))
      problems.push(
        `compressionPerLevel[${i}]: ${t} is a RocksDB compression Flink accepts, but this engine implements only ${IMPLEMENTED_SST_COMPRESSIONS.join(' and ')} (Snappy with a real codec)`,
      );
    else
      problems.push(
        `compressionPerLevel[${i}] must be one of ${ROCKSDB_COMPRESSION_TYPES.join(', ')}, got ${describe(t)}`,
      );
  });
  return problems;
}

/** RocksDB `ColumnFamilyOptions` sanity check on open: fills gaps from the teaching defaults and throws listing every problem. */
export function validateLsmConfig(config: Partial<LsmConfig> = {}): LsmConfig {
  const merged = { ...LSM_TEACHING_DEFAULTS, ...dropUndefined(config) };
  const problems = lsmConfigProblems(merged);
  if (problems.length > 0) throw new RangeError(`Invalid LSM config: ${problems.join('; ')}`);
  return merged;
}

/** RocksDB `MaxBytesForLevel` with static level sizes (Flink sets `use-dynamic-size` to false): L1 = base, Ln = base × multiplier^(n-1). */
export function levelTargetBytes(config: LsmConfig, level: number): number {
  if (level < 1)
    throw new RangeError(
      `levelTargetBytes: L0 is governed by a file count, not bytes (level ${level})`,
    );
  return Math.floor(
    config.maxBytesForLevelBase * Math.pow(config.maxBytesForLevelMultiplier, level - 1),
  );
}

function dropUndefined(o: object): object {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined)
    return String(v);
  return Array.isArray(v) ? 'an array' : typeof v;
}
