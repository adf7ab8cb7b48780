/**
 * Scenario format v1 (SCENARIO.md): a JSON document that fully determines a run. Every omitted
 * field takes Flink's default where Flink has one; sizes are the teaching engine's scaled-down
 * values (Flink's real ones are listed beside them in docs/scenario-format.md).
 *
 * `v.optional(schema, default)` runs the default through the schema, so an omitted object
 * (`v.optional(…, {})`) gets every default inside it.
 */
import * as v from 'valibot';
import { ROCKSDB_COMPRESSION_TYPES } from '../lsm/sstCompression';
import { actionSchema } from './actionSchema';
import { LEGACY_BACKENDS, TEACHING_MAX_STATE_SIZE } from './legacyBackends';
import { int, number, positive, strictObject, variant } from './validation';

export const SCENARIO_FORMAT = 'checkpoint-lab/scenario@1';

const operatorName = v.pipe(v.string(), v.regex(/^[A-Za-z][\w-]{0,31}$/, 'an operator name starts with a letter and has at most 32 letters, digits, "_" or "-"'));

export const stateKindSchema = v.picklist(['value', 'list', 'map', 'reducing', 'aggregating']);

const sourceSchema = variant('kind', [
  strictObject({
    kind: v.literal('generator'),
    keys: v.optional(int(1, 100_000), 20),
    ratePerSec: v.optional(positive(100_000), 50),
    valueBytes: v.optional(int(1, 4096), 16),
    /** 0 = uniform; larger values make a few keys hot (Zipf exponent). */
    skew: v.optional(number(0, 4), 0),
  }),
  strictObject({ kind: v.literal('script') }),
]);

const jobSchema = strictObject({
  parallelism: v.optional(int(1, 64), 2),
  /** Omitted: Flink's default, min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768). */
  maxParallelism: v.optional(int(1, 32768)),
  source: v.optional(sourceSchema, { kind: 'generator', keys: 20, ratePerSec: 50, valueBytes: 16, skew: 0 }),
  operators: v.optional(
    v.pipe(
      v.array(
        strictObject({
          name: operatorName,
          state: stateKindSchema,
          parallelism: v.optional(int(1, 64)),
          /** Simulated time a subtask spends on each record (0: instant). A slow operator back-pressures its inputs. */
          processingMs: v.optional(number(0, 10_000), 0),
        }),
      ),
      v.minLength(1),
      v.maxLength(8),
    ),
    [{ name: 'count', state: 'value', processingMs: 0 }],
  ),
  sink: v.optional(strictObject({ kind: v.optional(v.picklist(['transactional', 'plain']), 'transactional') }), { kind: 'transactional' }),
  /**
   * Records a network channel buffers (queued at the receiver or on the wire) before the sender
   * must wait for credit (Flink: 2 exclusive buffers per channel + 8 floating per gate, each 32 KB;
   * teaching: counted in records).
   */
  channelCapacity: v.optional(int(1, 10_000), 32),
  /**
   * Network buffers (Flink: a RecordWriter fills `taskmanager.memory.segment-size` buffers, 32 KB).
   * `recordsPerBuffer` > 1 moves records a buffer at a time: one step per buffer instead of one per
   * record hop, and channel credit counts `channelCapacity` buffers of that many records. Omitted
   * (or 1): every record travels alone, the exact per-record run.
   */
  network: v.optional(strictObject({ recordsPerBuffer: v.optional(int(1, 4096), 1) })),
  /** Slots per TaskManager: subtasks are placed into TaskManagers of this many slots. */
  slotsPerTaskManager: v.optional(int(1, 64), 2),
  /**
   * Operator (non-keyed) state beyond the source's split list (operatorStateOptions.ts). Omitted:
   * the source keeps its partitions as SPLIT_DISTRIBUTE list state and nothing holds broadcast state.
   */
  operatorState: v.optional(
    strictObject({
      /**
       * How the source keeps its partition offsets: `list` (getListState, SPLIT_DISTRIBUTE, as the
       * engine's default source) or `union` (getUnionListState, UNION: the legacy FlinkKafkaConsumer's
       * "topic-partition-offset-states"; every subtask restores all entries and keeps the partitions
       * KafkaTopicPartitionAssigner gives it).
       */
      sourceOffsets: v.optional(v.picklist(['list', 'union']), 'list'),
      /**
       * The first keyed operator also holds BROADCAST state: a rules stream, connected with
       * `broadcast(MapStateDescriptor)`, writes a rule into every subtask's broadcast state "rules".
       * The rules ride on partition 0: after each `everyRecords`-th record read from it, its reader
       * broadcasts a rule to every subtask of the operator.
       */
      broadcastRules: v.optional(strictObject({ everyRecords: v.optional(int(1, 1_000_000), 10) })),
    }),
  ),
});

const storageSchema = strictObject({
  latencyMs: v.optional(number(0, 60_000), 20),
  bytesPerMs: v.optional(positive(1e9), 1000),
});

const rocksdbSchema = strictObject({
  writeBufferBytes: v.optional(int(64, 1 << 26), 4096),
  maxWriteBufferNumber: v.optional(int(1, 16), 2),
  level0CompactionTrigger: v.optional(int(1, 64), 4),
  maxBytesForLevelBase: v.optional(int(256, 1 << 30), 16384),
  maxBytesForLevelMultiplier: v.optional(int(2, 100), 10),
  targetFileSizeBase: v.optional(int(256, 1 << 30), 4096),
  autoCompaction: v.optional(v.boolean(), true),
  /**
   * Flink: state.backend.rocksdb.compression.per.level, [SNAPPY_COMPRESSION]. Entry n for level n,
   * the last one for deeper levels. Every Flink name is accepted here; scenarioChecks refuses
   * those the engine does not run (all but NO_COMPRESSION and SNAPPY_COMPRESSION).
   */
  compressionPerLevel: v.optional(v.pipe(v.array(v.picklist(ROCKSDB_COMPRESSION_TYPES)), v.minLength(1), v.maxLength(16)), ['SNAPPY_COMPRESSION']),
});

const changelogSchema = strictObject({
  enabled: v.optional(v.boolean(), false),
  /** 0 = only by action. Flink: state.changelog.periodic-materialize.interval, 10 min. */
  materializationIntervalMs: v.optional(int(0, 1e9), 0),
  /** Flink: state.changelog.periodic-materialize.max-failures-allowed, 3. */
  maxFailuresAllowed: v.optional(int(0, 100), 3),
  /** Flink: dstl.dfs.batch.persist-delay, 10 ms. */
  persistDelayMs: v.optional(number(0, 60_000), 10),
  /** Flink: dstl.dfs.batch.persist-size-threshold, 10 MB (scaled). */
  persistSizeThresholdBytes: v.optional(int(16, 1 << 30), 640),
  /** Flink: state.changelog.max-failures / dstl.dfs.upload.max-attempts, 3. */
  uploadMaxAttempts: v.optional(int(1, 20), 3),
  /**
   * The per-TaskManager changelog file cache on restore (FLINK-27155, `ChangelogStreamHandleReaderWithCache`):
   * always on in Flink ≥ 1.16, which has no switch for it. `false` reproduces Flink 1.15's reader
   * (every read downloads the whole file again), kept for the read amplification of seed 000.
   */
  fileCache: v.optional(v.boolean(), true),
});

const stateBackendSchema = strictObject({
  type: v.optional(v.picklist(['hashmap', 'rocksdb']), 'hashmap'),
  /**
   * A pre-1.13 backend name (legacyBackends.ts): sets `type` and `checkpointStorage` to what it
   * became; parseScenario refuses a `type` or `checkpointStorage` that contradicts it.
   */
  legacy: v.optional(v.picklist(LEGACY_BACKENDS)),
  /** Flink: state.checkpoint-storage, `filesystem` here (a checkpoint directory is always configured) or `jobmanager`. */
  checkpointStorage: v.optional(v.picklist(['filesystem', 'jobmanager']), 'filesystem'),
  /** JobManagerCheckpointStorage's max state size per state stream (Flink: 5 MB; scaled to 5 KB). */
  maxStateSizeBytes: v.optional(int(64, 1 << 30), TEACHING_MAX_STATE_SIZE),
  /** Flink: execution.checkpointing.incremental (≤1.19 state.backend.incremental), false. */
  incremental: v.optional(v.boolean(), false),
  changelog: v.optional(changelogSchema, {}),
  rocksdb: v.optional(rocksdbSchema, {}),
  /** Flink: execution.checkpointing.snapshot-compression, false. */
  snapshotCompression: v.optional(v.boolean(), false),
  /**
   * Flink: execution.state-recovery.from-local (≤1.19 state.backend.local-recovery), false. Keyed
   * snapshots also keep a task-local copy on the TaskManager's disk; a task restarted in the same
   * slot restores from it instead of downloading (local backup, execution.checkpointing.local-backup.enabled,
   * falls back to this option).
   */
  localRecovery: v.optional(v.boolean(), false),
});

/** The Flink versions whose checkpoint bookkeeping differs (`checkpointing.flinkVersion`). */
export const FLINK_VERSIONS = ['1.15-1.20', '<=1.14'] as const;
export type FlinkVersion = (typeof FLINK_VERSIONS)[number];

const checkpointingSchema = strictObject({
  /** 0 = only by action. Flink: execution.checkpointing.interval (off by default). */
  intervalMs: v.optional(int(0, 1e9), 0),
  mode: v.optional(v.picklist(['exactly_once', 'at_least_once']), 'exactly_once'),
  unaligned: v.optional(v.boolean(), false),
  /** Flink: execution.checkpointing.aligned-checkpoint-timeout, 0 (never switch). */
  alignedCheckpointTimeoutMs: v.optional(int(0, 1e9), 0),
  /** Flink: execution.checkpointing.timeout, 10 min. */
  timeoutMs: v.optional(int(1, 1e9), 600_000),
  minPauseMs: v.optional(int(0, 1e9), 0),
  maxConcurrent: v.optional(int(1, 16), 1),
  tolerableFailed: v.optional(int(0, 1000), 0),
  /** Flink: execution.checkpointing.num-retained (≤1.19 state.checkpoints.num-retained), 1. */
  numRetained: v.optional(int(1, 100), 1),
  /**
   * Which Flink's checkpoint bookkeeping the engine models: '1.15-1.20' (the last-used-id shared
   * state registry; savepoints stay outside the completed checkpoint store and get no
   * notify-complete) or '<=1.14' (reference counting; savepoints are registered, join the store,
   * count toward num-retained and are notified). Files written before this field used
   * `registry: "refcount" | "last-used-id"`; parseScenario maps it (see legacyFields.ts).
   */
  flinkVersion: v.optional(v.picklist(FLINK_VERSIONS), '1.15-1.20'),
  /**
   * Flink: execution.checkpointing.externalized-checkpoint-retention (`ExternalizedCheckpointRetention`),
   * NO_EXTERNALIZED_CHECKPOINTS: whether a cancelled job's retained checkpoints stay in storage.
   */
  externalizedRetention: v.optional(v.picklist(['NO_EXTERNALIZED_CHECKPOINTS', 'DELETE_ON_CANCELLATION', 'RETAIN_ON_CANCELLATION']), 'NO_EXTERNALIZED_CHECKPOINTS'),
});

export const scenarioSchema = strictObject({
  format: v.literal(SCENARIO_FORMAT),
  title: v.optional(v.pipe(v.string(), v.maxLength(200)), 'Untitled scenario'),
  seed: v.optional(int(0, 0xffffffff), 1),
  job: v.optional(jobSchema, {}),
  storage: v.optional(storageSchema, {}),
  stateBackend: v.optional(stateBackendSchema, {}),
  checkpointing: v.optional(checkpointingSchema, {}),
  script: v.optional(v.pipe(v.array(actionSchema), v.maxLength(100_000)), []),
  untilMs: v.optional(int(1, 1e8), 10_000),
  /**
   * What the app showed when the file was exported: the step (`at`) and the actions done in the UI
   * (`branch`: each applied as step `step`, in order), so importing the file opens the same step of
   * the same branch, like a share link's `&at=`/`&branch=`. Not part of the run: the engine and the
   * headless runner ignore it; the app checks each action against the action schema when it replays
   * them.
   */
  view: v.optional(
    strictObject({
      at: int(0, 1e9),
      branch: v.optional(
        v.pipe(
          v.array(strictObject({ step: int(1, 1e9), action: v.pipe(v.record(v.string(), v.unknown()), v.description('a script action without atMs')) })),
          v.maxLength(10_000),
        ),
        [],
      ),
    }),
  ),
});

/** A scenario as written by a person (defaults may be omitted). */
export type ScenarioInput = v.InferInput<typeof scenarioSchema>;
/** A scenario with every default filled in: what the engine runs. */
export type Scenario = v.InferOutput<typeof scenarioSchema>;
