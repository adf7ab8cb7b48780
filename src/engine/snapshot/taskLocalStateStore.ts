/**
 * Local recovery's task-local state (`execution.state-recovery.from-local`, ≤1.19
 * `state.backend.local-recovery`, default false): each TaskManager keeps, on its own local disk, a
 * copy of what its subtasks' snapshots wrote to remote storage, so a task restarted in the same
 * slot restores without downloading.
 *
 * - `TaskExecutorLocalStateStoresManager`: per TaskManager, the stores of the subtasks in its slots
 *   (by allocation: `localState/aid_<allocation>/jid_<job>/vtx_<vertex>_sti_<index>/chk_<id>/`,
 *   `LocalSnapshotDirectoryProviderImpl`). The disk goes with the TaskManager: a replacement after
 *   a loss starts empty.
 * - `TaskLocalStateStoreImpl`: per subtask, the local snapshots by checkpoint id.
 *   `storeLocalState` when the task reports its snapshot (right before it acknowledges),
 *   `confirmCheckpoint(n)` drops every older one (`pruneCheckpoints(id < n)`), `abortCheckpoint(n)`
 *   drops n, and a restore keeps only the restored checkpoint (`TaskStateManagerImpl#prioritizedOperatorState`
 *   → `pruneMatchingCheckpoints(id != restored)`).
 *
 * Engine state only: nothing here reaches the remote storage mirrored into IndexedDB.
 */
import type { StepContext } from '../stepContext';
import type { EngineState } from '../state';
import type { KeyedStateHandle } from '../format/stateHandles';
import type { LocalSnapshotCopy } from '../job/taskCheckpointing';
import { taskManagerName } from '../job/changelog/changelogTaskState';

/** One subtask's local snapshot of one checkpoint (the local `TaskStateSnapshot`'s keyed part). */
export interface LocalTaskStateSnapshot {
  checkpointId: number;
  jobId: string;
  allocationId: string;
  /** The keyed state handle of the local copy: its files are on the TaskManager's disk. */
  keyed: KeyedStateHandle;
  /** Paths on the local disk that belong to this snapshot. */
  files: string[];
  bytes: number;
}

/** One TaskManager's local disk with the stores of the subtasks in its slots. */
export interface TaskManagerLocalDisk {
  taskManager: string;
  /** 0 for the TaskManager the job started on; +1 for each replacement after a loss. */
  incarnation: number;
  /** Local files by path (immutable bytes). */
  files: Record<string, Uint8Array>;
  /** `TaskLocalStateStoreImpl.storedTaskStateByCheckpointID` per subtask, ascending by id. */
  stores: Record<string, LocalTaskStateSnapshot[]>;
}

export type { LocalSnapshotCopy };

export interface TaskLocalStates {
  taskManagers: Record<string, TaskManagerLocalDisk>;
}

/** Whether the scenario runs with local recovery (and local backup, which falls back to it). */
export function localRecoveryEnabled(state: Pick<EngineState, 'scenario'>): boolean {
  return state.scenario.stateBackend.localRecovery === true;
}

/** The local disk of TaskManager `index`, created empty on first use. */
export function localDiskOf(ctx: StepContext, index: number): TaskManagerLocalDisk {
  const all = (ctx.state.localState ??= { taskManagers: {} });
  const tm = taskManagerName(index);
  return (all.taskManagers[tm] ??= { taskManager: tm, incarnation: 0, files: {}, stores: {} });
}

/** The TaskManager index and slot of a subtask: slot sharing puts subtask i of every vertex into slot i. */
export function slotOf(ctx: StepContext, task: string): { taskManager: number; slot: number } {
  const info = ctx.state.job.topology.subtasks.find((s) => s.name === task);
  if (!info) throw new Error(`local state: no subtask ${task}`);
  const perTm = ctx.state.scenario.job.slotsPerTaskManager;
  return { taskManager: info.taskManager, slot: info.index % perTm };
}

/** `aid_<allocation>`: the slot's allocation on this incarnation of the TaskManager. */
export function allocationIdOf(disk: TaskManagerLocalDisk, slot: number): string {
  return `${disk.taskManager}.${disk.incarnation}-slot${slot}`;
}

/** `LocalSnapshotDirectoryProviderImpl#subtaskSpecificCheckpointDirectory`. */
export function localCheckpointDir(allocationId: string, jobId: string, task: string, checkpointId: number): string {
  const hash = task.lastIndexOf('#');
  return `localState/aid_${allocationId}/jid_${jobId}/vtx_${task.slice(0, hash)}_sti_${task.slice(hash + 1)}/chk_${checkpointId}`;
}

function sizeOf(disk: TaskManagerLocalDisk, paths: readonly string[]): number {
  return paths.reduce((n, p) => n + (disk.files[p]?.length ?? 0), 0);
}

/** Deletes snapshots of `task` that `drop` matches; returns them (`pruneCheckpoints`). */
function prune(disk: TaskManagerLocalDisk, task: string, drop: (id: number) => boolean): LocalTaskStateSnapshot[] {
  const list = disk.stores[task] ?? [];
  const gone = list.filter((s) => drop(s.checkpointId));
  if (gone.length === 0) return [];
  disk.stores[task] = list.filter((s) => !drop(s.checkpointId));
  for (const s of gone) for (const p of s.files) delete disk.files[p];
  return gone;
}

function emitPruned(ctx: StepContext, task: string, disk: TaskManagerLocalDisk, gone: LocalTaskStateSnapshot[], why: 'confirmed' | 'aborted' | 'restored', checkpointId: number): void {
  if (gone.length === 0) return;
  ctx.emit(
    'localState.pruned',
    { taskManager: disk.taskManager, checkpointIds: gone.map((s) => s.checkpointId), bytes: gone.reduce((n, s) => n + s.bytes, 0), why, checkpointId, kept: (disk.stores[task] ?? []).map((s) => s.checkpointId) },
    { task },
  );
}

/** `TaskLocalStateStoreImpl#storeLocalState`: the local copy is written to the disk and registered. */
export function storeLocalState(ctx: StepContext, task: string, copy: LocalSnapshotCopy): void {
  const disk = localDiskOf(ctx, copy.taskManager);
  // A copy taken on an earlier incarnation of this TaskManager never reaches the new one's disk.
  if (!copy.allocationId.startsWith(`${disk.taskManager}.${disk.incarnation}-`)) return;
  const paths = Object.keys(copy.files);
  for (const p of paths) disk.files[p] = copy.files[p]!;
  const list = (disk.stores[task] ??= []);
  const snapshot: LocalTaskStateSnapshot = { checkpointId: copy.checkpointId, jobId: copy.jobId, allocationId: copy.allocationId, keyed: copy.keyed, files: paths, bytes: sizeOf(disk, paths) };
  list.push(snapshot);
  list.sort((a, b) => a.checkpointId - b.checkpointId);
  ctx.emit(
    'localState.stored',
    { checkpointId: copy.checkpointId, taskManager: disk.taskManager, dir: localCheckpointDir(copy.allocationId, copy.jobId, task, copy.checkpointId), files: paths.length, bytes: snapshot.bytes, kept: list.map((s) => s.checkpointId) },
    { task },
  );
}

function diskOfTask(ctx: StepContext, task: string): TaskManagerLocalDisk | null {
  if (!ctx.state.localState) return null;
  return localDiskOf(ctx, slotOf(ctx, task).taskManager);
}

/** `TaskLocalStateStoreImpl#confirmCheckpoint`: every local snapshot older than `checkpointId` goes. */
export function confirmLocalState(ctx: StepContext, task: string, checkpointId: number): void {
  const disk = diskOfTask(ctx, task);
  if (!disk) return;
  emitPruned(ctx, task, disk, prune(disk, task, (id) => id < checkpointId), 'confirmed', checkpointId);
}

/** `TaskLocalStateStoreImpl#abortCheckpoint`: the aborted checkpoint's local snapshot goes. */
export function abortLocalState(ctx: StepContext, task: string, checkpointId: number): void {
  const disk = diskOfTask(ctx, task);
  if (!disk) return;
  emitPruned(ctx, task, disk, prune(disk, task, (id) => id === checkpointId), 'aborted', checkpointId);
}

/** The local snapshot of `checkpointId` for `task` in its current slot, without changing anything. */
export function findLocalState(ctx: StepContext, task: string, checkpointId: number): LocalTaskStateSnapshot | null {
  const disk = diskOfTask(ctx, task);
  if (!disk) return null;
  const { slot } = slotOf(ctx, task);
  const alloc = allocationIdOf(disk, slot);
  const jobId = ctx.state.coordinator.jobId;
  return (disk.stores[task] ?? []).find((s) => s.checkpointId === checkpointId && s.allocationId === alloc && s.jobId === jobId) ?? null;
}

/**
 * `TaskLocalStateStoreImpl#retrieveLocalState` then `pruneMatchingCheckpoints(id != restored)`, as
 * `TaskStateManagerImpl#prioritizedOperatorState` does when the task restores.
 */
export function retrieveLocalState(ctx: StepContext, task: string, checkpointId: number): LocalTaskStateSnapshot | null {
  const found = findLocalState(ctx, task, checkpointId);
  const disk = diskOfTask(ctx, task);
  if (disk) emitPruned(ctx, task, disk, prune(disk, task, (id) => id !== checkpointId), 'restored', checkpointId);
  return found;
}

/** Bytes of a local file, for the restore operations reading the local disk. */
export function localFileBytes(ctx: StepContext, task: string, path: string): Uint8Array | undefined {
  return diskOfTask(ctx, task)?.files[path];
}

/**
 * A TaskManager is lost: its local disk goes with it. The replacement the ResourceManager starts
 * has an empty local state directory (a new incarnation, new allocations). Returns the bytes lost.
 */
export function replaceTaskManager(ctx: StepContext, index: number): { lostBytes: number; lostSnapshots: number } {
  const disk = localDiskOf(ctx, index);
  const lostBytes = Object.values(disk.files).reduce((n, b) => n + b.length, 0);
  const lostSnapshots = Object.values(disk.stores).reduce((n, l) => n + l.length, 0);
  ctx.state.localState!.taskManagers[disk.taskManager] = { taskManager: disk.taskManager, incarnation: disk.incarnation + 1, files: {}, stores: {} };
  return { lostBytes, lostSnapshots };
}
