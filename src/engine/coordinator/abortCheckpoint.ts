/**
 * Aborting a pending checkpoint (Flink's `CheckpointCoordinator.abortPendingCheckpoint`): its
 * files are discarded, tasks are told (`notifyCheckpointAborted`) and cancel what is still
 * running for it, the failure manager decides whether it counts (`CheckpointFailureManager`),
 * and a queued trigger request may run now (`scheduleTriggerRequest`).
 */
import { RPC_LATENCY_MS } from '../job/latencies';
import type { StepContext } from '../stepContext';
import { deleteFile } from '../storage/remoteStorage';
import { historyOf, sealFinishedCheckpoint, type CheckpointFailureReason } from './coordinatorState';
import { registryAborted } from './registryBridge';
import { failJob } from './failJobCallback';
import { clearFailureCount, countFailure } from './failureManager';
import { executeQueuedRequest } from './triggerCheckpoint';
import { resumeAfterFailedStop, syncSavepointOf } from './stopWithSavepoint';

/**
 * Aborts pending checkpoint `id` for `reason`; `declinedBy` names the task whose decline caused it
 * (a task-level failure), absent for failures on the JobManager. Returns false when it was no
 * longer pending.
 */
export function abortPendingCheckpoint(ctx: StepContext, id: number, reason: CheckpointFailureReason, declinedBy?: string): boolean {
  const c = ctx.state.coordinator;
  const i = c.pending.findIndex((p) => p.id === id);
  if (i < 0) return false;
  const pending = c.pending[i]!;
  c.pending.splice(i, 1);
  const h = historyOf(c, id);
  if (h) {
    h.status = 'FAILED';
    h.failureReason = reason;
    h.latestAckMs = ctx.nowMs;
    // It left `pending`: a late acknowledgement is dropped, so its per-subtask rows are final.
    sealFinishedCheckpoint(h);
  }
  const tolerable = ctx.state.scenario.checkpointing.tolerableFailed;
  // `CheckpointFailureManager#handleTaskLevelCheckpointException` L188: a task failing the
  // synchronous savepoint of a stop-with-savepoint fails the job at once, counted or not.
  const syncDeclined = declinedBy !== undefined && syncSavepointOf(ctx, id) !== undefined;
  const tooMany = !syncDeclined && countFailure(c, id, pending.isSavepoint, declinedBy !== undefined, reason, tolerable);
  ctx.emit('checkpoint.aborted', { checkpointId: id, reason, continuousFailures: c.continuousFailures }, { task: 'jobmanager' });
  // Exclusive files of tasks that acknowledged belong to nobody now (seed 001: deleted
  // asynchronously); shared files are the registry's to decide, except an incremental handle's
  // private MANIFEST, CURRENT and OPTIONS, which sit in shared/ but are discarded with the handle.
  for (const path of pending.uploadedPaths) {
    const f = ctx.state.storage.files[path];
    if (!f || (f.meta.scope === 'shared' && f.meta.kind !== 'private')) continue;
    if (deleteFile(ctx.state.storage, path)) ctx.emit('file.discarded', { path, size: f.bytes.length, reason: `checkpoint ${id} aborted (${reason})` });
  }
  registryAborted(ctx, id, pending.isSavepoint);
  // sendAbortedMessages: every task gets the `abortCheckpoint` RPC and acts on it when it arrives
  // (snapshot/taskNotifications.ts). It cancels the asynchronous part, not an alignment.
  const tasks = Object.keys(ctx.state.job.checkpointing);
  for (const task of tasks) ctx.schedule(RPC_LATENCY_MS, { kind: 'task.notifyAborted', task, checkpointId: id, attempt: ctx.state.job.attempt });
  ctx.emit('checkpoint.notified', { checkpointId: id, notification: 'aborted', tasks: tasks.length }, { task: 'jobmanager' });
  if (tooMany) {
    // CheckpointFailureManager: too many consecutive failures fail the job, which fails over.
    clearFailureCount(c);
    failJob(ctx, `more than ${tolerable} consecutive checkpoint failure(s) (execution.checkpointing.tolerable-failed-checkpoints = ${tolerable})`);
    return true;
  }
  if (syncDeclined) {
    // The stop is over (`StopWithSavepointTerminationHandlerImpl#terminateExceptionally`): the
    // scheduler starts again, and the job restarts from its latest checkpoint and runs on.
    resumeAfterFailedStop(ctx, id);
    failJob(ctx, `${declinedBy} declined the synchronous savepoint ${id} of a stop-with-savepoint: the job is failed at once (CheckpointFailureManager#handleTaskLevelCheckpointException)`);
    return true;
  }
  // A failed stop-with-savepoint: the job goes on (unless it is failing over or shutting down anyway).
  if (reason !== 'JOB_FAILOVER_REGION' && reason !== 'CHECKPOINT_COORDINATOR_SHUTDOWN') resumeAfterFailedStop(ctx, id);
  if (reason === 'JOB_FAILOVER_REGION') {
    // The restart stops the checkpoint scheduler (`stopCheckpointScheduler` →
    // `abortPendingAndQueuedCheckpoints`): queued requests are dropped with the pending ones.
    c.queuedRequests = [];
  } else if (reason !== 'CHECKPOINT_SUBSUMED') {
    // `scheduleTriggerRequest` (L2300); for a subsumed one the completion that subsumed it does this.
    executeQueuedRequest(ctx);
  }
  return true;
}

/** The checkpoint timeout fires: abort as CHECKPOINT_EXPIRED if still pending. */
export function handleCheckpointTimeout(ctx: StepContext, checkpointId: number): void {
  abortPendingCheckpoint(ctx, checkpointId, 'CHECKPOINT_EXPIRED');
}
