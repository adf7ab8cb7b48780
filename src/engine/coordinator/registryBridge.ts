/**
 * Between the coordinator and the shared state registry: turns acknowledged handles into the
 * registry's shared-file handles and carries out the deletions the registry decides, each with
 * a `file.discarded` event naming the Flink rule that made the decision.
 */
import { onCheckpointAborted, onCheckpointAcknowledged, onCheckpointCompleted, registryKeyForPath, type RegistryOutcome, type SharedFileHandle, type SnapshotKind } from '../registry';
import { filesOfKeyedHandle, type SubtaskStateSnapshot } from '../format/stateHandles';
import type { StepContext } from '../stepContext';
import { deleteFile } from '../storage/remoteStorage';

const REASON_TEXT: Record<string, string> = {
  'reference-count-zero': 'reference count reached 0',
  'unused-below-lowest-retained': 'last used below the lowest retained checkpoint',
  'aborted-checkpoint': 'uploaded for an aborted checkpoint',
  'late-acknowledgement': 'late acknowledgement of an aborted checkpoint',
  'duplicate-upload': 'a duplicate upload under a registered key',
  'replaced-unconfirmed-upload': 'replaced by a newer upload under the same key',
};

/** The shared files a subtask's handle reports (new uploads and placeholders). */
export function sharedFilesOf(task: string, state: SubtaskStateSnapshot): SharedFileHandle[] {
  const k = state.keyed;
  if (!k) return [];
  if (k.type === 'incremental') {
    return k.sharedState.flatMap((s) =>
      s.handle.type === 'file' ? [{ key: registryKeyForPath(s.handle.path), path: s.handle.path, sizeBytes: s.handle.size, task, localName: s.localPath, placeholder: !s.uploadedNow }] : [],
    );
  }
  if (k.type !== 'changelog') return [];
  // `ChangelogStateBackendHandleImpl#registerSharedStates`: every file of the materialized part
  // (the JobManager owns a materialization as a whole) and every DSTL file the change sets are in.
  return filesOfKeyedHandle(k).flatMap((f) =>
    f.type === 'file' ? [{ key: registryKeyForPath(f.path), path: f.path, sizeBytes: f.size, task, localName: f.path.slice(f.path.lastIndexOf('/') + 1), placeholder: false }] : [],
  );
}

/** DSTL files, and files of a materialization (in taskowned/), until a completed checkpoint uses them. */
function ownedByTaskManagerUntilConfirmed(ctx: StepContext, path: string): boolean {
  const f = ctx.state.storage.files[path];
  return f !== undefined && (f.meta.kind === 'dstl' || f.meta.scope === 'taskowned');
}

/** Deletes what the registry gave up on and reports each file. */
export function applyRegistryOutcome(ctx: StepContext, outcome: RegistryOutcome): void {
  // A savepoint still listed is the user's: no job deletes its files. A new job from it protects
  // them through its restore mode (submitJob.ts); the engine also lets the running job restart
  // from its own savepoint in place, which Flink only does as a new job, so the registry there
  // never saw the savepoint's files and could give them up once a materialization replaced them.
  const usersSavepoints = new Set(ctx.state.coordinator.savepoints.flatMap((s) => s.files));
  for (const d of outcome.deleted) {
    if (usersSavepoints.has(d.path)) continue;
    // A changelog handle's discardState does nothing (`ChangelogStateBackendHandleImpl`): DSTL files
    // and materialized files of an aborted checkpoint still belong to the TaskManager, whose writer
    // reuses them in the next checkpoint (or releases them on truncation).
    if ((d.reason === 'aborted-checkpoint' || d.reason === 'late-acknowledgement') && ownedByTaskManagerUntilConfirmed(ctx, d.path)) continue;
    const size = ctx.state.storage.files[d.path]?.bytes.length ?? d.sizeBytes;
    if (deleteFile(ctx.state.storage, d.path)) {
      ctx.emit('file.discarded', { path: d.path, size, reason: `${REASON_TEXT[d.reason] ?? d.reason} (checkpoint ${d.atCheckpointId})` }, { flinkRef: d.flinkRef });
    }
  }
}

/**
 * The files a Flink ≤ 1.14 savepoint registers: every file of its keyed state. Its keyed handle is
 * what a changelog backend restored from it carries as the materialized part of every later
 * checkpoint (`ChangelogStateBackendHandleImpl#getChangelogStateBackendHandle`), and those
 * checkpoints register it by file; the savepoint's own reference keeps it while the savepoint lives.
 */
export function savepointFilesOf(task: string, state: SubtaskStateSnapshot): SharedFileHandle[] {
  if (!state.keyed) return [];
  return filesOfKeyedHandle(state.keyed).flatMap((f) =>
    f.type === 'file' ? [{ key: registryKeyForPath(f.path), path: f.path, sizeBytes: f.size, task, localName: f.path.slice(f.path.lastIndexOf('/') + 1), placeholder: false }] : [],
  );
}

/** Savepoints register only under Flink ≤ 1.14's reference counts (see `SnapshotKind`). */
function kindOf(ctx: StepContext, isSavepoint: boolean): SnapshotKind {
  if (!isSavepoint) return 'checkpoint';
  return ctx.state.registry.model === 'refcount' ? 'registered-savepoint' : 'savepoint';
}

export function registryAcknowledged(ctx: StepContext, checkpointId: number, task: string, state: SubtaskStateSnapshot, isSavepoint: boolean): void {
  const kind = kindOf(ctx, isSavepoint);
  const files = kind === 'registered-savepoint' ? savepointFilesOf(task, state) : sharedFilesOf(task, state);
  applyRegistryOutcome(ctx, onCheckpointAcknowledged(ctx.state.registry, checkpointId, files, kind));
}

/** `retainedIds`: the store after the completion (a savepoint outside it is not among them). */
export function registryCompleted(ctx: StepContext, checkpointId: number, retainedIds: number[], isSavepoint: boolean): void {
  applyRegistryOutcome(ctx, onCheckpointCompleted(ctx.state.registry, checkpointId, retainedIds, kindOf(ctx, isSavepoint)));
}

export function registryAborted(ctx: StepContext, checkpointId: number, isSavepoint: boolean): void {
  applyRegistryOutcome(ctx, onCheckpointAborted(ctx.state.registry, checkpointId, kindOf(ctx, isSavepoint)));
}
