/**
 * A failure that fails the job over. In Flink it travels as a message to the JobMaster's scheduler:
 * a task fails (`Task#failExternally`) and the TaskExecutor reports it
 * (`JobMasterGateway#updateTaskExecutionState`); the coordinator's `CheckpointFailureManager` calls
 * the scheduler through its `FailJobCallback`. The scheduler's side (cancel every task, restart
 * from the latest completed checkpoint) is restore/failover.ts, above the task and coordinator
 * folders. They call it through this callback, which the root wires once (wiring.ts) into the
 * StepContext. The engine acts on the failure in the same step, as it always has: a queue item
 * would add a step to every recorded run.
 */
import type { StepContext } from '../stepContext';

/** Implemented by restore/failover.ts (`failJob`). */
export interface FailJobCallback {
  failJob(ctx: StepContext, reason: string): void;
}

/** Fails the job over now, for `reason` (the scheduler's `handleGlobalFailure`). */
export function failJob(ctx: StepContext, reason: string): void {
  ctx.hooks.failJob(ctx, reason);
}
