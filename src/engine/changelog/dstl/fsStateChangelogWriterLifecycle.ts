/**
 * The end of a change set's life in Flink's `FsStateChangelogWriter`: `truncate` (after
 * materialization), `confirm` (the JobManager took ownership), `reset` (checkpoint aborted),
 * `truncateAndClose` and `close`. Each returns the file references the caller must act on in the
 * TaskManager's `TaskChangelogRegistry`; none touches storage itself.
 */
import type { UploadResult } from './changelogStateHandle';
import type { FsStateChangelogWriterState } from './fsStateChangelogWriterState';
import { checkSqn, type SequenceNumber } from './sequenceNumber';

/** What `truncate` dropped and released. */
export interface TruncateResult {
  /** Closed change sets that were never handed to the uploader and are now forgotten. */
  readonly droppedNotUploaded: readonly SequenceNumber[];
  /**
   * Uploaded change sets now unused: one `TaskChangelogRegistry#release` each
   * (`notifyStateNotUsed`). A file is discarded when all its change sets are released.
   */
  readonly released: readonly UploadResult[];
}

/**
 * `FsStateChangelogWriter#truncate(to)`: forgets every change set below `to` (exclusive). Called
 * by `ChangelogTruncateHelper` once a materialization covers them and no live checkpoint needs them.
 */
export function truncate(w: FsStateChangelogWriterState, to: SequenceNumber): TruncateResult {
  checkSqn(to, `FsStateChangelogWriter '${w.logId}': truncate to`);
  if (to > w.activeSequenceNumber) {
    throw new RangeError(
      `FsStateChangelogWriter '${w.logId}': cannot truncate to ${to}, beyond the active sequence number ${w.activeSequenceNumber}`,
    );
  }
  w.lowestSequenceNumber = to;
  const dropped = w.notUploaded.filter((s) => s.sequenceNumber < to).map((s) => s.sequenceNumber);
  w.notUploaded = w.notUploaded.filter((s) => s.sequenceNumber >= to);
  const released = w.uploaded.filter((r) => r.sequenceNumber < to);
  w.uploaded = w.uploaded.filter((r) => r.sequenceNumber >= to);
  return { droppedNotUploaded: dropped, released };
}

/**
 * `FsStateChangelogWriter#truncateAndClose(from)`: cuts the log's tail from `from` (inclusive) and
 * closes the writer (used when a restore discards changes after a point). Returns the uploaded
 * change sets from `from` on, each to be released in the `TaskChangelogRegistry`.
 */
export function truncateAndClose(
  w: FsStateChangelogWriterState,
  from: SequenceNumber,
): UploadResult[] {
  checkSqn(from, `FsStateChangelogWriter '${w.logId}': truncateAndClose from`);
  w.highestSequenceNumber = from;
  const released = w.uploaded.filter((r) => r.sequenceNumber >= from);
  close(w);
  return released;
}

/**
 * `FsStateChangelogWriter#close`: drops everything in memory. Like Flink, it releases nothing:
 * uploaded files stay tracked until the TaskManager's registry or the JobManager deals with them.
 */
export function close(w: FsStateChangelogWriterState): void {
  if (w.closed) throw new Error(`FsStateChangelogWriter '${w.logId}' is already closed`);
  w.closed = true;
  w.activeChangeSet = [];
  w.activeChangeSetSize = 0;
  w.notUploaded = [];
  w.uploading = [];
  w.uploaded = [];
}

/**
 * `FsStateChangelogWriter#confirm(from, to, checkpointId)`: the JobManager now owns the files of
 * the change sets in [from, to) (the checkpoint completed), so the TaskManager stops tracking them
 * and will never discard them itself. Returns the distinct files to `stopTracking`.
 */
export function confirm(
  w: FsStateChangelogWriterState,
  from: SequenceNumber,
  to: SequenceNumber,
  _checkpointId: number, // Flink uses it only for local-recovery copies, which the engine does not model
): string[] {
  const files: string[] = [];
  for (const r of w.uploaded) {
    if (r.sequenceNumber >= from && r.sequenceNumber < to && !files.includes(r.file))
      files.push(r.file);
  }
  return files;
}

/**
 * `FsStateChangelogWriter#reset(from, to, checkpointId)`: called when a checkpoint is aborted. Flink
 * only discards local-recovery copies here; uploaded remote changes stay in `uploaded` and are reused
 * by the next persist, so for the remote DSTL this does nothing.
 */
export function reset(
  _w: FsStateChangelogWriterState,
  _from: SequenceNumber,
  _to: SequenceNumber,
  _checkpointId: number,
): void {
  // Nothing to do for remote changes: see above.
}
