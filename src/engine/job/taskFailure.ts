/**
 * A task fails, and the job fails over. In Flink the failure travels as a message to the
 * JobMaster's scheduler: `Task#failExternally`, then the TaskExecutor's
 * `JobMasterGateway#updateTaskExecutionState` (FAILED). The scheduler's side (cancel every task,
 * restart from the latest completed checkpoint) is restore/failover.ts, above the task folders,
 * which reach it through this interface; the root wires it (wiring.ts) into the StepContext. The
 * engine acts on the failure in the same step, as it always has: a queue item would add a step
 * to every recorded run.
 */
import type { StepContext } from '../stepContext';

/** Implemented by restore/failover.ts (`failJob`). */
export interface TaskFailureListener {
  taskFailed(ctx: StepContext, reason: string): void;
}

/** A task failed for `reason`: the job fails over now. */
export function failJob(ctx: StepContext, reason: string): void {
  ctx.hooks.taskFailed(ctx, reason);
}
