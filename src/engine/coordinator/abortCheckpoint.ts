/**
 * Aborting a pending checkpoint (Flink's `CheckpointCoordinator.abortPendingCheckpoint`): its
 * files are discarded, tasks are told (`notifyCheckpointAborted`) and cancel what is still
 * running for it, and the failure manager counts it (`CheckpointFailureManager`).
 */
import { RPC_LATENCY_MS } from '../job/latencies';
import type { StepContext } from '../stepContext';
import { deleteFile } from '../storage/remoteStorage';
import { historyOf, type CheckpointFailureReason } from './coordinatorState';
import { registryAborted } from './registryBridge';
import { failJob } from '../restore/failover';

/** Reasons that count against `tolerable-failed-checkpoints` (subsumption, failover and a task's subsumed or cancelled alignment do not). */
const COUNTED: ReadonlySet<CheckpointFailureReason> = new Set(['CHECKPOINT_DECLINED', 'CHECKPOINT_EXPIRED', 'IO_EXCEPTION']);

/** Aborts pending checkpoint `id` for `reason`. Returns false when it was no longer pending. */
export function abortPendingCheckpoint(ctx: StepContext, id: number, reason: CheckpointFailureReason): boolean {
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
  }
  if (COUNTED.has(reason) && !pending.isSavepoint) c.continuousFailures += 1;
  ctx.emit('checkpoint.aborted', { checkpointId: id, reason, continuousFailures: c.continuousFailures }, { task: 'jobmanager' });
  // Exclusive files of tasks that acknowledged belong to nobody now (seed 001: deleted
  // asynchronously); shared files are the registry's to decide.
  for (const path of pending.uploadedPaths) {
    const f = ctx.state.storage.files[path];
    if (!f || f.meta.scope === 'shared') continue;
    if (deleteFile(ctx.state.storage, path)) ctx.emit('file.discarded', { path, size: f.bytes.length, reason: `checkpoint ${id} aborted (${reason})` });
  }
  registryAborted(ctx, id, pending.isSavepoint);
  // sendAbortedMessages: every task gets the `abortCheckpoint` RPC and acts on it when it arrives
  // (snapshot/taskNotifications.ts). It cancels the asynchronous part, not an alignment.
  const tasks = Object.keys(ctx.state.job.checkpointing);
  for (const task of tasks) ctx.schedule(RPC_LATENCY_MS, { kind: 'task.notifyAborted', task, checkpointId: id, attempt: ctx.state.job.attempt });
  ctx.emit('checkpoint.notified', { checkpointId: id, notification: 'aborted', tasks: tasks.length }, { task: 'jobmanager' });
  const tolerable = ctx.state.scenario.checkpointing.tolerableFailed;
  if (COUNTED.has(reason) && !pending.isSavepoint && c.continuousFailures > tolerable) {
    // CheckpointFailureManager: too many consecutive failures fail the job, which fails over.
    c.continuousFailures = 0;
    failJob(ctx, `more than ${tolerable} consecutive checkpoint failure(s) (execution.checkpointing.tolerable-failed-checkpoints = ${tolerable})`);
  }
  return true;
}

/** The checkpoint timeout fires: abort as CHECKPOINT_EXPIRED if still pending. */
export function handleCheckpointTimeout(ctx: StepContext, checkpointId: number): void {
  abortPendingCheckpoint(ctx, checkpointId, 'CHECKPOINT_EXPIRED');
}
