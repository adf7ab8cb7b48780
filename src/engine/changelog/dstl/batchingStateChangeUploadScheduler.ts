/**
 * Flink's `BatchingStateChangeUploadScheduler`, one per TaskManager: it collects the upload tasks of
 * every writer (operator subtask) on the TaskManager and writes them into ONE file, so a TaskManager
 * with many operators does not create one small file per operator per checkpoint. A batch is written
 * when `persist-delay` has passed since the first waiting task, or at once when the waiting bytes
 * reach `persist-size-threshold`. `UploadThrottle` caps the bytes in flight; `RetryingExecutor`
 * retries a failed file write up to `upload.max-attempts` times, each attempt into a new file.
 *
 * Plain data; the functions say what to do (upload now, at a time) and build the file's bytes.
 * The simulation writes the file and feeds the outcome back through retryingUpload.ts.
 */
import { writeChangelogFile } from './changelogFile';
import type { DstlOptions } from './dstlOptions';
import { uploadAttemptOf, type InFlightUpload, type UploadAttempt } from './inFlightUpload';
import type { RetryPolicy } from './retryPolicy';
import type { UploadTask } from './uploadTask';

/** `BatchingStateChangeUploadScheduler` of one TaskManager, as plain data. */
export interface BatchingStateChangeUploadSchedulerState {
  readonly taskManager: string;
  readonly persistDelayMs: number;
  readonly persistSizeThresholdBytes: number;
  readonly maxBytesInFlight: number;
  readonly compression: boolean;
  readonly retryPolicy: RetryPolicy;
  scheduled: UploadTask[];
  /** `scheduledBytesCounter`. */
  scheduledBytes: number;
  /** When the one pending drain (`scheduledFuture`) fires, or null if none is pending. */
  drainAtMs: number | null;
  /** `UploadThrottle#inFlightBytesCounter`: seized on schedule, released when the batch ends. */
  inFlightBytes: number;
  inFlight: InFlightUpload[];
  nextBatchId: number;
  /** `ChangelogStorage.numberOfUploadRequests`: one per attempt. */
  uploadRequests: number;
  /** `ChangelogStorage.numberOfUploadFailures`: failed attempts. */
  uploadFailures: number;
  /** Batches given up after the last attempt (their checkpoints fail). */
  uploadsGivenUp: number;
  /** Bytes of files written successfully. */
  uploadedBytes: number;
  /** `ChangelogStorage.uploadBatchSizes`, last value: tasks in the last batch. */
  lastBatchSize: number;
}

/** `new BatchingStateChangeUploadScheduler(...)`; Flink requires threshold ≤ max in flight. */
export function createBatchingUploadScheduler(
  taskManager: string,
  options: Pick<
    DstlOptions,
    | 'persistDelayMs'
    | 'persistSizeThresholdBytes'
    | 'maxBytesInFlight'
    | 'compression'
    | 'retryPolicy'
  >,
): BatchingStateChangeUploadSchedulerState {
  const { persistDelayMs, persistSizeThresholdBytes, maxBytesInFlight } = options;
  if (!(persistDelayMs >= 0))
    throw new RangeError(
      `upload scheduler of ${taskManager}: persistDelayMs must be ≥ 0, got ${persistDelayMs}`,
    );
  if (!(persistSizeThresholdBytes > 0)) {
    throw new RangeError(
      `upload scheduler of ${taskManager}: persistSizeThresholdBytes must be > 0, got ${persistSizeThresholdBytes}`,
    );
  }
  if (!(persistSizeThresholdBytes <= maxBytesInFlight)) {
    throw new RangeError(
      `upload scheduler of ${taskManager}: sizeThresholdBytes (${persistSizeThresholdBytes}) must not exceed maxBytesInFlight (${maxBytesInFlight})`,
    );
  }
  return {
    taskManager,
    persistDelayMs,
    persistSizeThresholdBytes,
    maxBytesInFlight,
    compression: options.compression,
    retryPolicy: options.retryPolicy,
    scheduled: [],
    scheduledBytes: 0,
    drainAtMs: null,
    inFlightBytes: 0,
    inFlight: [],
    nextBatchId: 1,
    uploadRequests: 0,
    uploadFailures: 0,
    uploadsGivenUp: 0,
    uploadedBytes: 0,
    lastBatchSize: 0,
  };
}

/** What `schedule` decided. */
export interface ScheduleDecision {
  /** Drain now: the size threshold is reached (or the delay is 0); any pending drain is cancelled. */
  readonly uploadNow: boolean;
  /** When the pending drain fires (null if `uploadNow`). Only the first waiting task starts the timer. */
  readonly drainAtMs: number | null;
  /**
   * `UploadThrottle#hasCapacity` is false after this task: Flink marks the storage unavailable,
   * which back-pressures the task, and blocks the next `upload` call until capacity is released.
   */
  readonly backPressured: boolean;
}

/** `UploadThrottle#hasCapacity`. */
export function hasCapacity(s: BatchingStateChangeUploadSchedulerState): boolean {
  return s.inFlightBytes < s.maxBytesInFlight;
}

/** `BatchingStateChangeUploadScheduler#upload` + `scheduleUploadIfNeeded`. */
export function schedule(
  s: BatchingStateChangeUploadSchedulerState,
  task: UploadTask,
  nowMs: number,
): ScheduleDecision {
  if (task.changeSets.length === 0)
    throw new RangeError(
      `upload scheduler of ${s.taskManager}: empty upload task from '${task.logId}'`,
    );
  s.inFlightBytes += task.sizeBytes;
  s.scheduledBytes += task.sizeBytes;
  s.scheduled.push(task);
  const backPressured = !hasCapacity(s);
  if (s.persistDelayMs === 0 || s.scheduledBytes >= s.persistSizeThresholdBytes) {
    s.drainAtMs = null;
    return { uploadNow: true, drainAtMs: null, backPressured };
  }
  if (s.drainAtMs === null) s.drainAtMs = nowMs + s.persistDelayMs;
  return { uploadNow: false, drainAtMs: s.drainAtMs, backPressured };
}

/**
 * Whether the pending drain is due at `nowMs`. A timer event scheduled for an earlier
 * `drainAtMs` may be stale (an immediate drain cancelled it); check this before draining.
 */
export function drainDue(s: BatchingStateChangeUploadSchedulerState, nowMs: number): boolean {
  return s.drainAtMs !== null && s.drainAtMs <= nowMs;
}

/**
 * `drainAndSave` + `StateChangeFsUploader#upload`: takes every waiting task and builds ONE file
 * holding all their change sets, to be written at `file` (a name the caller picks, like Flink's
 * random UUID). Returns null when nothing is waiting.
 */
export function drain(
  s: BatchingStateChangeUploadSchedulerState,
  file: string,
): UploadAttempt | null {
  const tasks = s.scheduled;
  s.scheduled = [];
  s.scheduledBytes = 0;
  s.drainAtMs = null;
  if (tasks.length === 0) return null;
  const content = writeChangelogFile(
    tasks.map((t) => t.changeSets),
    { compression: s.compression },
  );
  let size = 0;
  for (const t of tasks) size += t.sizeBytes;
  const upload: InFlightUpload = {
    batchId: s.nextBatchId++,
    logIds: tasks.map((t) => t.logId),
    placements: content.placements,
    bytes: content.bytes,
    compressed: content.compressed,
    streamBytes: content.streamBytes,
    sizeBytes: size,
    attempt: 1,
    file,
    awaitingRetry: false,
  };
  s.inFlight.push(upload);
  s.uploadRequests++;
  s.lastBatchSize = tasks.length;
  return uploadAttemptOf(upload);
}

/**
 * `BatchingStateChangeUploadScheduler#close`: the waiting tasks are cancelled (their persists fail)
 * and the pending drain is dropped. Batches already in flight are left to finish or fail.
 */
export function closeScheduler(s: BatchingStateChangeUploadSchedulerState): UploadTask[] {
  const cancelled = s.scheduled;
  for (const t of cancelled) s.inFlightBytes -= t.sizeBytes;
  s.scheduled = [];
  s.scheduledBytes = 0;
  s.drainAtMs = null;
  return cancelled;
}
