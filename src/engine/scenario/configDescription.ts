/**
 * The configuration of a scenario as Flink names it: each setting's Flink key, the value this
 * (teaching) run uses, and Flink's real default beside it. Sizes are scaled down and times
 * compressed in the teaching engine; this table is where the UI says so.
 */
import { DSTL_FLINK_DEFAULTS, DSTL_TEACHING_DEFAULTS } from '../changelog/dstl/dstlOptions';
import { LSM_FLINK_DEFAULTS, LSM_TEACHING_DEFAULTS } from '../lsm';
import { FLINK_DEFAULT_MAX_STATE_SIZE, legacyBackendBecame } from './legacyBackends';
import { effectiveMaxParallelism } from './scenarioChecks';
import type { Scenario } from './scenarioSchema';

export interface ConfigRow {
  group: 'job' | 'stateBackend' | 'changelog' | 'rocksdb' | 'checkpointing' | 'storage';
  /** Flink's configuration key (or the RocksDB option Flink leaves at RocksDB's default). */
  key: string;
  value: string;
  flinkDefault: string;
  /** True when the teaching engine scales the value down (sizes) or compresses it (times). */
  scaled: boolean;
}

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${n / 1024 / 1024} MB`;
  if (n >= 1024) return `${n / 1024} KB`;
  return `${n} B`;
}

function ms(n: number): string {
  if (n >= 60_000 && n % 60_000 === 0) return `${n / 60_000} min`;
  if (n >= 1000 && n % 1000 === 0) return `${n / 1000} s`;
  return `${n} ms`;
}

/** Rows describing `s` next to Flink's defaults. */
export function describeConfig(s: Scenario): ConfigRow[] {
  const cp = s.checkpointing;
  const sb = s.stateBackend;
  const r = sb.rocksdb;
  const rows: ConfigRow[] = [
    { group: 'job', key: 'parallelism.default', value: String(s.job.parallelism), flinkDefault: '1', scaled: false },
    { group: 'job', key: 'pipeline.max-parallelism', value: String(effectiveMaxParallelism(s)), flinkDefault: 'min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768)', scaled: false },
    { group: 'stateBackend', key: 'state.backend.type', value: sb.legacy ? `${sb.type} (${sb.legacy} = ${legacyBackendBecame(sb.legacy)})` : sb.type, flinkDefault: 'hashmap', scaled: false },
    { group: 'stateBackend', key: 'state.checkpoint-storage', value: sb.checkpointStorage, flinkDefault: 'filesystem (with state.checkpoints.dir)', scaled: false },
    { group: 'stateBackend', key: 'execution.checkpointing.incremental', value: String(sb.incremental), flinkDefault: 'false', scaled: false },
    { group: 'stateBackend', key: 'execution.checkpointing.snapshot-compression', value: String(sb.snapshotCompression), flinkDefault: 'false', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.interval', value: cp.intervalMs > 0 ? ms(cp.intervalMs) : 'off (by action)', flinkDefault: 'off', scaled: cp.intervalMs > 0 },
    { group: 'checkpointing', key: 'execution.checkpointing.mode', value: cp.mode.toUpperCase(), flinkDefault: 'EXACTLY_ONCE', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.timeout', value: ms(cp.timeoutMs), flinkDefault: '10 min', scaled: cp.timeoutMs !== 600_000 },
    { group: 'checkpointing', key: 'execution.checkpointing.min-pause', value: ms(cp.minPauseMs), flinkDefault: '0 ms', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.max-concurrent-checkpoints', value: String(cp.maxConcurrent), flinkDefault: '1', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.tolerable-failed-checkpoints', value: String(cp.tolerableFailed), flinkDefault: '0', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.num-retained', value: String(cp.numRetained), flinkDefault: '1', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.externalized-checkpoint-retention', value: cp.externalizedRetention, flinkDefault: 'NO_EXTERNALIZED_CHECKPOINTS', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.unaligned.enabled', value: String(cp.unaligned), flinkDefault: 'false', scaled: false },
    { group: 'checkpointing', key: 'execution.checkpointing.aligned-checkpoint-timeout', value: ms(cp.alignedCheckpointTimeoutMs), flinkDefault: '0 ms', scaled: false },
    {
      group: 'checkpointing',
      key: 'Flink version modelled',
      value: cp.flinkVersion === '<=1.14' ? '≤1.14: reference-counting registry; savepoints join the store and are notified' : '1.15–1.20: last-used-id registry; savepoints kept apart, not notified',
      flinkDefault: '1.15–1.20',
      scaled: false,
    },
    { group: 'storage', key: 'remote storage latency / bandwidth', value: `${ms(s.storage.latencyMs)} + ${s.storage.bytesPerMs} B/ms`, flinkDefault: 'your DFS or object store', scaled: true },
  ];
  if (sb.checkpointStorage === 'jobmanager')
    rows.push({ group: 'stateBackend', key: 'JobManagerCheckpointStorage max state size (MemoryStateBackend.DEFAULT_MAX_STATE_SIZE)', value: bytes(sb.maxStateSizeBytes), flinkDefault: bytes(FLINK_DEFAULT_MAX_STATE_SIZE), scaled: true });
  const c = sb.changelog;
  rows.push({ group: 'changelog', key: 'state.backend.changelog.enabled', value: String(c.enabled), flinkDefault: 'false', scaled: false });
  if (c.enabled) {
    rows.push(
      { group: 'changelog', key: 'state.changelog.periodic-materialize.interval', value: c.materializationIntervalMs > 0 ? ms(c.materializationIntervalMs) : 'off (by action)', flinkDefault: '10 min', scaled: c.materializationIntervalMs > 0 },
      { group: 'changelog', key: 'state.changelog.periodic-materialize.max-failures-allowed', value: String(c.maxFailuresAllowed), flinkDefault: '3', scaled: false },
      { group: 'changelog', key: 'state.changelog.dstl.dfs.batch.persist-delay', value: ms(c.persistDelayMs), flinkDefault: '10 ms', scaled: false },
      { group: 'changelog', key: 'state.changelog.dstl.dfs.batch.persist-size-threshold', value: bytes(c.persistSizeThresholdBytes), flinkDefault: bytes(DSTL_FLINK_DEFAULTS.persistSizeThresholdBytes), scaled: true },
      { group: 'changelog', key: 'state.changelog.dstl.dfs.preemptive-persist-threshold', value: bytes(DSTL_TEACHING_DEFAULTS.preEmptivePersistThresholdBytes), flinkDefault: bytes(DSTL_FLINK_DEFAULTS.preEmptivePersistThresholdBytes), scaled: true },
      { group: 'changelog', key: 'state.changelog.dstl.dfs.upload.max-attempts', value: String(c.uploadMaxAttempts), flinkDefault: '3', scaled: false },
      { group: 'changelog', key: 'changelog restore file cache (ChangelogStreamHandleReaderWithCache, FLINK-27155; no Flink option)', value: c.fileCache ? 'on' : 'off (Flink 1.15 reader)', flinkDefault: 'always on (1.16+)', scaled: false },
    );
  }
  if (sb.type === 'rocksdb') {
    rows.push(
      { group: 'rocksdb', key: 'state.backend.rocksdb.writebuffer.size', value: bytes(r.writeBufferBytes), flinkDefault: bytes(LSM_FLINK_DEFAULTS.writeBufferBytes), scaled: true },
      { group: 'rocksdb', key: 'state.backend.rocksdb.writebuffer.count', value: String(r.maxWriteBufferNumber), flinkDefault: String(LSM_FLINK_DEFAULTS.maxWriteBufferNumber), scaled: false },
      { group: 'rocksdb', key: 'state.backend.rocksdb.block.blocksize', value: bytes(LSM_TEACHING_DEFAULTS.blockSizeBytes), flinkDefault: bytes(LSM_FLINK_DEFAULTS.blockSizeBytes), scaled: true },
      { group: 'rocksdb', key: 'level0_file_num_compaction_trigger (RocksDB)', value: String(r.level0CompactionTrigger), flinkDefault: String(LSM_FLINK_DEFAULTS.level0FileNumCompactionTrigger), scaled: false },
      { group: 'rocksdb', key: 'state.backend.rocksdb.compaction.level.max-size-level-base', value: bytes(r.maxBytesForLevelBase), flinkDefault: bytes(LSM_FLINK_DEFAULTS.maxBytesForLevelBase), scaled: true },
      { group: 'rocksdb', key: 'max_bytes_for_level_multiplier (RocksDB)', value: String(r.maxBytesForLevelMultiplier), flinkDefault: String(LSM_FLINK_DEFAULTS.maxBytesForLevelMultiplier), scaled: false },
      { group: 'rocksdb', key: 'state.backend.rocksdb.compaction.level.target-file-size-base', value: bytes(r.targetFileSizeBase), flinkDefault: bytes(LSM_FLINK_DEFAULTS.targetFileSizeBase), scaled: true },
      { group: 'rocksdb', key: 'state.backend.rocksdb.compression.per.level', value: r.compressionPerLevel.join(';'), flinkDefault: LSM_FLINK_DEFAULTS.compressionPerLevel.join(';'), scaled: false },
    );
  }
  return rows;
}
