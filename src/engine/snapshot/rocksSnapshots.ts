/**
 * RocksDB snapshots, all of them native (RocksDB's own files) except the canonical savepoint.
 *
 * - Canonical savepoint (`RocksDBKeyedStateBackend#savepoint` → `FullSnapshotAsyncWriter`): every
 *   entry in the canonical full format, like the heap backend's; any backend can read it.
 * - Full checkpoint (`RocksNativeFullSnapshotStrategy`, since 1.16 for non-incremental
 *   checkpoints): flush, native checkpoint, upload every file — SSTs, MANIFEST, CURRENT, OPTIONS —
 *   into the checkpoint's own directory (EXCLUSIVE scope). No file is shared, none is registered,
 *   and snapshot compression does not apply (the files are RocksDB's, not a stream Flink writes).
 * - Incremental checkpoint (`RocksIncrementalSnapshotStrategy`): the same native checkpoint, but
 *   only SSTs missing from the last *confirmed* checkpoint are uploaded (the rest become
 *   placeholders). Every file goes with `CheckpointedStateScope.SHARED` (L356–359), so MANIFEST,
 *   CURRENT and OPTIONS land in `shared/` too, though they are the handle's private state and
 *   are discarded with the checkpoint.
 * - Native savepoint with incremental on: the same strategy with `SharingFilesStrategy.NO_SHARING`
 *   (L141–152, L356–359): no previous snapshot, every file uploaded EXCLUSIVE into the savepoint's
 *   directory, and the upload is not remembered for later checkpoints (L390–398).
 */
import type { StepContext } from '../stepContext';
import type { PendingUpload, RunningSnapshot, UploadedSst } from '../job/taskCheckpointing';
import { openRocksDb } from '../job/keyedBackend';
import { nativeCheckpoint, type NativeCheckpoint } from '../lsm';
import { plainValueSerializer, DataOutputView } from '../serialization';
import type { Plain } from '../core/plainData';
import type { StorageScope, StoredFileKind } from '../storage/remoteStorage';
import { randomFileName } from '../format/fileNames';
import { fullSnapshotParts } from './fullSnapshotWriter';
import { rocksCanonicalEntriesByKeyGroup } from './canonicalEntries';
import type { HandleAndLocalPath, IncrementalRemoteKeyedStateHandle } from '../format/stateHandles';
import type { SnapshotLocation } from '../format/snapshotLocation';
import type { SnapshotRequest } from './taskSnapshot';
import { emitFlush, scheduleCompactionIfDue } from '../job/lsmEvents';

type SnapshotParts = Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'>;

function upload(ctx: StepContext, req: SnapshotRequest, path: string, bytes: Uint8Array, kind: StoredFileKind, scope: StorageScope, sst: number | null, inputs: number[] = []): PendingUpload {
  return { path, bytes, meta: { scope, kind, task: req.task, checkpointId: req.checkpointId, writtenAtMs: ctx.nowMs, sst }, inputs };
}

/** Canonical savepoint of a RocksDB backend: all entries in the canonical format. */
export function rocksCanonicalSnapshot(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation): SnapshotParts {
  const data = ctx.state.job.keyed[req.task]!.backend;
  if (data.type !== 'rocksdb') throw new Error('rocksCanonicalSnapshot: not a RocksDB backend');
  const byKg = rocksCanonicalEntriesByKeyGroup(data.rocks);
  return fullSnapshotParts(ctx, req, location, data.rocks.states.map((s) => s.descriptor), data.rocks.keyGroupRange, (kg) => byKg.get(kg) ?? []);
}

/** Reused by every `encodeStateMeta` (`toBytes` copies the bytes out). */
const metaScratch = new DataOutputView(256);

/** The registered states' meta info (`KeyedBackendSerializationProxy`), written with each native snapshot. */
function encodeStateMeta(ctx: StepContext, task: string): Uint8Array {
  const data = ctx.state.job.keyed[task]!.backend;
  const out = metaScratch;
  out.clear();
  const states = data.type === 'rocksdb' ? data.rocks.states.map((s) => s.descriptor) : [];
  plainValueSerializer.serialize(states.map((d) => ({ name: d.name, kind: d.kind, fn: d.fn ?? null })) as Plain, out);
  return out.toBytes();
}

/** The synchronous part every native strategy shares (`RocksDBSnapshotStrategyBase#syncPrepareResources`): flush, then RocksDB's `Checkpoint::CreateCheckpoint`. */
function takeNativeCheckpoint(ctx: StepContext, task: string): NativeCheckpoint {
  const keyed = ctx.state.job.keyed[task]!;
  if (keyed.backend.type !== 'rocksdb') throw new Error('a native snapshot needs the RocksDB backend');
  for (const f of openRocksDb(keyed.backend).flushAll('checkpoint')) emitFlush(ctx, task, f);
  const native = nativeCheckpoint(keyed.backend.rocks.db);
  // The flush may have filled L0: the background compaction starts as it would after any flush.
  scheduleCompactionIfDue(ctx, task);
  return native;
}

/** `materializeMetaData`: the meta data stream is always EXCLUSIVE (`RocksDBSnapshotStrategyBase` L262–273). */
function metaUpload(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation): PendingUpload {
  const bytes = encodeStateMeta(ctx, req.task);
  return upload(ctx, req, `${location.exclusiveDir}/${randomFileName(ctx)}`, bytes, 'private', location.exclusiveScope, null);
}

function handleSize(list: readonly HandleAndLocalPath[]): number {
  return list.reduce((n, s) => n + (s.handle.type === 'file' ? s.handle.size : 0), 0);
}

function miscFiles(native: NativeCheckpoint) {
  return [native.manifest, native.current, native.options];
}

/** `RocksNativeFullSnapshotStrategy`: every file of the native checkpoint, private to this checkpoint. */
export function rocksNativeFullSnapshot(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation): SnapshotParts {
  const native = takeNativeCheckpoint(ctx, req.task);
  const keyed = ctx.state.job.keyed[req.task]!;
  if (keyed.backend.type !== 'rocksdb') throw new Error('unreachable');
  const uploads: PendingUpload[] = [];
  const privateState: HandleAndLocalPath[] = [];
  // "all sst files are private in full snapshot" (RocksNativeFullSnapshotStrategy L237–243): EXCLUSIVE scope.
  for (const f of native.sstFiles) {
    const path = `${location.exclusiveDir}/${randomFileName(ctx)}`;
    uploads.push(upload(ctx, req, path, f.bytes, 'sst', location.exclusiveScope, f.fileNumber, [...f.inputs]));
    privateState.push({ localPath: f.fileName, handle: { type: 'file', path, size: f.bytes.length }, sst: f.fileNumber, uploadedNow: true });
  }
  for (const p of miscFiles(native)) {
    const path = `${location.exclusiveDir}/${randomFileName(ctx)}`;
    uploads.push(upload(ctx, req, path, p.bytes, 'private', location.exclusiveScope, null));
    privateState.push({ localPath: p.fileName, handle: { type: 'file', path, size: p.bytes.length }, sst: null, uploadedNow: true });
  }
  const meta = metaUpload(ctx, req, location);
  uploads.push(meta);
  const persisted = uploads.reduce((n, u) => n + u.bytes.length, 0);
  const handle: IncrementalRemoteKeyedStateHandle = {
    type: 'incremental',
    backendIdentifier: ctx.state.job.checkpointing[req.task]!.incremental?.backendIdentifier ?? `${req.task}@${ctx.state.job.topology.maxParallelism}`,
    keyGroupRange: keyed.backend.rocks.keyGroupRange,
    checkpointId: req.checkpointId,
    // RocksNativeFullSnapshotStrategy L193–200: no shared state at all.
    sharedState: [],
    privateState,
    metaStateHandle: { type: 'file', path: meta.path, size: meta.bytes.length },
    persistedSizeOfThisCheckpoint: persisted,
  };
  return { uploads, state: { keyed: handle, operator: null }, stateSize: persisted, heapSnapshot: null, ssts: null };
}

/**
 * `RocksIncrementalSnapshotStrategy`: flush, native checkpoint, upload what the last confirmed
 * checkpoint lacks. `noSharing` (a native savepoint): nothing is reused, every file goes to the
 * exclusive directory, and the uploaded SSTs are not remembered for the next checkpoint.
 */
export function rocksIncrementalSnapshot(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation, noSharing = false): SnapshotParts {
  const native = takeNativeCheckpoint(ctx, req.task);
  const keyed = ctx.state.job.keyed[req.task]!;
  if (keyed.backend.type !== 'rocksdb') throw new Error('unreachable');
  const book = ctx.state.job.checkpointing[req.task]!.incremental!;
  // FORWARD_BACKWARD uses the last confirmed checkpoint as the base; NO_SHARING an empty one (L141–152).
  const reusable = new Map((noSharing ? [] : (book.confirmed?.ssts ?? [])).map((s) => [s.sst, s]));
  const dir = noSharing ? location.exclusiveDir : location.sharedDir;
  const scope = noSharing ? location.exclusiveScope : location.sharedScope;
  const uploads: PendingUpload[] = [];
  const shared: HandleAndLocalPath[] = [];
  const ssts: UploadedSst[] = [];
  for (const f of native.sstFiles) {
    const prev = reusable.get(f.fileNumber);
    if (prev) {
      shared.push({ localPath: f.fileName, handle: { type: 'file', path: prev.path, size: prev.size }, sst: f.fileNumber, uploadedNow: false });
      ssts.push(prev);
    } else {
      const path = `${dir}/${randomFileName(ctx)}`;
      uploads.push(upload(ctx, req, path, f.bytes, 'sst', scope, f.fileNumber, [...f.inputs]));
      shared.push({ localPath: f.fileName, handle: { type: 'file', path, size: f.bytes.length }, sst: f.fileNumber, uploadedNow: true });
      ssts.push({ sst: f.fileNumber, localPath: f.fileName, path, size: f.bytes.length });
    }
  }
  // MANIFEST, CURRENT, OPTIONS: uploaded every time with the same scope as the SSTs (L377–388).
  const privateState: HandleAndLocalPath[] = [];
  for (const p of miscFiles(native)) {
    const path = `${dir}/${randomFileName(ctx)}`;
    uploads.push(upload(ctx, req, path, p.bytes, 'private', scope, null));
    privateState.push({ localPath: p.fileName, handle: { type: 'file', path, size: p.bytes.length }, sst: null, uploadedNow: true });
  }
  const meta = metaUpload(ctx, req, location);
  uploads.push(meta);
  const persisted = uploads.reduce((n, u) => n + u.bytes.length, 0);
  const handle: IncrementalRemoteKeyedStateHandle = {
    type: 'incremental',
    backendIdentifier: book.backendIdentifier,
    keyGroupRange: keyed.backend.rocks.keyGroupRange,
    checkpointId: req.checkpointId,
    sharedState: shared,
    privateState,
    metaStateHandle: { type: 'file', path: meta.path, size: meta.bytes.length },
    persistedSizeOfThisCheckpoint: persisted,
  };
  const stateSize = handleSize(shared) + handleSize(privateState) + meta.bytes.length;
  return { uploads, state: { keyed: handle, operator: null }, stateSize, heapSnapshot: null, ssts: noSharing ? null : ssts };
}
