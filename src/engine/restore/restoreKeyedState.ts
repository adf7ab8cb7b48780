/**
 * Rebuilding one keyed subtask from a checkpoint's handles, reading every byte from remote
 * storage (Flink's `HeapRestoreOperation` for full snapshots). On rescale the subtask's new
 * key-group range overlaps several old handles; from each it reads only its key groups, using
 * the per-key-group offsets in the handle.
 */
import { keyGroupRangeIntersection, isEmptyKeyGroupRange, type KeyGroupRange } from '../keys/keyGroupRange';
import { openKeyedBackend, type KeyedBackendData } from '../job/keyedBackend';
import { readFullSnapshot } from '../snapshot/fullSnapshotFormat';
import type { IncrementalRemoteKeyedStateHandle, KeyedStateHandle, KeyGroupsStateHandle } from '../format/stateHandles';
import { filesOfKeyedHandle, streamHandleSize } from '../format/stateHandles';
import { restoreCanonicalEntry } from '../snapshot/canonicalEntries';
import type { Scenario } from '../scenario/scenarioSchema';
import type { UploadedSst } from '../job/taskCheckpointing';
import { restoreRocksDbIncremental } from './restoreRocksDb';
import { readFile, type RemoteStorageState } from '../storage/remoteStorage';

export interface KeyedRestoreResult {
  files: { path: string; size: number }[];
  entries: number;
  /** RocksDB incremental fast path: the restored SSTs, reusable by the next checkpoint. */
  reusable: UploadedSst[] | null;
}

/** The old handles whose key groups overlap `range` (what a new subtask must download). */
export function overlappingHandles(handles: readonly KeyedStateHandle[], range: KeyGroupRange): KeyedStateHandle[] {
  return handles.filter((h) => !isEmptyKeyGroupRange(keyGroupRangeIntersection(h.keyGroupRange, range)));
}

/** Bytes a subtask downloads to restore from `handles`. */
export function downloadBytes(handles: readonly KeyedStateHandle[]): number {
  let n = 0;
  for (const h of handles) for (const f of filesOfKeyedHandle(h)) n += streamHandleSize(f);
  return n;
}

/** Restores `target` (an empty backend for `range`) from `handles`, reading bytes from storage. */
export function restoreKeyedState(storage: RemoteStorageState, scenario: Scenario, target: KeyedBackendData, range: KeyGroupRange, handles: readonly KeyedStateHandle[]): KeyedRestoreResult {
  const overlapping = overlappingHandles(handles, range);
  const incremental = overlapping.filter((h): h is IncrementalRemoteKeyedStateHandle => h.type === 'incremental');
  if (incremental.length > 0) {
    if (incremental.length !== overlapping.length) throw new Error('a checkpoint mixes full and incremental handles for one operator');
    return restoreRocksDbIncremental(storage, scenario, target, range, incremental);
  }
  const files: KeyedRestoreResult['files'] = [];
  let entries = 0;
  const backend = openKeyedBackend(target);
  for (const h of overlapping as KeyGroupsStateHandle[]) {
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
    for (const e of read.entries) {
      restoreCanonicalEntry(backend, read.states[e.stateIndex]!, e.key, e.namespace, e.stored);
      entries += 1;
    }
  }
  return { files, entries, reusable: null };
}
