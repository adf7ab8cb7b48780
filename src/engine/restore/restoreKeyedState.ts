/**
 * Rebuilding one keyed subtask from a checkpoint's handles, reading every byte from remote
 * storage (Flink's `HeapRestoreOperation` for full snapshots). On rescale the subtask's new
 * key-group range overlaps several old handles; from each it reads only its key groups, using
 * the per-key-group offsets in the handle.
 */
import { keyGroupRangeIntersection, isEmptyKeyGroupRange, type KeyGroupRange } from '../keys/keyGroupRange';
import { openKeyedBackend, type KeyedBackendData } from '../job/keyedBackend';
import type { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import { readFullSnapshot } from '../snapshot/fullSnapshotFormat';
import type { KeyedStateHandle } from '../snapshot/stateHandles';
import { readFile, type RemoteStorageState } from '../storage/remoteStorage';

export interface KeyedRestoreResult {
  files: { path: string; size: number }[];
  entries: number;
}

/** The old handles whose key groups overlap `range` (what a new subtask must download). */
export function overlappingHandles(handles: readonly KeyedStateHandle[], range: KeyGroupRange): KeyedStateHandle[] {
  return handles.filter((h) => !isEmptyKeyGroupRange(keyGroupRangeIntersection(h.keyGroupRange, range)));
}

/** Bytes a subtask downloads to restore `range` from `handles`. */
export function downloadBytes(handles: readonly KeyedStateHandle[]): number {
  let n = 0;
  for (const h of handles) if (h.type === 'keyGroups' && h.delegate.type === 'file') n += h.delegate.size;
  return n;
}

/** Restores `target` (an empty backend for `range`) from `handles`, reading bytes from storage. */
export function restoreKeyedState(storage: RemoteStorageState, target: KeyedBackendData, range: KeyGroupRange, handles: readonly KeyedStateHandle[]): KeyedRestoreResult {
  const files: KeyedRestoreResult['files'] = [];
  let entries = 0;
  for (const h of overlappingHandles(handles, range)) {
    if (h.type !== 'keyGroups') throw new Error(`Restoring a ${h.type} handle into a ${target.type} backend is not supported yet`);
    const wanted = keyGroupRangeIntersection(h.keyGroupRange, range);
    let bytes: Uint8Array;
    let where: string;
    if (h.delegate.type === 'file') {
      bytes = readFile(storage, h.delegate.path);
      where = h.delegate.path;
      files.push({ path: h.delegate.path, size: bytes.length });
    } else {
      bytes = h.delegate.bytes;
      where = `inline ${h.delegate.name}`;
    }
    const read = readFullSnapshot(bytes, h.offsets, wanted, where);
    const backend = openKeyedBackend(target) as HeapKeyedStateBackend;
    for (const e of read.entries) {
      backend.restoreEntry(read.states[e.stateIndex]!, e.keyGroup, e.key, e.namespace, e.stored);
      entries += 1;
    }
  }
  return { files, entries };
}
