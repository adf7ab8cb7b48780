/** The scenario script: timed actions, one schema per `do` (SCENARIO.md, "Actions"). */
import * as v from 'valibot';
import { int, number, strictObject, variant } from './validation';

const taskName = v.pipe(v.string(), v.regex(/^[A-Za-z][\w-]*#\d+$/, 'a task name is <operator>#<subtaskIndex>, e.g. "count#0"'));
const recordKey = v.union([v.pipe(v.string(), v.maxLength(200)), int(-2147483648, 2147483647)]);
/** Checkpoint ids and file numbers count from 1. */
const positiveInt = int(1);

export const recordSchema = strictObject({
  key: recordKey,
  value: v.pipe(v.number(), v.finite()),
});

const at = { atMs: int(0, 1e9) };

/** Flink's `RestoreMode` (1.20; `RecoveryClaimMode` from 2.0): who owns a restored snapshot's files. LEGACY is deprecated. */
export const restoreModeSchema = v.picklist(['CLAIM', 'NO_CLAIM', 'LEGACY']);
export type RestoreModeName = v.InferOutput<typeof restoreModeSchema>;

export const actionSchema = variant('do', [
  strictObject({ ...at, do: v.literal('emit'), records: v.pipe(v.array(recordSchema), v.minLength(1), v.maxLength(10_000)), source: v.optional(taskName) }),
  strictObject({ ...at, do: v.literal('checkpoint'), id: v.optional(positiveInt) }),
  /** `format`: Flink's `SavepointFormatType` (`bin/flink savepoint --type canonical|native`, 1.15+); canonical by default. */
  strictObject({ ...at, do: v.literal('savepoint'), format: v.optional(v.picklist(['canonical', 'native'])) }),
  strictObject({ ...at, do: v.literal('flush'), task: taskName }),
  strictObject({ ...at, do: v.literal('compact'), task: taskName, files: v.pipe(v.array(positiveInt), v.minLength(1), v.maxLength(1000)) }),
  strictObject({ ...at, do: v.literal('materialize'), task: v.optional(taskName) }),
  strictObject({
    ...at,
    do: v.literal('fail'),
    task: taskName,
    /** `materialization`: during the task's next materialization (changelog backend). */
    phase: v.optional(v.picklist(['now', 'sync', 'async', 'before-ack', 'materialization']), 'now'),
  }),
  /**
   * TaskManager `taskManager` (0-based: `tm-<n>`) is lost with its slots and local disk; the job
   * fails over, and a replacement TaskManager with an empty disk takes its place.
   */
  strictObject({ ...at, do: v.literal('loseTaskManager'), taskManager: int(0, 63) }),
  strictObject({ ...at, do: v.literal('decline'), task: taskName, checkpoint: v.optional(positiveInt) }),
  strictObject({ ...at, do: v.literal('failUploads'), count: int(1, 1000), task: v.optional(taskName) }),
  /** Remote storage becomes `factor` times slower (latency and bandwidth) for `durationMs` (0: until the end). */
  strictObject({ ...at, do: v.literal('slowStorage'), factor: v.optional(number(1, 1000), 10), durationMs: v.optional(int(0, 1e9), 0) }),
  strictObject({
    ...at,
    do: v.literal('restore'),
    checkpoint: v.optional(v.union([v.literal('latest'), positiveInt]), 'latest'),
    parallelism: v.optional(int(1, 64)),
    changelog: v.optional(v.boolean()),
    /**
     * Submit a new job (new JobID) from the snapshot in this restore mode (Flink's
     * `execution.state-recovery.claim-mode`, default NO_CLAIM). Omitted: the job restarts from its
     * own checkpoint (a failover), or after a `cancel` a new job starts in NO_CLAIM mode.
     */
    mode: v.optional(restoreModeSchema),
  }),
  /** Cancel the job (`JobStatus.CANCELED`): checkpoints are kept or deleted per `checkpointing.externalizedRetention`. */
  strictObject({ ...at, do: v.literal('cancel') }),
  /**
   * Stop the job with a savepoint (`flink stop`): a synchronous savepoint, then the job is FINISHED.
   * `drain` (`--drain`): MAX_WATERMARK and end of input before the savepoint (TERMINATE), else SUSPEND.
   */
  strictObject({ ...at, do: v.literal('stop'), drain: v.optional(v.boolean(), false), format: v.optional(v.picklist(['canonical', 'native'])) }),
]);

export type ScenarioAction = v.InferOutput<typeof actionSchema>;
export type ScenarioRecord = v.InferOutput<typeof recordSchema>;
