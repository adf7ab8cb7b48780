/**
 * Restoring a RocksDB subtask from native handles — incremental checkpoints, native full
 * checkpoints and native savepoints, all `IncrementalRemoteKeyedStateHandle`s (Flink's
 * `RocksDBIncrementalRestoreOperation`), reading every file back from storage. Same key-group
 * range as one handle: the downloaded SSTs and MANIFEST are opened as the new instance, and its
 * SSTs count as already uploaded for the next incremental checkpoint. Rescaling: each
 * overlapping instance is opened temporarily and the entries of the new range's key groups are
 * copied over (their keys start with the key-group prefix, so each range is one contiguous scan).
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { keyGroupRangeIntersection } from '../keys/keyGroupRange';
import { openDb, put, scan } from '../lsm';
import { lsmConfigOf, type KeyedBackendData } from '../job/keyedBackend';
import type { UploadedSst } from '../job/taskCheckpointing';
import { findRocksDbState, registerRocksDbState, type RocksDbKeyedBackendData } from '../rocksdb';
import type { Scenario } from '../scenario/scenarioSchema';
import { DataInputView, plainValueSerializer, serializeKeyGroupPrefix } from '../serialization';
import type { StateDescriptor } from '../state/stateDescriptor';
import { VOID_NAMESPACE } from '../state/namespaces';
import type { IncrementalRemoteKeyedStateHandle } from '../format/stateHandles';
import { readFile, type RemoteStorageState } from '../storage/remoteStorage';

export interface IncrementalRestoreResult {
  files: { path: string; size: number }[];
  entries: number;
  /** SSTs of the restored instance that the next checkpoint may reference (fast path only). */
  reusable: UploadedSst[] | null;
}

function fileBytes(storage: RemoteStorageState, h: { type: string; path?: string; bytes?: Uint8Array }, files: IncrementalRestoreResult['files']): Uint8Array {
  if (h.type === 'inline') return h.bytes!;
  const bytes = readFile(storage, h.path!);
  files.push({ path: h.path!, size: bytes.length });
  return bytes;
}

function readStateMeta(storage: RemoteStorageState, h: IncrementalRemoteKeyedStateHandle, files: IncrementalRestoreResult['files']): StateDescriptor[] {
  const raw = plainValueSerializer.deserialize(new DataInputView(fileBytes(storage, h.metaStateHandle, files))) as { name: string; kind: StateDescriptor['kind']; fn: string | null }[];
  return raw.map((d) => (d.fn === null ? { name: d.name, kind: d.kind } : { name: d.name, kind: d.kind, fn: d.fn }));
}

function openInstance(storage: RemoteStorageState, s: Scenario, h: IncrementalRemoteKeyedStateHandle, files: IncrementalRestoreResult['files']) {
  const manifest = h.privateState.find((p) => p.localPath.startsWith('MANIFEST'));
  if (!manifest) throw new Error(`incremental handle of checkpoint ${h.checkpointId} has no MANIFEST`);
  const manifestBytes = fileBytes(storage, manifest.handle, files);
  // Flink downloads every file of the handle into one directory and opens it: an SST may be
  // shared (incremental) or private (`RocksNativeFullSnapshotStrategy` has only private files).
  const ssts: Record<number, Uint8Array> = {};
  for (const p of h.privateState) {
    if (p === manifest) continue;
    const bytes = fileBytes(storage, p.handle, files);
    if (p.sst !== null) ssts[p.sst] = bytes;
  }
  for (const sh of h.sharedState) ssts[sh.sst!] = fileBytes(storage, sh.handle, files);
  return openDb(manifestBytes, ssts, { config: lsmConfigOf(s), manifestFileName: manifest.handle.type === 'file' ? manifest.handle.path : manifest.localPath });
}

/** Restores `target` (an empty RocksDB backend for `range`) from incremental handles. */
export function restoreRocksDbIncremental(storage: RemoteStorageState, s: Scenario, target: KeyedBackendData, range: KeyGroupRange, handles: readonly IncrementalRemoteKeyedStateHandle[]): IncrementalRestoreResult {
  // `HeapRestoreOperation` L118–121 (`StateUtil#unexpectedStateHandleException`): a native RocksDB
  // snapshot (checkpoint or native savepoint) cannot be read by another backend.
  if (target.type !== 'rocksdb')
    throw new Error(
      'Unexpected state handle type, expected one of: KeyGroupsStateHandle, but found: IncrementalRemoteKeyedStateHandle. This can mostly happen when a different StateBackend from the one that was used for taking a checkpoint/savepoint is used when restoring (a RocksDB checkpoint or native savepoint; take a canonical savepoint to switch backends)',
    );
  const data = target.rocks;
  const files: IncrementalRestoreResult['files'] = [];
  const same = handles.length === 1 && handles[0]!.keyGroupRange.startKeyGroup === range.startKeyGroup && handles[0]!.keyGroupRange.endKeyGroup === range.endKeyGroup;
  if (same) {
    const h = handles[0]!;
    const states = readStateMeta(storage, h, files);
    (data as { db: RocksDbKeyedBackendData['db'] }).db = openInstance(storage, s, h, files);
    for (const d of states) data.states.push({ descriptor: d, columnFamily: d.name, currentNamespace: VOID_NAMESPACE });
    const reusable = h.sharedState.map((sh) => ({ sst: sh.sst!, localPath: sh.localPath, path: sh.handle.type === 'file' ? sh.handle.path : sh.localPath, size: sh.handle.type === 'file' ? sh.handle.size : 0 }));
    return { files, entries: countEntries(data), reusable };
  }
  let entries = 0;
  for (const h of handles) {
    const want = keyGroupRangeIntersection(h.keyGroupRange, range);
    const states = readStateMeta(storage, h, files);
    const temp = openInstance(storage, s, h, files);
    const from = serializeKeyGroupPrefix(want.startKeyGroup, data.keyGroupPrefixBytes);
    const to = want.endKeyGroup + 1 < data.maxParallelism ? serializeKeyGroupPrefix(want.endKeyGroup + 1, data.keyGroupPrefixBytes) : null;
    for (const d of states) {
      if (!findRocksDbState(data, d.name)) registerRocksDbState(data, d);
      for (const kv of scan(temp, d.name, from, to)) {
        put(data.db, d.name, kv.key, kv.value);
        entries += 1;
      }
    }
  }
  return { files, entries, reusable: null };
}

function countEntries(data: RocksDbKeyedBackendData): number {
  let n = 0;
  for (const st of data.states) for (const _ of scan(data.db, st.columnFamily, null, null)) n += 1;
  return n;
}

