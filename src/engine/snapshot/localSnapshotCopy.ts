/**
 * The task-local copy a keyed snapshot writes beside its remote files when local recovery is on
 * (local backup falls back to `execution.state-recovery.from-local`, `CheckpointingOptions#LOCAL_BACKUP_ENABLED`):
 *
 * - HashMap backend: `HeapSnapshotStrategy` writes checkpoints (not savepoints) through
 *   `CheckpointStreamWithResultProvider#createDuplicatingStream`: the same bytes go to the remote
 *   stream (primary) and to a file in the subtask's local checkpoint directory (secondary); the
 *   local `KeyGroupsStateHandle` has the same key-group offsets.
 * - RocksDB (incremental and native full): `RocksDBSnapshotStrategyBase#prepareLocalSnapshotDirectory`
 *   puts the native checkpoint into a permanent directory in the local checkpoint directory instead
 *   of a temporary one, so every live SST (reused or uploaded now), MANIFEST, CURRENT and OPTIONS
 *   stay on local disk; the state meta data goes through a duplicating stream too
 *   (`#materializeMetaData`).
 *
 * The copy is taken in the synchronous part (the files it names are the native checkpoint's) and
 * registered when the task reports its snapshot (taskLocalStateStore.ts).
 */
import type { StepContext } from '../stepContext';
import type { RunningSnapshot } from '../job/taskCheckpointing';
import { liveSstFiles } from '../lsm';
import type { HandleAndLocalPath, KeyedStateHandle, StreamStateHandle } from '../format/stateHandles';
import { allocationIdOf, localCheckpointDir, localDiskOf, localRecoveryEnabled, slotOf } from './taskLocalStateStore';
import type { SnapshotRequest } from './taskSnapshot';

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Adds the local copy to a keyed checkpoint's running snapshot when local recovery is on. */
export function withLocalCopy(ctx: StepContext, req: SnapshotRequest, running: RunningSnapshot): RunningSnapshot {
  if (!localRecoveryEnabled(ctx.state) || req.isSavepoint) return running;
  const keyed = running.state.keyed;
  if (!keyed || keyed.type === 'changelog') return running;
  const { taskManager, slot } = slotOf(ctx, req.task);
  const disk = localDiskOf(ctx, taskManager);
  const allocationId = allocationIdOf(disk, slot);
  const jobId = ctx.state.coordinator.jobId;
  const dir = localCheckpointDir(allocationId, jobId, req.task, req.checkpointId);
  const uploaded = new Map(running.uploads.map((u) => [u.path, u.bytes]));
  const files: Record<string, Uint8Array> = {};
  const local = (path: string, bytes: Uint8Array): StreamStateHandle => {
    files[path] = bytes;
    return { type: 'file', path, size: bytes.length };
  };
  // The secondary stream holds the bytes the primary stream wrote (inline or as a file).
  const duplicate = (h: StreamStateHandle): StreamStateHandle => {
    const bytes = h.type === 'inline' ? h.bytes : uploaded.get(h.path);
    if (!bytes) throw new Error(`local copy: no bytes for ${h.type === 'file' ? h.path : h.name}`);
    return local(`${dir}/${h.type === 'inline' ? h.name : baseName(h.path)}`, bytes);
  };
  let copy: KeyedStateHandle;
  if (keyed.type === 'keyGroups') {
    copy = { ...keyed, delegate: duplicate(keyed.delegate) };
  } else {
    // The native checkpoint's directory: every file under its RocksDB name, reused SSTs included.
    const backend = ctx.state.job.keyed[req.task]!.backend;
    const live = new Map(backend.type === 'rocksdb' ? liveSstFiles(backend.rocks.db).map((f) => [f.fileNumber, f.bytes]) : []);
    const inDir = (p: HandleAndLocalPath): HandleAndLocalPath => {
      const bytes = (p.sst !== null ? live.get(p.sst) : undefined) ?? (p.handle.type === 'file' ? uploaded.get(p.handle.path) : p.handle.bytes);
      if (!bytes) throw new Error(`local copy: no bytes for ${p.localPath}`);
      return { ...p, handle: local(`${dir}/rocks/${p.localPath}`, bytes) };
    };
    copy = { ...keyed, sharedState: keyed.sharedState.map(inDir), privateState: keyed.privateState.map(inDir), metaStateHandle: duplicate(keyed.metaStateHandle) };
  }
  return { ...running, localCopy: { checkpointId: req.checkpointId, jobId, allocationId, taskManager, keyed: copy, files } };
}
