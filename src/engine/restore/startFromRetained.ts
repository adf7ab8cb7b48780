/**
 * Submitting the job with a retained checkpoint or savepoint (`flink run -s <path>`), as the app
 * does after a page reload: the files come from durable storage (IndexedDB), the first step
 * reads `_metadata` from them and every subtask restores. The restore mode is the user's choice;
 * Flink's default since 1.15 is NO_CLAIM (`RestoreMode.DEFAULT`): the new job never deletes the
 * snapshot's files and its first checkpoint is a full one.
 */
import type { RestoreModeName } from '../scenario/actionSchema';
import type { StepContext } from '../stepContext';
import type { StoredFile } from '../storage/remoteStorage';
import type { EngineState } from '../state';
import { changelogNoClaimRefusal } from './restoreJob';
import { claimSavepoint, loadSnapshot } from './submitJob';

export interface RetainedCheckpointImport {
  checkpointId: number;
  isSavepoint: boolean;
  metadataPath: string;
  /** The files read back from durable storage. */
  files: StoredFile[];
  /** `execution.state-recovery.claim-mode`; omitted: NO_CLAIM, Flink's default. */
  mode?: RestoreModeName;
}

/** Puts the imported files into the engine's storage model before the first step. */
export function importRetained(state: EngineState, start: RetainedCheckpointImport): void {
  for (const f of start.files) state.storage.files[f.path] = { path: f.path, bytes: f.bytes, meta: { ...f.meta } };
  state.coordinator.startFrom = { checkpointId: start.checkpointId, isSavepoint: start.isSavepoint, metadataPath: start.metadataPath, mode: start.mode ?? 'NO_CLAIM' };
  state.coordinator.nextCheckpointId = start.checkpointId + 1;
}

/** The first step of a job submitted with a retained checkpoint: restore from it in its mode. */
export function startFromRetained(ctx: StepContext): void {
  const from = ctx.state.coordinator.startFrom!;
  const mode = from.mode ?? 'NO_CLAIM';
  const opts = { mode, forceFullSnapshot: mode === 'NO_CLAIM' };
  const refused = changelogNoClaimRefusal(ctx, opts);
  if (refused) {
    ctx.state.job.running = false;
    ctx.emit('restore.failed', { reason: refused }, { task: 'jobmanager' });
    return;
  }
  if (from.isSavepoint && mode === 'CLAIM') claimSavepoint(ctx, from.checkpointId, from.metadataPath);
  loadSnapshot(ctx, from.metadataPath, opts);
}
