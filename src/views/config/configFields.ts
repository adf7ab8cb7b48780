/**
 * Every setting of the scenario format the configuration form edits, in the order it shows
 * them: the field path in the document, the Flink key it models (null for the teaching
 * engine's own settings), Flink's real default, and whether this run's value is a teaching
 * value (sizes scaled down, times compressed). The script is edited as JSON (import), not here.
 * A test checks that every setting of the schema has a field.
 */
import { LSM_FLINK_DEFAULTS } from '../../engine';
import type { MessageKey } from '../../i18n/messages';

export type FieldPath = readonly (string | number)[];
/** A scenario being edited: the document as JSON, possibly invalid. */
export type Draft = Record<string, unknown>;

export type FieldInput = 'int' | 'number' | 'optionalInt' | 'bool' | 'enum' | 'text';
export type FieldGroup =
  | 'scenario'
  | 'job'
  | 'source'
  | 'operators'
  | 'storage'
  | 'stateBackend'
  | 'changelog'
  | 'rocksdb'
  | 'checkpointing';
export type FieldUnit = 'ms' | 'bytes' | 'bytesPerMs' | 'perSec';

export interface ConfigField {
  path: FieldPath;
  group: FieldGroup;
  input: FieldInput;
  options?: readonly string[];
  /** Flink's configuration key (or the RocksDB option Flink leaves at RocksDB's default); null: the engine's own setting. */
  flinkKey: string | null;
  /** What the setting is, in words (always shown; the only name when there is no Flink key). */
  label: MessageKey;
  /** Flink's real default; null when Flink has no such option. */
  flinkDefault: string | null;
  unit?: FieldUnit;
  /** True when this run's value is a teaching value rather than one to use in production. */
  scaled?: (value: unknown) => boolean;
  /** Shown only when this holds (RocksDB options only with RocksDB, …); hidden values are kept. */
  shownWhen?: (draft: Draft) => boolean;
}

const MB = 1024 * 1024;
const always = () => true;
const positive = (v: unknown) => typeof v === 'number' && v > 0;

function at(d: unknown, ...path: string[]): unknown {
  let v = d;
  for (const p of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}
const isRocksDb = (d: Draft) => at(d, 'stateBackend', 'type') === 'rocksdb';
const changelogOn = (d: Draft) => at(d, 'stateBackend', 'changelog', 'enabled') === true;
const generatorSource = (d: Draft) =>
  (at(d, 'job', 'source', 'kind') ?? 'generator') === 'generator';

const f = (path: FieldPath, rest: Omit<ConfigField, 'path'>): ConfigField => ({ path, ...rest });
const sb = (...p: string[]): FieldPath => ['stateBackend', ...p];
const cp = (p: string): FieldPath => ['checkpointing', p];

/** The fixed fields (operators are added per operator by operatorFields). */
export const CONFIG_FIELDS: readonly ConfigField[] = [
  f(['title'], {
    group: 'scenario',
    input: 'text',
    flinkKey: null,
    label: 'cfgTitle',
    flinkDefault: null,
  }),
  f(['seed'], {
    group: 'scenario',
    input: 'int',
    flinkKey: null,
    label: 'cfgSeed',
    flinkDefault: null,
  }),
  f(['untilMs'], {
    group: 'scenario',
    input: 'int',
    unit: 'ms',
    flinkKey: null,
    label: 'cfgUntil',
    flinkDefault: null,
  }),

  f(['job', 'parallelism'], {
    group: 'job',
    input: 'int',
    flinkKey: 'parallelism.default',
    label: 'cfgParallelism',
    flinkDefault: '1',
  }),
  f(['job', 'maxParallelism'], {
    group: 'job',
    input: 'optionalInt',
    flinkKey: 'pipeline.max-parallelism',
    label: 'cfgMaxParallelism',
    flinkDefault: 'min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768)',
  }),
  f(['job', 'slotsPerTaskManager'], {
    group: 'job',
    input: 'int',
    flinkKey: 'taskmanager.numberOfTaskSlots',
    label: 'cfgSlots',
    flinkDefault: '1',
  }),
  f(['job', 'channelCapacity'], {
    group: 'job',
    input: 'int',
    flinkKey: 'taskmanager.network.memory.buffers-per-channel',
    label: 'cfgChannelCapacity',
    flinkDefault: '2 (+ 8 floating per gate), 32 KB each',
  }),
  f(['job', 'sink', 'kind'], {
    group: 'job',
    input: 'enum',
    options: ['transactional', 'plain'],
    flinkKey: null,
    label: 'cfgSink',
    flinkDefault: null,
  }),

  f(['job', 'source', 'kind'], {
    group: 'source',
    input: 'enum',
    options: ['generator', 'script'],
    flinkKey: null,
    label: 'cfgSourceKind',
    flinkDefault: null,
  }),
  f(['job', 'source', 'keys'], {
    group: 'source',
    input: 'int',
    flinkKey: null,
    label: 'cfgSourceKeys',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),
  f(['job', 'source', 'ratePerSec'], {
    group: 'source',
    input: 'number',
    unit: 'perSec',
    flinkKey: null,
    label: 'cfgSourceRate',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),
  f(['job', 'source', 'valueBytes'], {
    group: 'source',
    input: 'int',
    unit: 'bytes',
    flinkKey: null,
    label: 'cfgSourceValueBytes',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),
  f(['job', 'source', 'skew'], {
    group: 'source',
    input: 'number',
    flinkKey: null,
    label: 'cfgSourceSkew',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),

  f(['storage', 'latencyMs'], {
    group: 'storage',
    input: 'number',
    unit: 'ms',
    flinkKey: null,
    label: 'cfgStorageLatency',
    flinkDefault: null,
    scaled: always,
  }),
  f(['storage', 'bytesPerMs'], {
    group: 'storage',
    input: 'number',
    unit: 'bytesPerMs',
    flinkKey: null,
    label: 'cfgStorageBandwidth',
    flinkDefault: null,
    scaled: always,
  }),

  f(sb('type'), {
    group: 'stateBackend',
    input: 'enum',
    options: ['hashmap', 'rocksdb'],
    flinkKey: 'state.backend.type',
    label: 'cfgBackendType',
    flinkDefault: 'hashmap',
  }),
  f(sb('incremental'), {
    group: 'stateBackend',
    input: 'bool',
    flinkKey: 'execution.checkpointing.incremental',
    label: 'cfgIncremental',
    flinkDefault: 'false',
  }),
  f(sb('snapshotCompression'), {
    group: 'stateBackend',
    input: 'bool',
    flinkKey: 'execution.checkpointing.snapshot-compression',
    label: 'cfgCompression',
    flinkDefault: 'false',
  }),

  f(sb('changelog', 'enabled'), {
    group: 'changelog',
    input: 'bool',
    flinkKey: 'state.backend.changelog.enabled',
    label: 'cfgChangelog',
    flinkDefault: 'false',
  }),
  f(sb('changelog', 'materializationIntervalMs'), {
    group: 'changelog',
    input: 'int',
    unit: 'ms',
    flinkKey: 'state.changelog.periodic-materialize.interval',
    label: 'cfgMaterializeInterval',
    flinkDefault: '10 min',
    scaled: positive,
    shownWhen: changelogOn,
  }),
  f(sb('changelog', 'maxFailuresAllowed'), {
    group: 'changelog',
    input: 'int',
    flinkKey: 'state.changelog.periodic-materialize.max-failures-allowed',
    label: 'cfgMaterializeFailures',
    flinkDefault: '3',
    shownWhen: changelogOn,
  }),
  f(sb('changelog', 'persistDelayMs'), {
    group: 'changelog',
    input: 'number',
    unit: 'ms',
    flinkKey: 'dstl.dfs.batch.persist-delay',
    label: 'cfgPersistDelay',
    flinkDefault: '10 ms',
    shownWhen: changelogOn,
  }),
  f(sb('changelog', 'persistSizeThresholdBytes'), {
    group: 'changelog',
    input: 'int',
    unit: 'bytes',
    flinkKey: 'dstl.dfs.batch.persist-size-threshold',
    label: 'cfgPersistSize',
    flinkDefault: '10 MB',
    scaled: always,
    shownWhen: changelogOn,
  }),
  f(sb('changelog', 'uploadMaxAttempts'), {
    group: 'changelog',
    input: 'int',
    flinkKey: 'dstl.dfs.upload.max-attempts',
    label: 'cfgUploadAttempts',
    flinkDefault: '3',
    shownWhen: changelogOn,
  }),
  f(sb('changelog', 'fileCache'), {
    group: 'changelog',
    input: 'bool',
    flinkKey: null,
    label: 'cfgFileCache',
    flinkDefault: null,
    shownWhen: changelogOn,
  }),

  f(sb('rocksdb', 'writeBufferBytes'), {
    group: 'rocksdb',
    input: 'int',
    unit: 'bytes',
    flinkKey: 'state.backend.rocksdb.writebuffer.size',
    label: 'cfgWriteBuffer',
    flinkDefault: `${LSM_FLINK_DEFAULTS.writeBufferBytes / MB} MB`,
    scaled: always,
    shownWhen: isRocksDb,
  }),
  f(sb('rocksdb', 'maxWriteBufferNumber'), {
    group: 'rocksdb',
    input: 'int',
    flinkKey: 'state.backend.rocksdb.writebuffer.count',
    label: 'cfgWriteBufferCount',
    flinkDefault: String(LSM_FLINK_DEFAULTS.maxWriteBufferNumber),
    shownWhen: isRocksDb,
  }),
  f(sb('rocksdb', 'level0CompactionTrigger'), {
    group: 'rocksdb',
    input: 'int',
    flinkKey: 'level0_file_num_compaction_trigger (RocksDB)',
    label: 'cfgL0Trigger',
    flinkDefault: String(LSM_FLINK_DEFAULTS.level0FileNumCompactionTrigger),
    shownWhen: isRocksDb,
  }),
  f(sb('rocksdb', 'maxBytesForLevelBase'), {
    group: 'rocksdb',
    input: 'int',
    unit: 'bytes',
    flinkKey: 'state.backend.rocksdb.compaction.level.max-size-level-base',
    label: 'cfgLevelBase',
    flinkDefault: `${LSM_FLINK_DEFAULTS.maxBytesForLevelBase / MB} MB`,
    scaled: always,
    shownWhen: isRocksDb,
  }),
  f(sb('rocksdb', 'maxBytesForLevelMultiplier'), {
    group: 'rocksdb',
    input: 'int',
    flinkKey: 'max_bytes_for_level_multiplier (RocksDB)',
    label: 'cfgLevelMultiplier',
    flinkDefault: String(LSM_FLINK_DEFAULTS.maxBytesForLevelMultiplier),
    shownWhen: isRocksDb,
  }),
  f(sb('rocksdb', 'targetFileSizeBase'), {
    group: 'rocksdb',
    input: 'int',
    unit: 'bytes',
    flinkKey: 'state.backend.rocksdb.compaction.level.target-file-size-base',
    label: 'cfgTargetFileSize',
    flinkDefault: `${LSM_FLINK_DEFAULTS.targetFileSizeBase / MB} MB`,
    scaled: always,
    shownWhen: isRocksDb,
  }),
  f(sb('rocksdb', 'autoCompaction'), {
    group: 'rocksdb',
    input: 'bool',
    flinkKey: null,
    label: 'cfgAutoCompaction',
    flinkDefault: null,
    shownWhen: isRocksDb,
  }),

  f(cp('intervalMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.interval',
    label: 'cfgInterval',
    flinkDefault: 'off',
    scaled: positive,
  }),
  f(cp('mode'), {
    group: 'checkpointing',
    input: 'enum',
    options: ['exactly_once', 'at_least_once'],
    flinkKey: 'execution.checkpointing.mode',
    label: 'cfgMode',
    flinkDefault: 'EXACTLY_ONCE',
  }),
  f(cp('unaligned'), {
    group: 'checkpointing',
    input: 'bool',
    flinkKey: 'execution.checkpointing.unaligned.enabled',
    label: 'cfgUnaligned',
    flinkDefault: 'false',
  }),
  f(cp('alignedCheckpointTimeoutMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.aligned-checkpoint-timeout',
    label: 'cfgAlignedTimeout',
    flinkDefault: '0 ms',
  }),
  f(cp('timeoutMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.timeout',
    label: 'cfgTimeout',
    flinkDefault: '10 min',
    scaled: (v) => v !== 600_000,
  }),
  f(cp('minPauseMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.min-pause',
    label: 'cfgMinPause',
    flinkDefault: '0 ms',
  }),
  f(cp('maxConcurrent'), {
    group: 'checkpointing',
    input: 'int',
    flinkKey: 'execution.checkpointing.max-concurrent-checkpoints',
    label: 'cfgMaxConcurrent',
    flinkDefault: '1',
  }),
  f(cp('tolerableFailed'), {
    group: 'checkpointing',
    input: 'int',
    flinkKey: 'execution.checkpointing.tolerable-failed-checkpoints',
    label: 'cfgTolerableFailed',
    flinkDefault: '0',
  }),
  f(cp('numRetained'), {
    group: 'checkpointing',
    input: 'int',
    flinkKey: 'execution.checkpointing.num-retained',
    label: 'cfgNumRetained',
    flinkDefault: '1',
  }),
  f(cp('registry'), {
    group: 'checkpointing',
    input: 'enum',
    options: ['last-used-id', 'refcount'],
    flinkKey: null,
    label: 'cfgRegistry',
    flinkDefault: 'last-used-id (≥ 1.15)',
  }),
];

/** Name, state kind and parallelism of each keyed operator in the draft. */
export function operatorFields(draft: Draft): ConfigField[] {
  const ops = at(draft, 'job', 'operators');
  if (!Array.isArray(ops)) return [];
  return ops.flatMap((_, i): ConfigField[] => [
    f(['job', 'operators', i, 'name'], {
      group: 'operators',
      input: 'text',
      flinkKey: null,
      label: 'cfgOperatorName',
      flinkDefault: null,
    }),
    f(['job', 'operators', i, 'state'], {
      group: 'operators',
      input: 'enum',
      options: ['value', 'list', 'map', 'reducing', 'aggregating'],
      flinkKey: null,
      label: 'cfgOperatorState',
      flinkDefault: null,
    }),
    f(['job', 'operators', i, 'parallelism'], {
      group: 'operators',
      input: 'optionalInt',
      flinkKey: null,
      label: 'cfgOperatorParallelism',
      flinkDefault: null,
    }),
    f(['job', 'operators', i, 'processingMs'], {
      group: 'operators',
      input: 'number',
      flinkKey: null,
      label: 'cfgOperatorProcessingMs',
      flinkDefault: null,
    }),
  ]);
}

export const GROUP_ORDER: readonly FieldGroup[] = [
  'scenario',
  'job',
  'operators',
  'source',
  'stateBackend',
  'rocksdb',
  'changelog',
  'checkpointing',
  'storage',
];

/** Every field for the draft, in group order. */
export function fieldsFor(draft: Draft): ConfigField[] {
  const all = [...CONFIG_FIELDS, ...operatorFields(draft)];
  return GROUP_ORDER.flatMap((g) => all.filter((x) => x.group === g));
}
