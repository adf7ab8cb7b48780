/**
 * A task finishes after a synchronous savepoint (stop-with-savepoint). In Flink the task finishes
 * once notifyCheckpointComplete of the synchronous savepoint has been handled (its two-phase-commit
 * sink has committed) and reports FINISHED to the JobMaster (`JobMasterGateway#updateTaskExecutionState`);
 * the scheduler ends the job when every task has. The JobMaster's side is restore/finishJob.ts,
 * above the task folders, which reach it through this interface, wired by the root (wiring.ts), in
 * the same step as the notification.
 */
import type { StepContext } from '../stepContext';

/** Implemented by restore/finishJob.ts. */
export interface TaskFinishedListener {
  /** `task` handled notifyCheckpointComplete(`checkpointId`); it finishes if that was a synchronous savepoint. */
  checkpointCompleteHandled(ctx: StepContext, task: string, checkpointId: number): void;
}
