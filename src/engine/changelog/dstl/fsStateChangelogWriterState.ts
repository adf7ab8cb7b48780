/**
 * The plain-data state of Flink's `FsStateChangelogWriter` and its creation
 * (`FsStateChangelogStorage#createWriter`). The operations on it are in fsStateChangelogWriter.ts
 * (append, rollover, persist), fsStateChangelogWriterLifecycle.ts (truncate, confirm, reset,
 * close) and writerUploadCallbacks.ts (upload outcomes).
 *
 * A change set moves: active → `notUploaded` (rollover) → `uploading` (persist) → `uploaded`
 * (upload success). Flink keeps no `uploading` list (the sets live only in the upload task); it is
 * kept here so views can show bytes in flight.
 */
import type { KeyGroupRange } from '../../keys/keyGroupRange';
import type { UploadResult } from './changelogStateHandle';
import type { StateChange } from './stateChange';
import type { StateChangeSet } from './stateChangeSet';
import {
  INITIAL_SQN,
  MAX_SQN,
  type SequenceNumber,
  type SequenceNumberRange,
} from './sequenceNumber';

/** `FsStateChangelogWriter.DUMMY_PERSIST_CHECKPOINT`: the checkpoint id of a pre-emptive persist. */
export const DUMMY_PERSIST_CHECKPOINT = -1;

/** `FsStateChangelogWriter.UploadCompletionListener`: a persist waiting for uploads to finish. */
export interface UploadCompletionListener {
  readonly id: number;
  /** The checkpoint that asked, or {@link DUMMY_PERSIST_CHECKPOINT} for a pre-emptive persist. */
  readonly checkpointId: number;
  readonly range: SequenceNumberRange;
  /** Results collected so far, in sequence-number order. */
  uploaded: UploadResult[];
  incrementalSize: number;
}

/** A change set handed to the scheduler whose upload has not finished (teaching figure). */
export interface UploadingChangeSet {
  readonly sequenceNumber: SequenceNumber;
  readonly sizeBytes: number;
}

/** `FsStateChangelogWriter` as plain data. */
export interface FsStateChangelogWriterState {
  readonly logId: string;
  readonly keyGroupRange: KeyGroupRange;
  /** `state.changelog.dstl.dfs.preemptive-persist-threshold`. */
  readonly preEmptivePersistThresholdBytes: number;
  activeSequenceNumber: SequenceNumber;
  /** Changes below this are truncated and will not be requested again. */
  lowestSequenceNumber: SequenceNumber;
  /** Changes from this on are cut off by `truncateAndClose`. */
  highestSequenceNumber: SequenceNumber;
  activeChangeSet: StateChange[];
  activeChangeSetSize: number;
  notUploaded: StateChangeSet[];
  uploading: UploadingChangeSet[];
  uploaded: UploadResult[];
  listeners: UploadCompletionListener[];
  nextListenerId: number;
  /** Highest sequence number whose upload failed for good; persisting it again fails. */
  highestFailed: { sequenceNumber: SequenceNumber; reason: string } | null;
  closed: boolean;
  bytesAppended: number;
  changesAppended: number;
  preEmptivePersists: number;
}

/** `FsStateChangelogStorage#createWriter`: a new writer at `INITIAL_SQN`. */
export function createFsStateChangelogWriter(options: {
  logId: string;
  keyGroupRange: KeyGroupRange;
  preEmptivePersistThresholdBytes: number;
}): FsStateChangelogWriterState {
  const { logId, keyGroupRange, preEmptivePersistThresholdBytes: threshold } = options;
  if (typeof logId !== 'string' || logId.length === 0) {
    throw new TypeError(
      `FsStateChangelogWriter: logId must be a non-empty string, got ${JSON.stringify(logId)}`,
    );
  }
  if (!(threshold > 0)) {
    throw new RangeError(
      `FsStateChangelogWriter '${logId}': preEmptivePersistThresholdBytes must be > 0, got ${threshold}`,
    );
  }
  return {
    logId,
    keyGroupRange,
    preEmptivePersistThresholdBytes: threshold,
    activeSequenceNumber: INITIAL_SQN,
    lowestSequenceNumber: INITIAL_SQN,
    highestSequenceNumber: MAX_SQN,
    activeChangeSet: [],
    activeChangeSetSize: 0,
    notUploaded: [],
    uploading: [],
    uploaded: [],
    listeners: [],
    nextListenerId: 1,
    highestFailed: null,
    closed: false,
    bytesAppended: 0,
    changesAppended: 0,
    preEmptivePersists: 0,
  };
}
