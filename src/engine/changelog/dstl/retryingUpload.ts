/**
 * The outcome of each upload attempt, as Flink's `RetryingExecutor` handles it with the
 * `RetryPolicy`: a failed attempt is retried (after `upload.next-attempt-delay`, or at once after a
 * timeout) into a new file, until `upload.max-attempts`; then the batch is given up and every
 * writer's persist over its change sets fails. A written file completes the batch.
 */
import type { BatchingStateChangeUploadSchedulerState } from './batchingStateChangeUploadScheduler';
import {
  endInFlightUpload,
  findInFlightUpload,
  uploadAttemptOf,
  type UploadAttempt,
} from './inFlightUpload';
import { retryAfter, type UploadFailureCause } from './retryPolicy';
import type { SequenceNumber } from './sequenceNumber';

/** What to do after a failed attempt (`RetryingExecutor` with the `RetryPolicy`). */
export type RetryDecision =
  | {
      readonly action: 'retry';
      readonly batchId: number;
      readonly nextAttempt: number;
      readonly delayMs: number;
    }
  | {
      readonly action: 'give-up';
      readonly batchId: number;
      readonly attempts: number;
      /** Per task, the change sets whose persist futures now fail (`UploadTask#fail`). */
      readonly failed: readonly {
        readonly logId: string;
        readonly sequenceNumbers: readonly SequenceNumber[];
      }[];
    };

/**
 * `RetriableActionAttempt#handleError`: attempt `attempt` of batch `batchId` failed. Retries after
 * the policy's delay, or gives up after `upload.max-attempts`; giving up releases the batch's
 * capacity and names the change sets to fail (`handleUploadFailure` on each writer). Attempts are
 * sequential here; Flink lets a timed-out attempt run on beside its successor.
 */
export function onUploadFailed(
  s: BatchingStateChangeUploadSchedulerState,
  batchId: number,
  attempt: number,
  cause: UploadFailureCause = 'io',
): RetryDecision {
  const u = findInFlightUpload(s, batchId);
  if (attempt !== u.attempt || u.awaitingRetry) {
    throw new Error(
      `upload scheduler of ${s.taskManager}: batch ${batchId} is at attempt ${u.attempt}${u.awaitingRetry ? ' (already failed, awaiting retry)' : ''}, not attempt ${attempt}`,
    );
  }
  s.uploadFailures++;
  const delayMs = retryAfter(s.retryPolicy, attempt, cause);
  if (delayMs >= 0) {
    u.awaitingRetry = true;
    return { action: 'retry', batchId, nextAttempt: attempt + 1, delayMs };
  }
  endInFlightUpload(s, u);
  s.uploadsGivenUp++;
  return {
    action: 'give-up',
    batchId,
    attempts: attempt,
    failed: u.logIds.map((logId, i) => ({
      logId,
      sequenceNumbers: (u.placements[i] ?? []).map((p) => p.sequenceNumber),
    })),
  };
}

/** The next attempt of a batch after a `retry` decision: the same bytes, written to a new `file`. */
export function retryUpload(
  s: BatchingStateChangeUploadSchedulerState,
  batchId: number,
  file: string,
): UploadAttempt {
  const u = findInFlightUpload(s, batchId);
  if (!u.awaitingRetry)
    throw new Error(
      `upload scheduler of ${s.taskManager}: batch ${batchId} (attempt ${u.attempt}) has not failed; nothing to retry`,
    );
  u.awaitingRetry = false;
  u.attempt++;
  u.file = file;
  s.uploadRequests++;
  return uploadAttemptOf(u);
}

/**
 * The current attempt's file was written: `UploadTasksResult#complete`. Releases the capacity and
 * returns the results per writer (for `handleUploadSuccess`) and the number of change sets in the
 * file (the initial count for `TaskChangelogRegistry#startTracking`).
 */
export function onUploadSucceeded(
  s: BatchingStateChangeUploadSchedulerState,
  batchId: number,
): UploadAttempt {
  const u = findInFlightUpload(s, batchId);
  if (u.awaitingRetry)
    throw new Error(
      `upload scheduler of ${s.taskManager}: batch ${batchId} failed attempt ${u.attempt} and awaits its retry`,
    );
  endInFlightUpload(s, u);
  s.uploadedBytes += u.bytes.length;
  return uploadAttemptOf(u);
}
