/**
 * Submitting the job with a retained checkpoint or savepoint (`flink run -s <path>`), as the app
 * does after a page reload: the files come from durable storage (IndexedDB), the first step
 * reads `_metadata` from them and every subtask restores. Flink's default restore mode since
 * 1.15 is NO_CLAIM: the new job may fail over to that snapshot but never deletes its files.
 */
import { registerRestored, type SharedFileHandle } from '../registry';
import { applyRegistryOutcome, sharedFilesOf } from '../coordinator/registryBridge';
import type { StepContext } from '../stepContext';
import type { StoredFile } from '../storage/remoteStorage';
import { restoreFromMetadata } from './restoreJob';
import type { EngineState } from '../state';
import type { SubtaskStateSnapshot } from '../snapshot/stateHandles';

export interface RetainedCheckpointImport {
  checkpointId: number;
  isSavepoint: boolean;
  metadataPath: string;
  /** The files read back from durable storage. */
  files: StoredFile[];
}

/** Puts the imported files into the engine's storage model before the first step. */
export function importRetained(state: EngineState, start: RetainedCheckpointImport): void {
  for (const f of start.files) state.storage.files[f.path] = { path: f.path, bytes: f.bytes, meta: { ...f.meta } };
  state.coordinator.startFrom = { checkpointId: start.checkpointId, isSavepoint: start.isSavepoint, metadataPath: start.metadataPath };
  state.coordinator.nextCheckpointId = start.checkpointId + 1;
}

/** The first step of a job submitted with a retained checkpoint: restore from it. */
export function startFromRetained(ctx: StepContext): void {
  const from = ctx.state.coordinator.startFrom!;
  const meta = restoreFromMetadata(ctx, from.metadataPath, undefined, false);
  if (!meta) return;
  const tasks: Record<string, SubtaskStateSnapshot> = {};
  const shared: SharedFileHandle[] = [];
  for (const op of meta.operators) {
    op.subtasks.forEach((st, i) => {
      const task = `${op.vertex}#${i}`;
      tasks[task] = st;
      // In a completed checkpoint every shared handle points at a real upload: none is a placeholder.
      shared.push(...sharedFilesOf(task, st).map((f) => ({ ...f, placeholder: false })));
    });
  }
  const files = Object.values(ctx.state.storage.files).map((f) => f.path);
  ctx.state.coordinator.completed.push({
    id: meta.checkpointId,
    isSavepoint: meta.isSavepoint,
    triggerMs: meta.triggerMs,
    completeMs: ctx.nowMs,
    metadataPath: from.metadataPath,
    tasks,
    files,
    exclusiveFiles: [],
    owned: false,
  });
  if (!meta.isSavepoint) applyRegistryOutcome(ctx, registerRestored(ctx.state.registry, meta.checkpointId, shared, 'NO_CLAIM'));
}
