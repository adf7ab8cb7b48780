/**
 * Restoring a keyed subtask with local recovery (`TaskStateManagerImpl#prioritizedOperatorState`):
 * the JobManager's remote handle is the ground truth; the task-local copy of the same checkpoint,
 * found in the store of the slot the task restarted in, is tried first when it stands for the
 * same key groups (`PrioritizedOperatorSubtaskState.Builder#computePrioritizedAlternatives`, keyed
 * by `KeyGroupRange`). The local copy is read from the TaskManager's disk with the same restore
 * operations (`HeapRestoreOperation`, `RocksDBIncrementalRestoreOperation`), so nothing of that
 * subtask's keyed state is downloaded.
 *
 * The scheduler's part: with local recovery Flink selects slots with
 * `PreviousAllocationSlotSelectionStrategy` and `PreferredAllocationRequestSlotMatchingStrategy`,
 * so a restarted task returns to its previous slot when that slot still exists. The engine's
 * placement is fixed (subtask i in slot i), which is that preference always succeeding; after a
 * TaskManager loss the slot is on the replacement, whose disk is empty.
 */
import type { EventPayloads } from '../events';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import type { KeyedBackendData } from '../job/keyedBackend';
import type { StepContext } from '../stepContext';
import type { KeyedStateHandle } from '../format/stateHandles';
import { findLocalState, localDiskOf, localRecoveryEnabled, retrieveLocalState, slotOf, type LocalTaskStateSnapshot } from '../snapshot/taskLocalStateStore';
import { taskManagerName } from '../job/changelog/changelogTaskState';
import type { RemoteStorageState, StoredFile } from '../storage/remoteStorage';
import { restoreKeyedState, type KeyedRestoreResult } from './restoreKeyedState';

export type LocalRestoreReason = EventPayloads['restore.localState']['reason'];

export interface KeyedStateChoice {
  local: LocalTaskStateSnapshot | null;
  reason: LocalRestoreReason;
}

function sameRange(a: KeyGroupRange, b: KeyGroupRange): boolean {
  return a.startKeyGroup === b.startKeyGroup && a.endKeyGroup === b.endKeyGroup;
}

/**
 * Whether `task` can restore its keyed state locally from `handles` (the remote handles it
 * overlaps), looked up without changing the store; null when local recovery is off or there is
 * no keyed state to restore.
 */
export function localAlternative(ctx: StepContext, task: string, checkpointId: number, handles: readonly KeyedStateHandle[]): KeyedStateChoice | null {
  if (!localRecoveryEnabled(ctx.state) || handles.length === 0) return null;
  if (handles.some((h) => h.type === 'changelog')) return { local: null, reason: 'changelog' };
  const found = findLocalState(ctx, task, checkpointId);
  if (!found) return { local: null, reason: 'no-local-copy' };
  // One remote handle for exactly the local copy's key groups: else the job was rescaled.
  if (handles.length !== 1 || !sameRange(handles[0]!.keyGroupRange, found.keyed.keyGroupRange)) return { local: null, reason: 'other-key-groups' };
  return { local: found, reason: 'found' };
}

/** The choice as the task makes it when it restores: retrieves the local state and prunes the rest of its store. */
export function prioritizedKeyedState(ctx: StepContext, task: string, checkpointId: number, handles: readonly KeyedStateHandle[]): KeyedStateChoice | null {
  const choice = localAlternative(ctx, task, checkpointId, handles);
  if (choice) retrieveLocalState(ctx, task, checkpointId);
  return choice;
}

/** The TaskManager's local disk seen through the file-system interface the restore operations read. */
function localFileSystem(ctx: StepContext, task: string, snapshot: LocalTaskStateSnapshot): RemoteStorageState {
  const disk = localDiskOf(ctx, slotOf(ctx, task).taskManager);
  const files: Record<string, StoredFile> = {};
  for (const path of snapshot.files) {
    const bytes = disk.files[path];
    if (!bytes) throw new Error(`local state: ${path} is missing from ${disk.taskManager}'s disk`);
    files[path] = { path, bytes, meta: { scope: 'exclusive', kind: 'private', task, checkpointId: snapshot.checkpointId, writtenAtMs: 0, sst: null } };
  }
  return { files, bytesWritten: 0, bytesDeleted: 0, outbox: [], failingUploads: null };
}

/**
 * Restores `target` from the local copy. `files` stays empty (nothing downloaded); `localFiles`
 * lists what was read from disk. The SSTs a next incremental checkpoint may reuse are the remote
 * handle's: the local copy stands for them, the uploads stay where they are.
 */
export function restoreFromLocalCopy(ctx: StepContext, task: string, range: KeyGroupRange, target: KeyedBackendData, snapshot: LocalTaskStateSnapshot, remote: KeyedStateHandle): KeyedRestoreResult & { localFiles: { path: string; size: number }[] } {
  const res = restoreKeyedState(localFileSystem(ctx, task, snapshot), ctx.state.scenario, target, range, [snapshot.keyed]);
  const reusable =
    res.reusable && remote.type === 'incremental'
      ? remote.sharedState.map((sh) => ({ sst: sh.sst!, localPath: sh.localPath, path: sh.handle.type === 'file' ? sh.handle.path : sh.localPath, size: sh.handle.type === 'file' ? sh.handle.size : 0 }))
      : null;
  return { files: [], entries: res.entries, reusable, localFiles: res.files };
}

/** The `restore.localState` event: where the subtask's keyed state came from, with the bytes read from each side. */
export function emitKeyedStateSource(ctx: StepContext, task: string, checkpointId: number, choice: KeyedStateChoice, localFiles: readonly { size: number }[], remoteFiles: readonly { size: number }[]): void {
  const sum = (l: readonly { size: number }[]) => l.reduce((n, f) => n + f.size, 0);
  ctx.emit(
    'restore.localState',
    {
      checkpointId,
      taskManager: taskManagerName(slotOf(ctx, task).taskManager),
      source: choice.local ? 'local' : 'remote',
      reason: choice.reason,
      localFiles: localFiles.length,
      localBytes: sum(localFiles),
      remoteFiles: remoteFiles.length,
      remoteBytes: sum(remoteFiles),
    },
    { task },
  );
}
