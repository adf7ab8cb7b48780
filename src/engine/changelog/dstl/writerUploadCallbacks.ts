/**
 * How upload outcomes reach a writer: Flink's `FsStateChangelogWriter#handleUploadSuccess` and
 * `#handleUploadFailure`, with the `UploadCompletionListener`s (the persist futures) they complete.
 * In Flink these run on the task's mailbox thread after the upload thread finishes; here the
 * simulation calls them when it processes the upload's outcome.
 */
import {
  buildChangelogStateHandle,
  type ChangelogStateHandleStreamImpl,
  type UploadResult,
} from './changelogStateHandle';
import type {
  FsStateChangelogWriterState,
  UploadCompletionListener,
} from './fsStateChangelogWriterState';
import { sqnRangeContains, sqnRangeSize, type SequenceNumber } from './sequenceNumber';

/** A persist whose change sets are now all uploaded: its future completes with `handle`. */
export interface CompletedPersist {
  readonly listenerId: number;
  readonly checkpointId: number;
  readonly handle: ChangelogStateHandleStreamImpl;
}

/** What `handleUploadSuccess` did. */
export interface UploadSuccessOutcome {
  readonly completed: readonly CompletedPersist[];
  /**
   * Results the writer does not keep because they were truncated (or cut off by
   * `truncateAndClose`) while uploading: one `TaskChangelogRegistry#release` each.
   */
  readonly released: readonly UploadResult[];
  /**
   * The writer was closed meanwhile. Flink then discards each result's file outright
   * (`getStreamStateHandle().discardState()`), even if other writers' change sets share it.
   */
  readonly discardedBecauseClosed: readonly UploadResult[];
}

/** `FsStateChangelogWriter#handleUploadSuccess`: records `results` and completes waiting persists. */
export function handleUploadSuccess(
  w: FsStateChangelogWriterState,
  results: readonly UploadResult[],
): UploadSuccessOutcome {
  for (const r of results) {
    if (r.logId !== w.logId) {
      throw new Error(
        `handleUploadSuccess: result for change set ${r.sequenceNumber} of '${r.logId}' sent to writer '${w.logId}'`,
      );
    }
  }
  if (w.closed) return { completed: [], released: [], discardedBecauseClosed: results.slice() };
  const completed: CompletedPersist[] = [];
  w.listeners = w.listeners.filter((l) => {
    const handle = onSuccess(w, l, results);
    if (handle === null) return true;
    completed.push({ listenerId: l.id, checkpointId: l.checkpointId, handle });
    return false;
  });
  const released: UploadResult[] = [];
  for (const r of results) {
    w.uploading = w.uploading.filter((u) => u.sequenceNumber !== r.sequenceNumber);
    if (r.sequenceNumber >= w.lowestSequenceNumber && r.sequenceNumber < w.highestSequenceNumber) {
      putBySqn(w.uploaded, r);
    } else {
      released.push(r);
    }
  }
  return { completed, released, discardedBecauseClosed: [] };
}

// `UploadCompletionListener#onSuccess`: the handle once every sequence number in range is uploaded.
function onSuccess(
  w: FsStateChangelogWriterState,
  l: UploadCompletionListener,
  results: readonly UploadResult[],
): ChangelogStateHandleStreamImpl | null {
  for (const r of results) {
    if (!sqnRangeContains(l.range, r.sequenceNumber)) continue;
    putBySqn(l.uploaded, r);
    l.incrementalSize += r.size;
    if (l.uploaded.length === sqnRangeSize(l.range)) {
      return buildChangelogStateHandle(w.keyGroupRange, l.uploaded, l.incrementalSize);
    }
  }
  return null;
}

function putBySqn(list: UploadResult[], r: UploadResult): void {
  const i = list.findIndex((x) => x.sequenceNumber >= r.sequenceNumber);
  if (i === -1) list.push(r);
  else if (list[i]!.sequenceNumber === r.sequenceNumber) list[i] = r;
  else list.splice(i, 0, r);
}

/** A persist that failed because one of its change sets could not be uploaded. */
export interface FailedPersist {
  readonly listenerId: number;
  readonly checkpointId: number;
  readonly reason: string;
}

/**
 * `FsStateChangelogWriter#handleUploadFailure`: fails every waiting persist whose range holds a
 * failed change set (its checkpoint fails), and remembers the highest failed sequence number so
 * that later persists over it fail at once instead of waiting forever.
 */
export function handleUploadFailure(
  w: FsStateChangelogWriterState,
  failedSqns: readonly SequenceNumber[],
  reason: string,
): { readonly failed: readonly FailedPersist[] } {
  if (w.closed) return { failed: [] };
  const failed: FailedPersist[] = [];
  w.listeners = w.listeners.filter((l) => {
    if (!failedSqns.some((s) => sqnRangeContains(l.range, s))) return true;
    failed.push({ listenerId: l.id, checkpointId: l.checkpointId, reason });
    return false;
  });
  w.uploading = w.uploading.filter((u) => !failedSqns.includes(u.sequenceNumber));
  if (failedSqns.length > 0) {
    const max = Math.max(...failedSqns);
    if (
      max >= w.lowestSequenceNumber &&
      (w.highestFailed === null || max > w.highestFailed.sequenceNumber)
    ) {
      w.highestFailed = { sequenceNumber: max, reason };
    }
  }
  return { failed };
}
