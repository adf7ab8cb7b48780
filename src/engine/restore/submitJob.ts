/**
 * Submitting a job with a retained checkpoint or savepoint (`flink run -s <path>` with
 * `execution.state-recovery.claim-mode`): the new job gets a new JobID, an empty completed
 * checkpoint store and shared state registry, loads the snapshot into them in its restore mode
 * (`CheckpointCoordinator#restoreSavepoint`) and restores every subtask from it. Used after a page
 * reload (the files come back from IndexedDB) and by a `restore` action with a mode or after a
 * `cancel`.
 *
 *   CLAIM:    the job owns the snapshot (the job's own `CheckpointProperties`): subsumed, it is
 *             deleted, and its shared files age out like the job's own.
 *   NO_CLAIM: `CheckpointProperties.forUnclaimedSnapshot()`: never deleted; the first checkpoint is
 *             a FULL_CHECKPOINT (`forceFullSnapshot`), so later ones depend on nothing of it.
 *   LEGACY:   (deprecated in 1.20, removed in 2.0) `forSavepoint(false, …)`: never deleted, yet
 *             later checkpoints may reference its files.
 */
import { createSharedStateRegistry, registerRestored, type SharedFileHandle } from '../registry';
import { applyRegistryOutcome, savepointFilesOf, sharedFilesOf } from '../coordinator/registryBridge';
import { schedulePeriodicCheckpoints } from '../coordinator/triggerCheckpoint';
import type { CompletedCheckpoint } from '../coordinator/coordinatorState';
import type { RngState } from '../core/rng';
import { nextUint32 } from '../core/rng';
import type { RestoreModeName } from '../scenario/actionSchema';
import type { SubtaskStateSnapshot } from '../format/stateHandles';
import type { StepContext } from '../stepContext';
import { cancelJob, changelogNoClaimRefusal, restoreFromMetadata, type RestoreOptions } from './restoreJob';

/** A Flink-style JobID (32 hex digits), drawn from the seeded generator. */
export function newJobId(rng: RngState): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += nextUint32(rng).toString(16).padStart(8, '0');
  return s;
}

/**
 * The `restore` action with a mode, or after a cancel: a new job from `target`. A job still
 * running is suspended first (`JobStatus.SUSPENDED`: its tasks stop, its completed checkpoints
 * are released, nothing is deleted — `DefaultCompletedCheckpointStore#shutdown`).
 */
export function submitJobFrom(ctx: StepContext, target: CompletedCheckpoint, mode: RestoreModeName, parallelism?: number, changelog?: boolean): void {
  const opts: RestoreOptions = { parallelism, changelog, mode, forceFullSnapshot: mode === 'NO_CLAIM' };
  const refused = changelogNoClaimRefusal(ctx, opts);
  if (refused) {
    ctx.emit('restore.failed', { reason: refused }, { task: 'jobmanager' });
    return;
  }
  const c = ctx.state.coordinator;
  const previousJobId = c.jobId;
  const previousStatus = ctx.state.job.finished ? 'FINISHED' : ctx.state.job.canceled ? 'CANCELED' : 'SUSPENDED';
  if (!ctx.state.job.canceled && !ctx.state.job.finished) cancelJob(ctx, 'CHECKPOINT_COORDINATOR_SHUTDOWN');
  c.jobId = newJobId(ctx.state.rng);
  c.pending = [];
  c.completed = [];
  c.history = [];
  c.continuousFailures = 0;
  c.lastCompletionMs = null;
  // A new job has a new CheckpointFailureManager and CheckpointRequestDecider: nothing queued or counted.
  c.lastSucceededCheckpointId = 0;
  c.countedCheckpointIds = [];
  c.queuedRequests = [];
  c.restored = [];
  // After a stop-with-savepoint the periodic scheduler was stopped; the new job's coordinator starts it.
  if (c.periodicTrigger === null) schedulePeriodicCheckpoints(ctx);
  c.nextCheckpointId = target.id + 1;
  c.startFrom = { checkpointId: target.id, isSavepoint: target.isSavepoint, metadataPath: target.metadataPath, mode };
  ctx.state.registry = createSharedStateRegistry(ctx.state.registry.model);
  // CLAIM: the savepoint becomes the new job's first checkpoint (the job's own `CheckpointProperties`,
  // `CheckpointCoordinator#restoreSavepoint`), deleted once subsumed: it stops being the user's.
  const claimedSavepoint = target.isSavepoint && mode === 'CLAIM' && claimSavepoint(ctx, target.id, target.metadataPath);
  ctx.emit('job.submitted', { jobId: c.jobId, previousJobId, previousStatus, checkpointId: target.id, isSavepoint: target.isSavepoint, mode, claimedSavepoint }, { task: 'jobmanager' });
  loadSnapshot(ctx, target.metadataPath, opts);
}

/**
 * Restores the job from `metadataPath` and loads the snapshot into the completed checkpoint store
 * and the registry in `opts.mode` (`Checkpoints#loadAndValidateCheckpoint`,
 * `CompletedCheckpoint#registerSharedStatesAfterRestored`, `addCheckpointAndSubsumeOldestOne`).
 */
export function loadSnapshot(ctx: StepContext, metadataPath: string, opts: RestoreOptions): void {
  const mode = opts.mode ?? 'NO_CLAIM';
  const meta = restoreFromMetadata(ctx, metadataPath, opts);
  if (!meta) return;
  const tasks: Record<string, SubtaskStateSnapshot> = {};
  const shared: SharedFileHandle[] = [];
  for (const op of meta.operators) {
    op.subtasks.forEach((st, i) => {
      const task = `${op.vertex}#${i}`;
      tasks[task] = st;
      // In a completed checkpoint every shared handle points at a real upload: none is a placeholder.
      // Flink ≤1.14 registers a restored savepoint too (`CompletedCheckpoint#registerSharedStatesAfterRestored`
      // over every snapshot in the store) and never discards it: its references keep its files while
      // changelog checkpoints carry its keyed state as their materialized part.
      const files = meta.isSavepoint ? savepointFilesOf(task, st) : sharedFilesOf(task, st);
      shared.push(...files.map((f) => ({ ...f, placeholder: false })));
    });
  }
  const dir = metadataPath.slice(0, metadataPath.lastIndexOf('/') + 1);
  const exclusiveFiles = Object.keys(ctx.state.storage.files).filter((p) => p.startsWith(dir));
  ctx.state.coordinator.completed.push({
    id: meta.checkpointId,
    isSavepoint: meta.isSavepoint,
    triggerMs: meta.triggerMs,
    completeMs: ctx.nowMs,
    metadataPath,
    tasks,
    files: [...new Set([...exclusiveFiles, ...shared.map((f) => f.path)])],
    exclusiveFiles,
    // Only a claimed snapshot is deleted when subsumed (`CheckpointProperties#discardOnSubsumed`).
    owned: mode === 'CLAIM',
    restoredMode: mode,
  });
  if (!meta.isSavepoint) applyRegistryOutcome(ctx, registerRestored(ctx.state.registry, meta.checkpointId, shared, mode));
  else if (ctx.state.registry.model === 'refcount') applyRegistryOutcome(ctx, registerRestored(ctx.state.registry, meta.checkpointId, shared, mode, 'registered-savepoint'));
  // From 1.15 a savepoint holds no shared state, yet `CompletedCheckpoint#registerSharedStatesAfterRestored`
  // still registers each of its keyed handles (`OperatorSubtaskState#registerSharedState`: an
  // `EmptyDiscardStateObjectForRegister` under the handle's id) unless the restore is unclaimed.
  // A changelog backend restored from it carries that handle as the materialized part of later
  // checkpoints (`StreamStateHandleWrapper`, same key), so the entry is created by the savepoint:
  // in LEGACY mode `highestNotClaimedCheckpointID` ≥ its id keeps its files for good; in CLAIM mode
  // they are deleted once no retained checkpoint uses them. (The engine keys by file, Flink by handle.)
  else if (mode !== 'NO_CLAIM') applyRegistryOutcome(ctx, registerRestored(ctx.state.registry, meta.checkpointId, shared, mode));
}

/** Moves a savepoint from the user's list to the claimed ones (see `CoordinatorState.claimedSavepoints`). */
export function claimSavepoint(ctx: StepContext, id: number, metadataPath: string): boolean {
  // Flink ≤ 1.14 had no restore modes: a savepoint a job started from was never the job's to delete.
  if (ctx.state.scenario.checkpointing.flinkVersion === '<=1.14') return false;
  const c = ctx.state.coordinator;
  c.savepoints = c.savepoints.filter((s) => s.id !== id);
  c.claimedSavepoints.push({ id, metadataPath, jobId: c.jobId, claimedAtMs: ctx.nowMs });
  return true;
}
