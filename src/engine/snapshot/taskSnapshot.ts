/**
 * The synchronous part of a subtask's snapshot (Flink's `SnapshotStrategy.syncPrepareResources`
 * plus what `asyncSnapshot` will write): sources snapshot their read offsets as operator state,
 * keyed operators their keyed backend, sinks (no state yet) nothing. The returned plan lists
 * the files the asynchronous part uploads and the handles the task will acknowledge.
 */
import { assertNever } from '../core/assertNever';
import type { RunningSnapshot } from '../job/taskCheckpointing';
import { openKeyedBackend } from '../job/keyedBackend';
import type { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import type { StepContext } from '../stepContext';
import { fullSnapshotParts } from './fullSnapshotWriter';
import { heapCanonicalEntries } from './canonicalEntries';
import { encodeSourceState } from './sourceOperatorState';
import { operatorStateHandleOf } from '../job/operatorStateWriter';
import { usesUnionOffsets } from '../job/legacyKafkaConsumer';
import { rocksCanonicalSnapshot, rocksIncrementalSnapshot, rocksNativeFullSnapshot } from './rocksSnapshots';
import { sinkSnapshot } from '../job/sink/transactionalSink';
import { changelogCheckpointSync } from '../job/changelog/changelogSnapshot';
import type { ChangelogStateBackendHandle } from '../format/stateHandles';
import { checkpointLocation, type SnapshotLocation } from '../format/snapshotLocation';
import type { SavepointFormatType } from '../format/savepointFormat';
import { withLocalCopy } from './localSnapshotCopy';

export interface SnapshotRequest {
  task: string;
  checkpointId: number;
  isSavepoint: boolean;
  /** A savepoint's format, as its trigger or barrier carried it (absent: CANONICAL). */
  savepointFormat?: SavepointFormatType;
  barrierFirstMs: number;
  alignmentDurationMs: number;
  /** Bytes processed during alignment (REST `processed_data`). */
  processedData?: number;
}

/**
 * What kind of snapshot the nested backend takes (Flink's `SnapshotType`): a checkpoint, or a
 * savepoint in one of the two `SavepointFormatType`s.
 */
export type NestedSnapshotKind = 'checkpoint' | SavepointFormatType;

/** What a snapshot strategy produces: the files to upload and the handle to acknowledge. */
export type NestedSnapshotParts = Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'>;

/**
 * Full snapshot of a heap backend: a copy-on-write snapshot now, the file written from it.
 * `HeapSnapshotStrategy` writes the same key-group format for checkpoints and native savepoints
 * as `FullSnapshotAsyncWriter` does for canonical ones, so all three look alike here.
 */
function heapFullSnapshot(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation): NestedSnapshotParts {
  const keyed = ctx.state.job.keyed[req.task]!;
  const backend = openKeyedBackend(keyed.backend) as HeapKeyedStateBackend;
  const snap = backend.snapshot();
  const parts = fullSnapshotParts(ctx, req, location, snap.states.map((s) => s.descriptor), snap.keyGroupRange, (kg) => heapCanonicalEntries(snap.states, kg));
  return { ...parts, heapSnapshot: snap };
}

/**
 * A snapshot of the subtask's nested keyed backend (a checkpoint without changelog, a
 * materialization, which Flink takes with the same snapshot strategies, or a savepoint).
 */
export function nestedKeyedSnapshot(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation, kind: NestedSnapshotKind = 'checkpoint'): NestedSnapshotParts {
  const keyed = ctx.state.job.keyed[req.task]!;
  switch (keyed.backend.type) {
    case 'hashmap':
      return heapFullSnapshot(ctx, req, location);
    case 'rocksdb': {
      // A canonical savepoint goes through `RocksDBKeyedStateBackend#savepoint` (the canonical
      // format); checkpoints and native savepoints through the checkpoint strategy, incremental
      // or native full (`RocksDBKeyedStateBackendBuilder#initializeSavepointAndCheckpointStrategies`).
      if (kind === 'CANONICAL') return rocksCanonicalSnapshot(ctx, req, location);
      if (ctx.state.scenario.stateBackend.incremental) return rocksIncrementalSnapshot(ctx, req, location, kind === 'NATIVE');
      return rocksNativeFullSnapshot(ctx, req, location);
    }
    default:
      return assertNever(keyed.backend, 'keyed backend');
  }
}

/**
 * `ChangelogKeyedStateBackend#nativeSavepoint` (L436–460): the nested backend snapshots itself
 * natively under a new materialization id (`materializedId++`), wrapped with no changelog part.
 * Flink 1.20 sends no notifyCheckpointComplete for an ordinary savepoint
 * (`CheckpointCoordinator` L1433), so that id is never confirmed and `initMaterialization`
 * (L835–846) skips every later materialization: the log is no longer truncated.
 */
function changelogNativeSavepoint(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation): NestedSnapshotParts {
  const cl = ctx.state.job.keyed[req.task]!.changelog!;
  const materializationId = ++cl.lastMaterializationId;
  cl.materializationIdByCheckpoint[String(req.checkpointId)] = materializationId;
  const nested = nestedKeyedSnapshot(ctx, req, location, 'NATIVE');
  const inner = nested.state.keyed;
  if (!inner || inner.type === 'changelog') return nested;
  const handle: ChangelogStateBackendHandle = {
    type: 'changelog',
    keyGroupRange: inner.keyGroupRange,
    checkpointId: req.checkpointId,
    materializationId,
    materialized: [inner],
    nonMaterialized: [],
    dstlFiles: [],
    fromSqn: cl.snapshot.materializedTo,
    toSqn: cl.snapshot.materializedTo,
    persistedSizeOfThisCheckpoint: 0,
  };
  return { ...nested, state: { keyed: handle, operator: null } };
}

/**
 * A keyed operator that also holds operator state (the broadcast rules) snapshots it beside its
 * keyed state (`StreamOperatorStateHandler#snapshotState` asks both backends), into the same
 * `OperatorSubtaskState`.
 */
function withOperatorState(ctx: StepContext, req: SnapshotRequest, location: SnapshotLocation, running: RunningSnapshot): RunningSnapshot {
  const data = ctx.state.job.keyed[req.task]?.operatorState;
  if (!data || (data.listStates.length === 0 && data.broadcastStates.length === 0)) return running;
  const { handle, upload } = operatorStateHandleOf(ctx, req.task, req.checkpointId, location, data, `${req.task}-operator-state`);
  const size = handle.delegate.type === 'inline' ? handle.delegate.bytes.length : handle.delegate.size;
  return { ...running, uploads: upload ? [...running.uploads, upload] : running.uploads, state: { ...running.state, operator: handle }, stateSize: running.stateSize + size };
}

/** Takes the synchronous part of `req.task`'s snapshot and returns the running snapshot. */
export function syncSnapshot(ctx: StepContext, req: SnapshotRequest): RunningSnapshot {
  const location = checkpointLocation(ctx.state.coordinator.jobId, req.checkpointId, req.isSavepoint);
  const kind: NestedSnapshotKind = req.isSavepoint ? (req.savepointFormat ?? 'CANONICAL') : 'checkpoint';
  const base = { checkpointId: req.checkpointId, isSavepoint: req.isSavepoint, barrierFirstMs: req.barrierFirstMs, syncStartMs: ctx.nowMs, alignmentDurationMs: req.alignmentDurationMs, processedData: req.processedData ?? 0 };
  const job = ctx.state.job;
  if (job.sources[req.task]) {
    const op = encodeSourceState(req.task, job.sources[req.task]!.partitions, usesUnionOffsets(ctx.state.scenario) ? 'UNION' : 'SPLIT_DISTRIBUTE');
    const size = op.delegate.type === 'inline' ? op.delegate.bytes.length : 0;
    return { ...base, uploads: [], state: { keyed: null, operator: op }, stateSize: size, heapSnapshot: null, ssts: null };
  }
  const keyed = job.keyed[req.task];
  if (keyed?.changelog) {
    // `ChangelogKeyedStateBackend#savepoint` (L617–619): a canonical savepoint is the nested
    // backend's own and leaves the changelog (and its materialization) untouched.
    if (kind === 'CANONICAL') return withOperatorState(ctx, req, location, { ...base, ...nestedKeyedSnapshot(ctx, req, location, kind) });
    return withOperatorState(ctx, req, location, { ...base, ...(kind === 'NATIVE' ? changelogNativeSavepoint(ctx, req, location) : changelogCheckpointSync(ctx, req.task, req.checkpointId)) });
  }
  // Local recovery: a checkpoint also keeps a task-local copy (the changelog's local backup is not modelled).
  if (keyed) return withLocalCopy(ctx, req, withOperatorState(ctx, req, location, { ...base, ...nestedKeyedSnapshot(ctx, req, location, kind) }));
  // A transactional sink pre-commits its transaction here (TwoPhaseCommitSinkFunction#snapshotState).
  const sink = sinkSnapshot(ctx, req.task, req.checkpointId, req.isSavepoint);
  if (sink) return { ...base, ...sink };
  return { ...base, uploads: [], state: { keyed: null, operator: null }, stateSize: 0, heapSnapshot: null, ssts: null };
}
