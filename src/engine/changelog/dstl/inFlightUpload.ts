/**
 * A batch of the `BatchingStateChangeUploadScheduler` whose file is being written: the
 * `RetriableAction` that Flink's `RetryingExecutor` runs, attempt after attempt, and the
 * `UploadAttempt` each try produces (`UploadTasksResult`: one file, an offset per change set).
 */
import type { BatchingStateChangeUploadSchedulerState } from './batchingStateChangeUploadScheduler';
import type { ChangeSetPlacement } from './changelogFile';
import type { UploadResult } from './changelogStateHandle';

/** A batch whose file is being written (the `RetriableAction` of `RetryingExecutor`). */
export interface InFlightUpload {
  readonly batchId: number;
  /** The writers of the batch's tasks, in task order (a writer may appear more than once). */
  readonly logIds: readonly string[];
  /** Where each task's change sets are in the file; the same for every attempt. */
  readonly placements: readonly (readonly ChangeSetPlacement[])[];
  /** The file's bytes; retried attempts write the same bytes to a new file. */
  readonly bytes: Uint8Array;
  readonly compressed: boolean;
  readonly streamBytes: number;
  /** Bytes seized from the `UploadThrottle` (the tasks' sizes). */
  readonly sizeBytes: number;
  attempt: number;
  /** The file of the current attempt (`StateChangeFsUploader` names a new file per attempt). */
  file: string;
  /** Set by `onUploadFailed` when a retry is due, cleared by `retryUpload`. */
  awaitingRetry: boolean;
}

/** One attempt to write a batch's file: the bytes to write and, per writer, where its change sets are. */
export interface UploadAttempt {
  readonly batchId: number;
  readonly attempt: number;
  readonly file: string;
  readonly bytes: Uint8Array;
  readonly compressed: boolean;
  readonly streamBytes: number;
  /** One entry per upload task: the writer and an `UploadResult` per change set (file, offset, size). */
  readonly tasks: readonly { readonly logId: string; readonly results: readonly UploadResult[] }[];
  readonly changeSetCount: number;
}

/** The batch `batchId` in flight; an unknown id is a bug and names the TaskManager. */
export function findInFlightUpload(
  s: BatchingStateChangeUploadSchedulerState,
  batchId: number,
): InFlightUpload {
  const u = s.inFlight.find((x) => x.batchId === batchId);
  if (u === undefined)
    throw new Error(`upload scheduler of ${s.taskManager}: no upload batch ${batchId} in flight`);
  return u;
}

/** The batch ended (written or given up): it leaves the flight and releases its `UploadThrottle` capacity. */
export function endInFlightUpload(
  s: BatchingStateChangeUploadSchedulerState,
  u: InFlightUpload,
): void {
  s.inFlight = s.inFlight.filter((x) => x.batchId !== u.batchId);
  s.inFlightBytes -= u.sizeBytes;
}

/** The current attempt of a batch: its bytes and a per-writer `UploadResult` for each change set, in the attempt's file. */
export function uploadAttemptOf(u: InFlightUpload): UploadAttempt {
  let changeSetCount = 0;
  const tasks = u.logIds.map((logId, i) => {
    const results = (u.placements[i] ?? []).map((p): UploadResult => ({
      logId: p.logId,
      sequenceNumber: p.sequenceNumber,
      file: u.file,
      offset: p.offset,
      size: p.size,
      recordBytes: p.recordBytes,
    }));
    changeSetCount += results.length;
    return { logId, results };
  });
  return {
    batchId: u.batchId,
    attempt: u.attempt,
    file: u.file,
    bytes: u.bytes,
    compressed: u.compressed,
    streamBytes: u.streamBytes,
    tasks,
    changeSetCount,
  };
}
