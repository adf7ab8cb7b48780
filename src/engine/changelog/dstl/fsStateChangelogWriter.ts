/**
 * Flink's `FsStateChangelogWriter`: the DSTL writer of one state backend (one operator subtask).
 * Every state write is appended to the active change set; `nextSequenceNumber` closes it (rollover);
 * `persist(from)` hands every closed, not yet uploaded change set from `from` on to the upload
 * scheduler and answers with the handles of those already uploaded; `truncate(to)` forgets what a
 * materialization made unnecessary (truncate, confirm, reset and close are in
 * fsStateChangelogWriterLifecycle.ts).
 *
 * The writer is plain data (fsStateChangelogWriterState.ts) and these functions mutate it in
 * place, returning what happened (which change sets to upload, which handles are ready). Upload
 * results come back through writerUploadCallbacks.ts (`handleUploadSuccess` / `handleUploadFailure`).
 */
import type { Plain } from '../../core/plainData';
import {
  buildChangelogStateHandle,
  type ChangelogStateHandleStreamImpl,
  type UploadResult,
} from './changelogStateHandle';
import {
  META_KEY_GROUP,
  dataChange,
  metadataChange,
  type ChangeToAppend,
  type StateChange,
} from './stateChange';
import { stateChangeSize } from './stateChangeSerializer';
import { stateChangeSet } from './stateChangeSet';
import {
  INITIAL_SQN,
  checkSqn,
  nextSqn,
  sqnRange,
  sqnRangeSize,
  type SequenceNumber,
  type SequenceNumberRange,
} from './sequenceNumber';
import { uploadTask, type UploadTask } from './uploadTask';
import {
  DUMMY_PERSIST_CHECKPOINT,
  type FsStateChangelogWriterState,
} from './fsStateChangelogWriterState';

/** What `persist` did: the upload to schedule, the handles already there, or the failure. */
export type PersistResult =
  | {
      readonly status: 'ok';
      readonly range: SequenceNumberRange;
      /** Change sets newly handed to the upload scheduler, or null if none. */
      readonly task: UploadTask | null;
      /** `readyToReturn`: change sets in range that are already uploaded. */
      readonly alreadyUploaded: readonly UploadResult[];
      /** The handle, when everything in range was already uploaded (the future completes at once). */
      readonly completed: ChangelogStateHandleStreamImpl | null;
      /** The listener that completes once the missing uploads arrive, or null if completed. */
      readonly listenerId: number | null;
    }
  | { readonly status: 'failed'; readonly reason: string };

/** What an append did. */
export interface AppendResult {
  /** False when the writer is closed (Flink logs a warning and drops the change). */
  readonly appended: boolean;
  readonly sizeBytes: number;
  /** The pre-emptive persist the append triggered (`preEmptiveFlushIfNeeded`), if any. */
  readonly preEmptive: PersistResult | null;
}

/** `FsStateChangelogWriter#append(keyGroup, bytes)`: adds a data change to the active change set. */
export function append(
  w: FsStateChangelogWriterState,
  keyGroup: number,
  change: ChangeToAppend,
): AppendResult {
  if (w.closed) return { appended: false, sizeBytes: 0, preEmptive: null };
  const { startKeyGroup, endKeyGroup } = w.keyGroupRange;
  if (keyGroup < startKeyGroup || keyGroup > endKeyGroup) {
    throw new RangeError(
      `FsStateChangelogWriter '${w.logId}': key group ${keyGroup} is outside its range [${startKeyGroup}, ${endKeyGroup}]`,
    );
  }
  return addToActive(w, dataChange(keyGroup, change));
}

/** `FsStateChangelogWriter#appendMeta`: adds a state's metadata (its descriptor) to the active change set. */
export function appendMeta(
  w: FsStateChangelogWriterState,
  state: string,
  descriptor: Plain,
): AppendResult {
  if (w.closed) return { appended: false, sizeBytes: 0, preEmptive: null };
  return addToActive(w, metadataChange(state, descriptor));
}

/**
 * Appends a complete `StateChange` (e.g. the changelog backend's `LoggedChange`): metadata goes to
 * `appendMeta`, data to `append` under the change's own key group. A ready-made `StateChangeSink`.
 */
export function appendChange(w: FsStateChangelogWriterState, change: StateChange): AppendResult {
  return change.keyGroup === META_KEY_GROUP
    ? appendMeta(w, change.state, change.payload)
    : append(w, change.keyGroup, change);
}

function addToActive(w: FsStateChangelogWriterState, change: StateChange): AppendResult {
  const size = stateChangeSize(change);
  w.activeChangeSet.push(change);
  w.activeChangeSetSize += size;
  w.bytesAppended += size;
  w.changesAppended++;
  let preEmptive: PersistResult | null = null;
  if (preEmptivePersistDue(w)) preEmptive = preEmptivePersist(w);
  return { appended: true, sizeBytes: size, preEmptive };
}

/**
 * The test of `preEmptiveFlushIfNeeded`: the *active* change set has reached
 * `preemptive-persist-threshold`. `append` acts on it at once, as Flink does, so that a busy
 * operator uploads continuously instead of piling everything onto the next checkpoint.
 */
export function preEmptivePersistDue(w: FsStateChangelogWriterState): boolean {
  return w.activeChangeSetSize >= w.preEmptivePersistThresholdBytes;
}

/**
 * The persist `preEmptiveFlushIfNeeded` runs: from the oldest change set not handed to the
 * uploader (or the active one), with no checkpoint behind it. Its result is not part of any
 * checkpoint; a later `persist` finds the sets in `uploaded` and reuses them.
 */
export function preEmptivePersist(w: FsStateChangelogWriterState): PersistResult {
  w.preEmptivePersists++;
  const from = w.notUploaded[0]?.sequenceNumber ?? w.activeSequenceNumber;
  return persistInternal(w, from, DUMMY_PERSIST_CHECKPOINT);
}

/** `StateChangelogWriter#initialSequenceNumber`. */
export function initialSequenceNumber(): SequenceNumber {
  return INITIAL_SQN;
}

/**
 * `FsStateChangelogWriter#nextSequenceNumber`: closes the active change set and returns the
 * sequence number the next appended change will get. As in Flink, an empty active set is not
 * closed and the number does not move (no empty change sets, no gaps).
 */
export function nextSequenceNumber(w: FsStateChangelogWriterState): SequenceNumber {
  rollover(w);
  return w.activeSequenceNumber;
}

function rollover(w: FsStateChangelogWriterState): void {
  if (w.activeChangeSet.length === 0) return;
  w.notUploaded.push(
    stateChangeSet(w.logId, w.activeSequenceNumber, w.activeChangeSet, w.activeChangeSetSize),
  );
  w.activeSequenceNumber = nextSqn(w.activeSequenceNumber);
  w.activeChangeSet = [];
  w.activeChangeSetSize = 0;
}

/**
 * `FsStateChangelogWriter#persist(from, checkpointId)`: rolls over, hands every not-uploaded change
 * set with sequence number ≥ `from` to the uploader, and collects those already uploaded. When all
 * of [from, active) is uploaded the handle is ready now; otherwise a listener waits for the rest
 * (including sets another persist already handed over). A range containing a failed upload fails.
 */
export function persist(
  w: FsStateChangelogWriterState,
  from: SequenceNumber,
  checkpointId: number,
): PersistResult {
  if (!Number.isSafeInteger(checkpointId) || checkpointId < 0) {
    throw new RangeError(
      `FsStateChangelogWriter '${w.logId}': persist needs a checkpoint id ≥ 0, got ${checkpointId}`,
    );
  }
  return persistInternal(w, from, checkpointId);
}

function persistInternal(
  w: FsStateChangelogWriterState,
  from: SequenceNumber,
  checkpointId: number,
): PersistResult {
  checkSqn(from, `FsStateChangelogWriter '${w.logId}': persist from`);
  if (w.closed)
    throw new Error(`FsStateChangelogWriter '${w.logId}' is closed: cannot persist from ${from}`);
  // ensureCanPersist: a failed upload is a runtime failure (the checkpoint fails); the others are bugs.
  if (w.highestFailed !== null && w.highestFailed.sequenceNumber >= from) {
    return {
      status: 'failed',
      reason: `the upload for sequence number ${w.highestFailed.sequenceNumber} of '${w.logId}' has already failed previously: ${w.highestFailed.reason}`,
    };
  }
  if (w.lowestSequenceNumber > from) {
    throw new RangeError(
      `FsStateChangelogWriter '${w.logId}': requested changes were truncated (requested: ${from}, truncated: ${w.lowestSequenceNumber})`,
    );
  }
  if (w.activeSequenceNumber < from) {
    throw new RangeError(
      `FsStateChangelogWriter '${w.logId}': requested changes were not yet appended (requested: ${from}, appended: ${w.activeSequenceNumber})`,
    );
  }
  rollover(w);
  const toUpload = w.notUploaded.filter((s) => s.sequenceNumber >= from);
  w.notUploaded = w.notUploaded.filter((s) => s.sequenceNumber < from);
  const ready = w.uploaded.filter((r) => r.sequenceNumber >= from);
  const range = sqnRange(from, w.activeSequenceNumber);
  if (sqnRangeSize(range) === ready.length) {
    if (toUpload.length !== 0)
      throw new Error(
        `FsStateChangelogWriter '${w.logId}': uploaded and not-uploaded sets overlap in [${from}, ${range.to})`,
      );
    const completed = buildChangelogStateHandle(w.keyGroupRange, ready, 0);
    return { status: 'ok', range, task: null, alreadyUploaded: ready, completed, listenerId: null };
  }
  const listenerId = w.nextListenerId++;
  w.listeners.push({
    id: listenerId,
    checkpointId,
    range,
    uploaded: ready.slice(),
    incrementalSize: 0,
  });
  let task: UploadTask | null = null;
  if (toUpload.length > 0) {
    task = uploadTask(w.logId, toUpload);
    for (const s of toUpload)
      w.uploading.push({ sequenceNumber: s.sequenceNumber, sizeBytes: s.sizeBytes });
  }
  return { status: 'ok', range, task, alreadyUploaded: ready, completed: null, listenerId };
}

/** `lowestSequenceNumber`: changes below it are truncated. */
export function lowestSqn(w: FsStateChangelogWriterState): SequenceNumber {
  return w.lowestSequenceNumber;
}

/** `FsStateChangelogWriter#lastAppendedSqnUnsafe`: the active sequence number (that of the next change set). */
export function lastAppendedSqn(w: FsStateChangelogWriterState): SequenceNumber {
  return w.activeSequenceNumber;
}
