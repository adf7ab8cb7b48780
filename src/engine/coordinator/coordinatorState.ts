/**
 * The JobManager side of checkpointing (Flink's `CheckpointCoordinator`) as plain data: pending
 * checkpoints collecting acknowledgements, the completed checkpoint store, savepoints, the
 * failure counter and the statistics Flink's REST API reports.
 */
import type { SubtaskStateSnapshot } from '../snapshot/stateHandles';

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

/** Why a checkpoint was aborted (Flink's `CheckpointFailureReason`, the ones the engine produces). */
export type CheckpointFailureReason =
  | 'CHECKPOINT_DECLINED'
  | 'CHECKPOINT_EXPIRED'
  | 'CHECKPOINT_SUBSUMED'
  /** A task got a newer barrier while aligning this checkpoint (`SingleCheckpointBarrierHandler#cancelSubsumedCheckpoint`). */
  | 'CHECKPOINT_DECLINED_SUBSUMED'
  /** A task got a `CancelCheckpointMarker` for it (`processCancellationBarrier`). */
  | 'CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER'
  | 'TASK_FAILURE'
  | 'JOB_FAILOVER'
  | 'IO_EXCEPTION'
  | 'TOO_MANY_CHECKPOINT_REQUESTS';

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
}

import type { TaskFiles } from './taskFiles';

/** One row of the checkpoint history (Flink's REST `history` entry, plus the engine's extras). */
export interface CheckpointHistoryEntry {
  id: number;
  status: CheckpointStatus;
  isSavepoint: boolean;
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
  subtasks: Record<string, SubtaskCheckpointStats>;
  /** Per keyed subtask: the local SSTs its handle references and those uploaded for this checkpoint. */
  taskFiles: Record<string, TaskFiles>;
}

export interface CoordinatorState {
  jobId: string;
  nextCheckpointId: number;
  pending: PendingCheckpoint[];
  /** Retained completed checkpoints, oldest first (`DefaultCompletedCheckpointStore`). */
  completed: CompletedCheckpoint[];
  savepoints: CompletedCheckpoint[];
  history: CheckpointHistoryEntry[];
  /** `CheckpointFailureManager`: consecutive counted failures. */
  continuousFailures: number;
  lastCompletionMs: number | null;
  /** True while a periodic trigger waits for min-pause to pass. */
  periodicPostponed: boolean;
  /** The retained checkpoint or savepoint the job is submitted with (`flink run -s`), if any. */
  startFrom: { checkpointId: number; isSavepoint: boolean; metadataPath: string } | null;
}

export function createCoordinatorState(jobId: string): CoordinatorState {
  return { jobId, nextCheckpointId: 1, pending: [], completed: [], savepoints: [], history: [], continuousFailures: 0, lastCompletionMs: null, periodicPostponed: false, startFrom: null };
}

/** The storage directory of a checkpoint or savepoint (Flink's `chk-<id>` / `savepoint-…`). */
export function checkpointDir(jobId: string, id: number, isSavepoint: boolean): string {
  return isSavepoint ? `savepoints/savepoint-${jobId.slice(0, 6)}-${id}` : `${jobId}/chk-${id}`;
}

export function historyOf(c: CoordinatorState, id: number): CheckpointHistoryEntry | undefined {
  return c.history.find((h) => h.id === id);
}
