/**
 * The task side of checkpointing, per subtask, as plain data: the barrier alignment in progress
 * (Flink's `SingleCheckpointBarrierHandler`), the records held back on blocked channels, and
 * the snapshots whose asynchronous part is still running (`AsyncCheckpointRunnable`).
 */
import type { StoredFileMeta } from '../storage/remoteStorage';
import type { HeapKeyedStateBackendSnapshot } from '../state/heapKeyedStateBackend';
import type { SubtaskStateSnapshot } from '../format/stateHandles';
import type { ChangelogCheckpointPart } from './changelog/changelogSnapshot';
import type { ChannelRecord } from './channelState';
import type { SavepointFormatType } from '../format/savepointFormat';
import type { KeyedStateHandle } from '../format/stateHandles';

export interface Alignment {
  checkpointId: number;
  isSavepoint: boolean;
  /** A savepoint's format, as its barrier carried it. */
  savepointFormat?: SavepointFormatType;
  triggerMs: number;
  firstBarrierMs: number;
  /** Input channels (upstream subtasks) whose barrier has arrived. */
  arrived: string[];
  /** Bytes of the records processed on open channels while aligning (`bytesProcessedDuringAlignment`). */
  processedBytes?: number;
}

/**
 * An input channel whose sender's subpartition is blocked: this task took in an aligned barrier
 * from it, and nothing behind that barrier leaves the sender until this task resumes consumption
 * (`ChannelState#blockChannel` / `unblockAllChannels`, `PipelinedSubpartition#resumeConsumption`).
 */
export interface BlockedInput {
  from: string;
  checkpointId: number;
}

/** A file the asynchronous part will upload. */
export interface PendingUpload {
  path: string;
  bytes: Uint8Array;
  meta: StoredFileMeta;
  /** For an SST: the files a compaction merged into it (its lineage, `(1,2,3)`). */
  inputs: number[];
}

/** A snapshot whose synchronous part is done and whose asynchronous part (upload) is running. */
export interface RunningSnapshot {
  checkpointId: number;
  isSavepoint: boolean;
  barrierFirstMs: number;
  syncStartMs: number;
  alignmentDurationMs: number;
  uploads: PendingUpload[];
  state: SubtaskStateSnapshot;
  stateSize: number;
  /** The heap backend's copy-on-write snapshot, held until the upload ends. */
  heapSnapshot: HeapKeyedStateBackendSnapshot | null;
  /** Incremental RocksDB: every SST the handle references (new and reused), remembered at confirmation. */
  ssts: UploadedSst[] | null;
  /** Local recovery: the task-local copy (snapshot/localSnapshotCopy.ts), registered when the task reports the snapshot. */
  localCopy?: LocalSnapshotCopy;
  /** Changelog backend: the persisted range the asynchronous part waits for. */
  changelog?: ChangelogCheckpointPart;
  /**
   * Aligned checkpoint with a timeout: the receivers whose channel still holds this checkpoint's
   * barrier in the output queue. The snapshot is acknowledged only once each has left (or was
   * turned into a priority barrier at the timeout), as Flink's output channel-state future.
   */
  outputPending?: string[];
  /** Bytes processed during this snapshot's alignment (REST `processed_data`). */
  processedData?: number;
  /** Unaligned checkpoint: the in-flight data captured so far, and the channels whose barrier is still to come. */
  channelState?: {
    input: { channel: string; records: ChannelRecord[] }[];
    output: { channel: string; records: ChannelRecord[] }[];
    waitingFor: string[];
  };
}

/** An SST of an incremental checkpoint: where its bytes are in remote storage. */
export interface UploadedSst {
  sst: number;
  localPath: string;
  path: string;
  size: number;
}

/**
 * `RocksIncrementalSnapshotStrategy.uploadedSstFiles`: the SSTs of checkpoints this task has
 * snapshotted, and of the last one confirmed complete. Only confirmed uploads are reused, so
 * files uploaded for a checkpoint that never completed are uploaded again (seed 001).
 */
export interface IncrementalBookkeeping {
  /** Per checkpoint snapshotted and not yet confirmed or dropped. */
  pending: { checkpointId: number; ssts: UploadedSst[] }[];
  /** The SSTs of the last confirmed checkpoint (`lastCompletedCheckpointId`), reusable as placeholders. */
  confirmed: { checkpointId: number; ssts: UploadedSst[] } | null;
  /** Identifies this RocksDB instance (`backendUID`); a restored backend gets a new one. */
  backendIdentifier: string;
}

export interface TaskCheckpointing {
  aligning: Alignment | null;
  /** Input channels blocked at their sender by an aligned barrier taken in here, until resumed. */
  blocked: BlockedInput[];
  /**
   * `SingleCheckpointBarrierHandler.currentCheckpointId`: the newest checkpoint a barrier or a
   * `CancelCheckpointMarker` told this task of; an older barrier, or one of a cancelled alignment,
   * starts nothing.
   */
  currentCheckpointId: number;
  /** `SubtaskCheckpointCoordinatorImpl.lastCheckpointId`: the newest checkpoint this task snapshotted or declined. */
  lastCheckpointId: number;
  /**
   * `SubtaskCheckpointCoordinatorImpl.abortedCheckpointIds`: checkpoints the JobManager told this
   * task were aborted before it took them; their barrier then becomes a `CancelCheckpointMarker`.
   */
  abortedCheckpointIds: number[];
  running: RunningSnapshot[];
  /** The last checkpoint this task was told completed (`notifyCheckpointComplete`). */
  lastCompletedCheckpointId: number;
  /** RocksDB incremental snapshots only. */
  incremental: IncrementalBookkeeping | null;
  /** The `decline` action: decline this checkpoint id, or the next one ('next'). */
  declineNext: number | 'next' | null;
  /** The `fail` action: the task fails at this phase of its next checkpoint. */
  failAt: 'sync' | 'async' | 'before-ack' | null;
}

export function createTaskCheckpointing(): TaskCheckpointing {
  return { aligning: null, blocked: [], currentCheckpointId: 0, lastCheckpointId: 0, abortedCheckpointIds: [], running: [], lastCompletedCheckpointId: 0, incremental: null, declineNext: null, failAt: null };
}

/** A local copy taken in the synchronous part, waiting for the task to report its snapshot. */
export interface LocalSnapshotCopy {
  checkpointId: number;
  jobId: string;
  allocationId: string;
  /** Index of the TaskManager whose disk it is written to. */
  taskManager: number;
  keyed: KeyedStateHandle;
  files: Record<string, Uint8Array>;
}
