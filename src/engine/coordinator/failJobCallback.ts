/**
 * Flink's `CheckpointFailureManager.FailJobCallback`: when more checkpoints failed in a row than
 * `execution.checkpointing.tolerable-failed-checkpoints` allows, the coordinator fails the job
 * through the scheduler. The scheduler's side is restore/failover.ts, above coordinator/; the
 * root wires it (wiring.ts) into the StepContext.
 */
import type { StepContext } from '../stepContext';

/** Implemented by restore/failover.ts (`failJob`). */
export interface FailJobCallback {
  failJob(ctx: StepContext, reason: string): void;
}

/** The job fails over now, for `reason`. */
export function failJob(ctx: StepContext, reason: string): void {
  ctx.hooks.failJob(ctx, reason);
}
