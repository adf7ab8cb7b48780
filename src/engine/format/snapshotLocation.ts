/**
 * Where a snapshot's streams go (Flink's `CheckpointStreamFactory` for one checkpoint, an
 * `FsCheckpointStorageLocation`): a stream opened with `CheckpointedStateScope.EXCLUSIVE` lands in
 * the checkpoint's own directory (`chk-<id>` or the savepoint's directory), one opened with
 * `SHARED` in `<jobId>/shared/`. The changelog backend materializes through a factory whose every
 * stream is task-owned (`ChangelogKeyedStateBackend` L253–259 →
 * `CheckpointStorageWorkerView#createTaskOwnedStateStream`): both scopes land in `taskowned/`.
 */
import type { StorageScope } from '../storage/remoteStorage';

/** The storage directory of a checkpoint or savepoint (Flink's `chk-<id>` / `savepoint-…`). */
export function checkpointDir(jobId: string, id: number, isSavepoint: boolean): string {
  return isSavepoint ? `savepoints/savepoint-${jobId.slice(0, 6)}-${id}` : `${jobId}/chk-${id}`;
}

export interface SnapshotLocation {
  /** `CheckpointedStateScope.EXCLUSIVE`. */
  exclusiveDir: string;
  exclusiveScope: StorageScope;
  /** `CheckpointedStateScope.SHARED`. */
  sharedDir: string;
  sharedScope: StorageScope;
}

/** The location of checkpoint (or savepoint) `id`. */
export function checkpointLocation(jobId: string, id: number, isSavepoint: boolean): SnapshotLocation {
  const own = checkpointDir(jobId, id, isSavepoint);
  return { exclusiveDir: own, exclusiveScope: isSavepoint ? 'savepoint' : 'exclusive', sharedDir: `${jobId}/shared`, sharedScope: 'shared' };
}

/** The changelog backend's materialization location: every stream task-owned (`FsCheckpointStorageAccess.taskOwnedStateDirectory`). */
export function taskOwnedLocation(jobId: string): SnapshotLocation {
  const dir = `${jobId}/taskowned`;
  return { exclusiveDir: dir, exclusiveScope: 'taskowned', sharedDir: dir, sharedScope: 'taskowned' };
}
