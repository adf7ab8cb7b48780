/**
 * RocksDB snapshots. Full (`RocksFullSnapshotStrategy`): every entry in the canonical full
 * format, like the heap backend's. Incremental (`RocksIncrementalSnapshotStrategy`): the sync
 * part flushes the memtables and takes a native checkpoint (the live SSTs plus MANIFEST,
 * CURRENT, OPTIONS); the async part uploads only SSTs that are not in the last *confirmed*
 * checkpoint (the rest become placeholders) and the private files every time.
 */
import type { StepContext } from '../stepContext';
import type { PendingUpload, RunningSnapshot, UploadedSst } from '../job/taskCheckpointing';
import { openRocksDb } from '../job/keyedBackend';
import { nativeCheckpoint } from '../lsm';
import { plainValueSerializer, DataOutputView } from '../serialization';
import type { Plain } from '../core/plainData';
import { randomFileName } from './fileNames';
import { fullSnapshotParts } from './fullSnapshotWriter';
import { rocksCanonicalEntriesByKeyGroup } from './canonicalEntries';
import type { HandleAndLocalPath, IncrementalRemoteKeyedStateHandle } from './stateHandles';
import type { SnapshotRequest } from './taskSnapshot';
import { emitFlush, scheduleCompactionIfDue } from '../job/lsmEvents';

type SnapshotParts = Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'>;

function upload(ctx: StepContext, req: SnapshotRequest, path: string, bytes: Uint8Array, kind: PendingUpload['meta']['kind'], scope: PendingUpload['meta']['scope'], sst: number | null, inputs: number[] = []): PendingUpload {
  return { path, bytes, meta: { scope, kind, task: req.task, checkpointId: req.checkpointId, writtenAtMs: ctx.nowMs, sst }, inputs };
}

/** `RocksFullSnapshotStrategy`: all entries in the canonical format (also savepoints). */
export function rocksFullSnapshot(ctx: StepContext, req: SnapshotRequest, dir: string): SnapshotParts {
  const data = ctx.state.job.keyed[req.task]!.backend;
  if (data.type !== 'rocksdb') throw new Error('rocksFullSnapshot: not a RocksDB backend');
  const byKg = rocksCanonicalEntriesByKeyGroup(data.rocks);
  return fullSnapshotParts(ctx, req, dir, data.rocks.states.map((s) => s.descriptor), data.rocks.keyGroupRange, (kg) => byKg.get(kg) ?? []);
}

/** The registered states' meta info (`KeyedBackendSerializationProxy`), written with each incremental checkpoint. */
function encodeStateMeta(ctx: StepContext, task: string): Uint8Array {
  const data = ctx.state.job.keyed[task]!.backend;
  const out = new DataOutputView(64);
  const states = data.type === 'rocksdb' ? data.rocks.states.map((s) => s.descriptor) : [];
  plainValueSerializer.serialize(states.map((d) => ({ name: d.name, kind: d.kind, fn: d.fn ?? null })) as Plain, out);
  return out.toBytes();
}

/** `RocksIncrementalSnapshotStrategy`: flush, native checkpoint, upload what the last confirmed checkpoint lacks. */
export function rocksIncrementalSnapshot(ctx: StepContext, req: SnapshotRequest, dir: string): SnapshotParts {
  const keyed = ctx.state.job.keyed[req.task]!;
  if (keyed.backend.type !== 'rocksdb') throw new Error('rocksIncrementalSnapshot: not a RocksDB backend');
  for (const f of openRocksDb(keyed.backend).flushAll('checkpoint')) emitFlush(ctx, req.task, f);
  const native = nativeCheckpoint(keyed.backend.rocks.db);
  // The flush may have filled L0: the background compaction starts as it would after any flush.
  scheduleCompactionIfDue(ctx, req.task);
  const book = ctx.state.job.checkpointing[req.task]!.incremental!;
  const reusable = new Map((book.confirmed?.ssts ?? []).map((s) => [s.sst, s]));
  const jobId = ctx.state.coordinator.jobId;
  const uploads: PendingUpload[] = [];
  const shared: HandleAndLocalPath[] = [];
  const ssts: UploadedSst[] = [];
  let persisted = 0;
  for (const f of native.sstFiles) {
    const prev = reusable.get(f.fileNumber);
    if (prev) {
      shared.push({ localPath: f.fileName, handle: { type: 'file', path: prev.path, size: prev.size }, sst: f.fileNumber, uploadedNow: false });
      ssts.push(prev);
    } else {
      const path = `${jobId}/shared/${randomFileName(ctx)}`;
      uploads.push(upload(ctx, req, path, f.bytes, 'sst', 'shared', f.fileNumber, [...f.inputs]));
      shared.push({ localPath: f.fileName, handle: { type: 'file', path, size: f.bytes.length }, sst: f.fileNumber, uploadedNow: true });
      ssts.push({ sst: f.fileNumber, localPath: f.fileName, path, size: f.bytes.length });
      persisted += f.bytes.length;
    }
  }
  const privateState: HandleAndLocalPath[] = [];
  for (const p of [native.manifest, native.current, native.options]) {
    const path = `${dir}/${randomFileName(ctx)}`;
    uploads.push(upload(ctx, req, path, p.bytes, 'private', 'exclusive', null));
    privateState.push({ localPath: p.fileName, handle: { type: 'file', path, size: p.bytes.length }, sst: null, uploadedNow: true });
    persisted += p.bytes.length;
  }
  const metaBytes = encodeStateMeta(ctx, req.task);
  const metaPath = `${dir}/${randomFileName(ctx)}`;
  uploads.push(upload(ctx, req, metaPath, metaBytes, 'private', 'exclusive', null));
  persisted += metaBytes.length;
  const handle: IncrementalRemoteKeyedStateHandle = {
    type: 'incremental',
    backendIdentifier: book.backendIdentifier,
    keyGroupRange: keyed.backend.rocks.keyGroupRange,
    checkpointId: req.checkpointId,
    sharedState: shared,
    privateState,
    metaStateHandle: { type: 'file', path: metaPath, size: metaBytes.length },
    persistedSizeOfThisCheckpoint: persisted,
  };
  const stateSize = shared.reduce((n, s) => n + (s.handle.type === 'file' ? s.handle.size : 0), 0) + privateState.reduce((n, s) => n + (s.handle.type === 'file' ? s.handle.size : 0), 0) + metaBytes.length;
  return { uploads, state: { keyed: handle, operator: null }, stateSize, heapSnapshot: null, ssts };
}
