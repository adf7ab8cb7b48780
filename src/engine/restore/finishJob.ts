/**
 * The JobMaster's side of a stop-with-savepoint once the synchronous savepoint is notified: each
 * task reports FINISHED (job/taskFinished.ts), and when all have, the job is FINISHED
 * (`StopWithSavepointTerminationHandlerImpl`) and its completed checkpoint store shuts down with
 * FINISHED (`CheckpointProperties#discardOnJobFinished`). The coordinator's side (the trigger, the
 * sources stopping) is coordinator/stopWithSavepoint.ts.
 */
import { onJobCancelled } from '../registry';
import type { StepContext } from '../stepContext';
import { deleteFile } from '../storage/remoteStorage';
import { historyOf } from '../coordinator/coordinatorState';
import { applyRegistryOutcome } from '../coordinator/registryBridge';
import { syncSavepointOf } from '../coordinator/stopWithSavepoint';
import { cancelJob } from './restoreJob';

/** A task got notifyCheckpointComplete for the synchronous savepoint (after its sink committed): it finishes. */
export function finishTaskAfterSyncSavepoint(ctx: StepContext, task: string, checkpointId: number): void {
  const action = syncSavepointOf(ctx, checkpointId);
  const job = ctx.state.job;
  if (!action || job.finished) return;
  const done = (job.finishedTasks ??= []);
  if (done.includes(task)) return;
  done.push(task);
  ctx.emit('task.finished', { checkpointId }, { task });
  if (done.length === job.topology.subtasks.length) finishJob(ctx, checkpointId, action === 'TERMINATE');
}

/** Every task finished: the job is FINISHED and its completed checkpoint store shuts down. */
function finishJob(ctx: StepContext, savepointId: number, drain: boolean): void {
  const c = ctx.state.coordinator;
  cancelJob(ctx, 'CHECKPOINT_COORDINATOR_SHUTDOWN');
  ctx.state.job.running = false;
  ctx.state.job.finished = { savepointId };
  // CheckpointProperties#discardOnJobFinished is true for every checkpoint retention policy; a
  // snapshot the job was started from unclaimed (NO_CLAIM, LEGACY) is not the job's to delete.
  const discarded = c.completed.filter((cp) => !cp.isSavepoint && cp.owned && cp.restoredMode !== 'NO_CLAIM' && cp.restoredMode !== 'LEGACY');
  const kept = c.completed.filter((cp) => !discarded.includes(cp));
  ctx.emit('job.finished', { savepointId, drain, discarded: discarded.map((cp) => cp.id) }, { task: 'jobmanager' });
  const stillUsed = new Set([...kept, ...c.savepoints].flatMap((cp) => cp.files));
  for (const cp of discarded) {
    for (const path of cp.exclusiveFiles) {
      if (stillUsed.has(path)) continue;
      const size = ctx.state.storage.files[path]?.bytes.length ?? 0;
      if (deleteFile(ctx.state.storage, path)) ctx.emit('file.discarded', { path, size, reason: `checkpoint ${cp.id} discarded: the job finished` }, { flinkRef: 'CompletedCheckpoint#discardOnShutdown (JobStatus.FINISHED)' });
    }
    const h = historyOf(c, cp.id);
    if (h) h.subsumed = true;
  }
  applyRegistryOutcome(ctx, onJobCancelled(ctx.state.registry, discarded.map((cp) => cp.id)));
  c.completed = kept;
}
