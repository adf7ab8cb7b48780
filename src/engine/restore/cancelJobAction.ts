/**
 * The `cancel` action (`flink cancel <jobId>`): the job goes to CANCELED. Its tasks are cancelled,
 * the coordinator shuts down (pending checkpoints aborted as CHECKPOINT_COORDINATOR_SHUTDOWN) and
 * the completed checkpoint store shuts down for a globally terminal state
 * (`DefaultCompletedCheckpointStore#shutdown`): a checkpoint whose properties discard it on
 * cancellation is deleted with its private files, and shared files no kept checkpoint uses are
 * released by the registry. Which checkpoints are discarded is decided by
 * `execution.checkpointing.externalized-checkpoint-retention` (`CheckpointProperties
 * #discardOnJobCancelled`): RETAIN_ON_CANCELLATION keeps them, DELETE_ON_CANCELLATION and
 * NO_EXTERNALIZED_CHECKPOINTS (Flink 1.20's default) delete them. A snapshot the job was started
 * from in NO_CLAIM or LEGACY mode is never the job's to delete; savepoints are the user's.
 */
import { onJobCancelled } from '../registry';
import { applyRegistryOutcome } from '../coordinator/registryBridge';
import { historyOf } from '../coordinator/coordinatorState';
import type { StepContext } from '../stepContext';
import { deleteFile } from '../storage/remoteStorage';
import { cancelJob } from './restoreJob';

export function cancelJobAction(ctx: StepContext): void {
  const job = ctx.state.job;
  const retention = ctx.state.scenario.checkpointing.externalizedRetention;
  if (job.canceled) {
    ctx.emit('restore.failed', { reason: 'the job is already cancelled: submit a new job from a kept checkpoint or savepoint (restore)' }, { task: 'jobmanager' });
    return;
  }
  cancelJob(ctx, 'CHECKPOINT_COORDINATOR_SHUTDOWN');
  ctx.state.job.running = false;
  ctx.state.job.restoring = null;
  ctx.state.job.canceled = true;
  const c = ctx.state.coordinator;
  const discardOnCancel = retention !== 'RETAIN_ON_CANCELLATION';
  const discarded = c.completed.filter((cp) => discardOnCancel && cp.owned && cp.restoredMode !== 'NO_CLAIM' && cp.restoredMode !== 'LEGACY');
  const kept = c.completed.filter((cp) => !discarded.includes(cp));
  ctx.emit('job.canceled', { retention, discarded: discarded.map((cp) => cp.id), kept: kept.map((cp) => cp.id), savepoints: c.savepoints.map((s) => s.id) }, { task: 'jobmanager' });
  const stillUsed = new Set([...kept, ...c.savepoints].flatMap((cp) => cp.files));
  for (const cp of discarded) {
    for (const path of cp.exclusiveFiles) {
      if (stillUsed.has(path)) continue;
      const size = ctx.state.storage.files[path]?.bytes.length ?? 0;
      if (deleteFile(ctx.state.storage, path)) ctx.emit('file.discarded', { path, size, reason: `checkpoint ${cp.id} discarded: the job was cancelled (${retention})` }, { flinkRef: 'CompletedCheckpoint#discardOnShutdown' });
    }
    const h = historyOf(c, cp.id);
    if (h) h.subsumed = true;
  }
  const registered = discarded.filter((cp) => !cp.isSavepoint).map((cp) => cp.id);
  applyRegistryOutcome(ctx, onJobCancelled(ctx.state.registry, registered));
  // What stays listed: the kept checkpoints (externalized, restorable by a new job) and the savepoints.
  c.completed = kept;
}
