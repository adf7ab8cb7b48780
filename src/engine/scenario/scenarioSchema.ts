/**
 * Scenario format v1 (SCENARIO.md): a JSON document that fully determines a run. Every omitted
 * field takes Flink's default where Flink has one; sizes are the teaching engine's scaled-down
 * values (Flink's real ones are listed beside them in docs/scenario-format.md).
 */
import { z } from './zodConfig';
import { actionSchema } from './actionSchema';

export const SCENARIO_FORMAT = 'checkpoint-lab/scenario@1';

const operatorName = z.string().regex(/^[A-Za-z][\w-]{0,31}$/, 'an operator name starts with a letter and has at most 32 letters, digits, "_" or "-"');

export const stateKindSchema = z.enum(['value', 'list', 'map', 'reducing', 'aggregating']);

const sourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('generator'),
    keys: z.number().int().min(1).max(100_000).default(20),
    ratePerSec: z.number().positive().max(100_000).default(50),
    valueBytes: z.number().int().min(1).max(4096).default(16),
    /** 0 = uniform; larger values make a few keys hot (Zipf exponent). */
    skew: z.number().min(0).max(4).default(0),
  }),
  z.strictObject({ kind: z.literal('script') }),
]);

const jobSchema = z.strictObject({
  parallelism: z.number().int().min(1).max(64).default(2),
  /** Omitted: Flink's default, min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768). */
  maxParallelism: z.number().int().min(1).max(32768).optional(),
  source: sourceSchema.default({ kind: 'generator', keys: 20, ratePerSec: 50, valueBytes: 16, skew: 0 }),
  operators: z
    .array(
      z.strictObject({
        name: operatorName,
        state: stateKindSchema,
        parallelism: z.number().int().min(1).max(64).optional(),
        /** Simulated time a subtask spends on each record (0: instant). A slow operator back-pressures its inputs. */
        processingMs: z.number().min(0).max(10_000).default(0),
      }),
    )
    .min(1)
    .max(8)
    .default([{ name: 'count', state: 'value', processingMs: 0 }]),
  sink: z.strictObject({ kind: z.enum(['transactional', 'plain']).default('transactional') }).default({ kind: 'transactional' }),
  /**
   * Records a network channel buffers (queued at the receiver or on the wire) before the sender
   * must wait for credit (Flink: 2 exclusive buffers per channel + 8 floating per gate, each 32 KB;
   * teaching: counted in records).
   */
  channelCapacity: z.number().int().min(1).max(10_000).default(32),
  /** Slots per TaskManager: subtasks are placed into TaskManagers of this many slots. */
  slotsPerTaskManager: z.number().int().min(1).max(64).default(2),
});

const storageSchema = z.strictObject({
  latencyMs: z.number().min(0).max(60_000).default(20),
  bytesPerMs: z.number().positive().max(1e9).default(1000),
});

const rocksdbSchema = z.strictObject({
  writeBufferBytes: z.number().int().min(64).max(1 << 26).default(4096),
  maxWriteBufferNumber: z.number().int().min(1).max(16).default(2),
  level0CompactionTrigger: z.number().int().min(1).max(64).default(4),
  maxBytesForLevelBase: z.number().int().min(256).max(1 << 30).default(16384),
  maxBytesForLevelMultiplier: z.number().int().min(2).max(100).default(10),
  targetFileSizeBase: z.number().int().min(256).max(1 << 30).default(4096),
  autoCompaction: z.boolean().default(true),
});

const changelogSchema = z.strictObject({
  enabled: z.boolean().default(false),
  /** 0 = only by action. Flink: state.changelog.periodic-materialize.interval, 10 min. */
  materializationIntervalMs: z.number().int().min(0).max(1e9).default(0),
  /** Flink: state.changelog.periodic-materialize.max-failures-allowed, 3. */
  maxFailuresAllowed: z.number().int().min(0).max(100).default(3),
  /** Flink: dstl.dfs.batch.persist-delay, 10 ms. */
  persistDelayMs: z.number().min(0).max(60_000).default(10),
  /** Flink: dstl.dfs.batch.persist-size-threshold, 10 MB (scaled). */
  persistSizeThresholdBytes: z.number().int().min(16).max(1 << 30).default(640),
  /** Flink: state.changelog.max-failures / dstl.dfs.upload.max-attempts, 3. */
  uploadMaxAttempts: z.number().int().min(1).max(20).default(3),
  /** Per-TaskManager changelog file cache on restore (FLINK-27155). */
  fileCache: z.boolean().default(false),
});

const stateBackendSchema = z.strictObject({
  type: z.enum(['hashmap', 'rocksdb']).default('hashmap'),
  /** Flink: execution.checkpointing.incremental (≤1.19 state.backend.incremental), false. */
  incremental: z.boolean().default(false),
  changelog: changelogSchema.prefault({}),
  rocksdb: rocksdbSchema.prefault({}),
  /** Flink: execution.checkpointing.snapshot-compression, false. */
  snapshotCompression: z.boolean().default(false),
});

const checkpointingSchema = z.strictObject({
  /** 0 = only by action. Flink: execution.checkpointing.interval (off by default). */
  intervalMs: z.number().int().min(0).max(1e9).default(0),
  mode: z.enum(['exactly_once', 'at_least_once']).default('exactly_once'),
  unaligned: z.boolean().default(false),
  /** Flink: execution.checkpointing.aligned-checkpoint-timeout, 0 (never switch). */
  alignedCheckpointTimeoutMs: z.number().int().min(0).max(1e9).default(0),
  /** Flink: execution.checkpointing.timeout, 10 min. */
  timeoutMs: z.number().int().min(1).max(1e9).default(600_000),
  minPauseMs: z.number().int().min(0).max(1e9).default(0),
  maxConcurrent: z.number().int().min(1).max(16).default(1),
  tolerableFailed: z.number().int().min(0).max(1000).default(0),
  /** Flink: execution.checkpointing.num-retained (≤1.19 state.checkpoints.num-retained), 1. */
  numRetained: z.number().int().min(1).max(100).default(1),
  registry: z.enum(['last-used-id', 'refcount']).default('last-used-id'),
});

export const scenarioSchema = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  title: z.string().max(200).default('Untitled scenario'),
  seed: z.number().int().min(0).max(0xffffffff).default(1),
  job: jobSchema.prefault({}),
  storage: storageSchema.prefault({}),
  stateBackend: stateBackendSchema.prefault({}),
  checkpointing: checkpointingSchema.prefault({}),
  script: z.array(actionSchema).max(100_000).default([]),
  untilMs: z.number().int().min(1).max(1e8).default(10_000),
});

/** A scenario as written by a person (defaults may be omitted). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
/** A scenario with every default filled in: what the engine runs. */
export type Scenario = z.output<typeof scenarioSchema>;
