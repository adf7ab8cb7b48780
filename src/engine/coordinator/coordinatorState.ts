/**
 * The JobManager side of checkpointing (Flink's `CheckpointCoordinator`) as plain data: pending
 * checkpoints collecting acknowledgements, the completed checkpoint store, savepoints, the
 * failure counter and the statistics Flink's REST API reports.
 */
import type { SubtaskStateSnapshot } from '../format/stateHandles';
import type { SavepointFormatType } from '../format/savepointFormat';
import { sealPlain } from '../core/plainData';

/** Per-subtask figures of one checkpoint (Flink's `SubtaskStateStats`). */
export interface SubtaskCheckpointStats {
  /** When the first barrier of this checkpoint reached the task (sources: the trigger). */
  barrierFirstMs: number;
  /** When alignment finished and the synchronous part began. */
  syncStartMs: number;
  syncDurationMs: number;
  asyncDurationMs: number;
  alignmentDurationMs: number;
  /** Bytes uploaded for this checkpoint by this task (`checkpointed_size`). */
  checkpointedSize: number;
  /** Full size of the state this task's handle refers to (`state_size`). */
  stateSize: number;
  ackMs: number;
  /** The subtask took this checkpoint unaligned (`CheckpointMetrics.unalignedCheckpoint`). */
  unaligned: boolean;
  /** Bytes persisted as channel state (`bytesPersistedDuringAlignment`, REST `persisted_data`). */
  persistedData: number;
  /** Bytes processed while aligning (`bytesProcessedDuringAlignment`, REST `processed_data`). */
  processedData: number;
}

export interface TaskAcknowledgement {
  state: SubtaskStateSnapshot;
  stats: SubtaskCheckpointStats;
}

/** Flink's `PendingCheckpoint`. */
export interface PendingCheckpoint {
  id: number;
  isSavepoint: boolean;
  triggerMs: number;
  /** Tasks that have not acknowledged yet, in topology order. */
  notYetAcknowledged: string[];
  acks: Record<string, TaskAcknowledgement>;
  /** Paths of files written for this checkpoint by tasks that acknowledged (for cleanup on abort). */
  uploadedPaths: string[];
}

export type CheckpointStatus = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/**
 * Why a checkpoint was aborted (Flink's `CheckpointFailureReason`, the ones the engine produces;
 * names exactly as Flink spells them).
 */
export type CheckpointFailureReason =
  | 'CHECKPOINT_DECLINED'
  | 'CHECKPOINT_DECLINED_SUBSUMED'
  | 'CHECKPOINT_EXPIRED'
  | 'CHECKPOINT_SUBSUMED'
  | 'CHECKPOINT_ASYNC_EXCEPTION'
  /** A task got a `CancelCheckpointMarker` for it (`processCancellationBarrier`). */
  | 'CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER'
  | 'TASK_FAILURE'
  | 'JOB_FAILOVER_REGION'
  | 'TOO_MANY_CHECKPOINT_REQUESTS'
  /** `CheckpointCoordinator#shutdown` when the job is cancelled: pending checkpoints are aborted. */
  | 'CHECKPOINT_COORDINATOR_SHUTDOWN'
  /** `CheckpointCoordinator#stopCheckpointScheduler` (stop-with-savepoint): pending and queued checkpoints are aborted. */
  | 'CHECKPOINT_COORDINATOR_SUSPEND';

/** The reasons a task sends with its decline (`CheckpointCoordinator.receiveDeclineMessage`). */
export type DeclineReason = Extract<
  CheckpointFailureReason,
  'CHECKPOINT_DECLINED' | 'CHECKPOINT_DECLINED_SUBSUMED' | 'CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER' | 'CHECKPOINT_ASYNC_EXCEPTION'
>;

/** `CheckpointFailureReason.message()`: what Flink's REST `failure_message` shows. */
export const FAILURE_MESSAGE: Record<CheckpointFailureReason, string> = {
  CHECKPOINT_DECLINED: 'Checkpoint was declined.',
  CHECKPOINT_DECLINED_SUBSUMED: 'Checkpoint was canceled because a barrier from newer checkpoint was received.',
  CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER: 'Task received cancellation from one of its inputs',
  CHECKPOINT_EXPIRED: 'Checkpoint expired before completing.',
  CHECKPOINT_SUBSUMED: 'Checkpoint has been subsumed.',
  CHECKPOINT_ASYNC_EXCEPTION: 'Asynchronous task checkpoint failed.',
  TASK_FAILURE: 'Task has failed.',
  JOB_FAILOVER_REGION: 'FailoverRegion is restarting.',
  TOO_MANY_CHECKPOINT_REQUESTS: 'The maximum number of queued checkpoint requests exceeded',
  CHECKPOINT_COORDINATOR_SHUTDOWN: 'CheckpointCoordinator shutdown.',
  CHECKPOINT_COORDINATOR_SUSPEND: 'Checkpoint Coordinator is suspending.',
};

/** A request waiting in `CheckpointRequestDecider`'s queue (`CheckpointTriggerRequest`). */
export interface CheckpointTriggerRequest {
  isSavepoint: boolean;
  /** A savepoint's `SavepointFormatType` (it travels with the trigger as the barrier's `CheckpointOptions`). */
  savepointFormat?: SavepointFormatType;
  /** A synchronous savepoint (stop-with-savepoint): `SavepointType.terminate` (--drain) or `.suspend`. */
  syncSavepoint?: SyncSavepointAction;
  periodic: boolean;
  /** When it was requested (the queue's order among equals). */
  requestedMs: number;
}

/** A restore the statistics report (`RestoredCheckpointStats`). */
export interface RestoredCheckpointStats {
  checkpointId: number;
  restoreMs: number;
  isSavepoint: boolean;
  externalPath: string;
}

/** Flink's `CompletedCheckpoint` (what the completed checkpoint store keeps). */
export interface CompletedCheckpoint {
  id: number;
  isSavepoint: boolean;
  triggerMs: number;
  completeMs: number;
  metadataPath: string;
  /** Every task's reported state, by task name. */
  tasks: Record<string, SubtaskStateSnapshot>;
  /** Every remote file this checkpoint references (metadata, private and shared). */
  files: string[];
  /** Files in this checkpoint's exclusive directory (deleted with it). */
  exclusiveFiles: string[];
  /**
   * False for a checkpoint this job was started from in NO_CLAIM mode (Flink's default restore
   * mode): the job may restore from it but never deletes its files.
   */
  owned: boolean;
  /** Set for the snapshot a job was submitted with: the restore mode it was loaded in (`CheckpointProperties`). */
  restoredMode?: 'CLAIM' | 'NO_CLAIM' | 'LEGACY';
}

import type { TaskFiles } from './taskFiles';

/** `SavepointType.PostCheckpointAction` of a synchronous savepoint: TERMINATE drains (`flink stop --drain`), SUSPEND does not. */
export type SyncSavepointAction = 'TERMINATE' | 'SUSPEND';

/** One row of the checkpoint history (Flink's REST `history` entry, plus the engine's extras). */
export interface CheckpointHistoryEntry {
  id: number;
  status: CheckpointStatus;
  isSavepoint: boolean;
  /** Savepoints: the format the trigger asked for (`SavepointFormatType`, 1.15+). */
  savepointFormat?: SavepointFormatType;
  /** Set for the synchronous savepoint of a stop-with-savepoint (REST `SYNC_SAVEPOINT`). */
  syncSavepoint?: SyncSavepointAction;
  triggerMs: number;
  /** When the last acknowledgement arrived (completion or failure time). */
  latestAckMs: number | null;
  completeMs: number | null;
  failureReason: CheckpointFailureReason | null;
  /** True once a completed checkpoint has been subsumed (dropped from the store). */
  subsumed: boolean;
  checkpointedSize: number;
  stateSize: number;
  numSubtasks: number;
  numAcknowledgedSubtasks: number;
  /** Any subtask took it unaligned (`PendingCheckpointStats.unalignedCheckpoint`). */
  unaligned: boolean;
  persistedData: number;
  processedData: number;
  subtasks: Record<string, SubtaskCheckpointStats>;
  /** Per keyed subtask: the local SSTs its handle references and those uploaded for this checkpoint. */
  taskFiles: Record<string, TaskFiles>;
  /** Per acknowledged subtask: every remote file its handles reference (the checkpoint drill-down). */
  files?: Record<string, CheckpointFileRef[]>;
}

/** A remote file a subtask's acknowledged handles reference. */
export interface CheckpointFileRef {
  path: string;
  size: number;
  /** Written for this checkpoint (its own upload, or the DSTL file of its own change sets); false: an earlier upload referenced again. */
  uploadedNow: boolean;
}

/** A savepoint handed over to a job by a CLAIM-mode restore (see `CoordinatorState.claimedSavepoints`). */
export interface ClaimedSavepoint {
  id: number;
  metadataPath: string;
  /** The JobID of the job that claimed it. */
  jobId: string;
  claimedAtMs: number;
}

export interface CoordinatorState {
  jobId: string;
  nextCheckpointId: number;
  pending: PendingCheckpoint[];
  /** Retained completed checkpoints, oldest first (`DefaultCompletedCheckpointStore`). */
  completed: CompletedCheckpoint[];
  /** The user's savepoints: a job never deletes their files. */
  savepoints: CompletedCheckpoint[];
  /**
   * Savepoints a new job was started from in CLAIM mode: that job owns them now and deletes them
   * once subsumed (`CheckpointCoordinator#restoreSavepoint` gives the loaded savepoint the job's
   * own `CheckpointProperties`), so they are no longer the user's to restore from.
   */
  claimedSavepoints: ClaimedSavepoint[];
  history: CheckpointHistoryEntry[];
  /** `CheckpointFailureManager`: consecutive counted failures. */
  continuousFailures: number;
  lastCompletionMs: number | null;
  /**
   * `CheckpointFailureManager.lastSucceededCheckpointId`: failures of checkpoints at or below it
   * are not counted (a savepoint's success also raises it).
   */
  lastSucceededCheckpointId: number;
  /** `CheckpointFailureManager.countedCheckpointIds`: each checkpoint is counted at most once. */
  countedCheckpointIds: number[];
  /** `CheckpointRequestDecider.queuedRequests`, in the decider's order. */
  queuedRequests: CheckpointTriggerRequest[];
  /**
   * The live periodic trigger (`currentPeriodicTrigger`): a `checkpoint.periodic` item whose
   * generation differs was cancelled by a reschedule. Null when periodic checkpoints are off.
   */
  periodicTrigger: { generation: number; nextMs: number } | null;
  /**
   * When the last trigger RPC to each source is due. RPCs from the JobManager to one task arrive
   * in the order sent, so a later trigger never arrives before this.
   */
  triggerArrivalMs: Record<string, number>;
  /** Restores of this job from a checkpoint or savepoint (REST `counts.restored`, `latest.restored`). */
  restored: RestoredCheckpointStats[];
  /** The retained checkpoint or savepoint the job is submitted with (`flink run -s`), if any. */
  startFrom: { checkpointId: number; isSavepoint: boolean; metadataPath: string; mode?: 'CLAIM' | 'NO_CLAIM' | 'LEGACY' } | null;
}

export function createCoordinatorState(jobId: string): CoordinatorState {
  return {
    jobId,
    nextCheckpointId: 1,
    pending: [],
    completed: [],
    savepoints: [],
    claimedSavepoints: [],
    history: [],
    continuousFailures: 0,
    lastCompletionMs: null,
    lastSucceededCheckpointId: 0,
    countedCheckpointIds: [],
    queuedRequests: [],
    periodicTrigger: null,
    triggerArrivalMs: {},
    restored: [],
    startFrom: null,
  };
}

// The directory layout belongs to the checkpoint storage (format/snapshotLocation.ts), below the tasks.
export { checkpointDir } from '../format/snapshotLocation';

/**
 * Seals what a finished checkpoint's history row collected from its acknowledgements: no
 * acknowledgement reaches it once it left `pending`, and clones share sealed values instead of
 * copying them (see sealFinished.ts).
 */
export function sealFinishedCheckpoint(h: CheckpointHistoryEntry): void {
  for (const part of finishedCheckpointParts(h)) sealPlain(part);
}

/** What `sealFinishedCheckpoint` seals. */
export function finishedCheckpointParts(h: CheckpointHistoryEntry): object[] {
  return h.files ? [h.subtasks, h.taskFiles, h.files] : [h.subtasks, h.taskFiles];
}

export function historyOf(c: CoordinatorState, id: number): CheckpointHistoryEntry | undefined {
  return c.history.find((h) => h.id === id);
}
