/**
 * Flink's `CheckpointFailureManager` (1.20): which failed checkpoints count toward
 * `execution.checkpointing.tolerable-failed-checkpoints`, and when a success clears the count.
 */
import type { CheckpointFailureReason, CoordinatorState } from './coordinatorState';

/**
 * `checkFailureCounter` (L221–256): only these reasons count; the others (subsumption, failover,
 * CHECKPOINT_DECLINED_SUBSUMED, queue refusals, …) are ignored.
 */
const COUNTED: ReadonlySet<CheckpointFailureReason> = new Set(['CHECKPOINT_ASYNC_EXCEPTION', 'CHECKPOINT_DECLINED', 'CHECKPOINT_EXPIRED']);

export function isCountedReason(reason: CheckpointFailureReason): boolean {
  return COUNTED.has(reason);
}

/**
 * `handleCheckpointException`: a failure reported by a task (a decline) goes through
 * `handleTaskLevelCheckpointException`, which counts checkpoints and non-synchronous savepoints
 * alike; a failure on the JobManager (expiry, subsumption, failover) goes through
 * `handleJobLevelCheckpointException`, which ignores savepoints (L139–147, L160–171).
 * `checkFailureAgainstCounter` counts only checkpoints newer than the last success, each once
 * (L173–176, L248–251). Returns true when the count now exceeds the tolerable number.
 */
export function countFailure(c: CoordinatorState, checkpointId: number, isSavepoint: boolean, reportedByTask: boolean, reason: CheckpointFailureReason, tolerable: number): boolean {
  if (isSavepoint && !reportedByTask) return false;
  if (checkpointId <= c.lastSucceededCheckpointId) return false;
  if (!COUNTED.has(reason)) return false;
  if (!c.countedCheckpointIds.includes(checkpointId)) {
    c.countedCheckpointIds.push(checkpointId);
    c.continuousFailures += 1;
  }
  return c.continuousFailures > tolerable;
}

/** `clearCount`, after the job was failed for too many failures. */
export function clearFailureCount(c: CoordinatorState): void {
  c.continuousFailures = 0;
  c.countedCheckpointIds = [];
}

/**
 * `handleCheckpointSuccess` (called from `CheckpointCoordinator.reportCompletedCheckpoint`,
 * L1404, for checkpoints and savepoints): a success newer than the last one clears the count.
 */
export function handleCheckpointSuccess(c: CoordinatorState, checkpointId: number): void {
  if (checkpointId <= c.lastSucceededCheckpointId) return;
  c.lastSucceededCheckpointId = checkpointId;
  clearFailureCount(c);
}
