/**
 * The task side of checkpointing, per subtask, as plain data: the barrier alignment in progress
 * (Flink's `SingleCheckpointBarrierHandler`), the records held back on blocked channels, and
 * the snapshots whose asynchronous part is still running (`AsyncCheckpointRunnable`).
 */
import type { StoredFileMeta } from '../storage/remoteStorage';
import type { HeapKeyedStateBackendSnapshot } from '../state/heapKeyedStateBackend';
import type { SubtaskStateSnapshot } from '../snapshot/stateHandles';

export interface Alignment {
  checkpointId: number;
  isSavepoint: boolean;
  triggerMs: number;
  firstBarrierMs: number;
  /** Input channels (upstream subtasks) whose barrier has arrived. */
  arrived: string[];
}

/** A record that arrived on a channel already blocked by barrier n: it belongs after the snapshot. */
export interface HeldRecord {
  from: string;
  key: string | number;
  keyGroup: number;
  value: number;
}

/** A file the asynchronous part will upload. */
export interface PendingUpload {
  path: string;
  bytes: Uint8Array;
  meta: StoredFileMeta;
}

/** A snapshot whose synchronous part is done and whose asynchronous part (upload) is running. */
export interface RunningSnapshot {
  checkpointId: number;
  isSavepoint: boolean;
  barrierFirstMs: number;
  syncStartMs: number;
  alignmentDurationMs: number;
  uploads: PendingUpload[];
  state: SubtaskStateSnapshot;
  stateSize: number;
  /** The heap backend's copy-on-write snapshot, held until the upload ends. */
  heapSnapshot: HeapKeyedStateBackendSnapshot | null;
}

export interface TaskCheckpointing {
  aligning: Alignment | null;
  held: HeldRecord[];
  running: RunningSnapshot[];
  /** The last checkpoint this task was told completed (`notifyCheckpointComplete`). */
  lastCompletedCheckpointId: number;
}

export function createTaskCheckpointing(): TaskCheckpointing {
  return { aligning: null, held: [], running: [], lastCompletedCheckpointId: 0 };
}
