/**
 * The synchronous part of a subtask's snapshot (Flink's `SnapshotStrategy.syncPrepareResources`
 * plus what `asyncSnapshot` will write): sources snapshot their read offsets as operator state,
 * keyed operators their keyed backend, sinks (no state yet) nothing. The returned plan lists
 * the files the asynchronous part uploads and the handles the task will acknowledge.
 */
import { assertNever } from '../core/assertNever';
import { checkpointDir } from '../coordinator/coordinatorState';
import type { RunningSnapshot } from '../job/taskCheckpointing';
import { openKeyedBackend } from '../job/keyedBackend';
import type { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import type { StepContext } from '../stepContext';
import { fullSnapshotParts } from './fullSnapshotWriter';
import { heapCanonicalEntries } from './canonicalEntries';
import { encodeSourceState } from './sourceOperatorState';
import { rocksFullSnapshot, rocksIncrementalSnapshot } from './rocksSnapshots';
import { sinkSnapshot } from '../job/sink/transactionalSink';
import { changelogCheckpointSync } from '../job/changelog/changelogSnapshot';
import type { ChangelogStateBackendHandle } from './stateHandles';

export interface SnapshotRequest {
  task: string;
  checkpointId: number;
  isSavepoint: boolean;
  barrierFirstMs: number;
  alignmentDurationMs: number;
  /** Bytes processed during alignment (REST `processed_data`). */
  processedData?: number;
}

/** Full snapshot of a heap backend: a copy-on-write snapshot now, the file written from it. */
/** What a snapshot strategy produces: the files to upload and the handle to acknowledge. */
export type NestedSnapshotParts = Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'>;

function heapFullSnapshot(ctx: StepContext, req: SnapshotRequest, dir: string): NestedSnapshotParts {
  const keyed = ctx.state.job.keyed[req.task]!;
  const backend = openKeyedBackend(keyed.backend) as HeapKeyedStateBackend;
  const snap = backend.snapshot();
  const parts = fullSnapshotParts(ctx, req, dir, snap.states.map((s) => s.descriptor), snap.keyGroupRange, (kg) => heapCanonicalEntries(snap.states, kg));
  return { ...parts, heapSnapshot: snap };
}

/**
 * A snapshot of the subtask's nested keyed backend (a checkpoint without changelog, or a
 * materialization, which Flink takes with the same snapshot strategies).
 */
export function nestedKeyedSnapshot(ctx: StepContext, req: SnapshotRequest, dir: string): NestedSnapshotParts {
  const keyed = ctx.state.job.keyed[req.task]!;
  switch (keyed.backend.type) {
    case 'hashmap':
      return heapFullSnapshot(ctx, req, dir);
    case 'rocksdb': {
      // Savepoints are always full and canonical; checkpoints follow `incremental`.
      const incremental = ctx.state.scenario.stateBackend.incremental && !req.isSavepoint;
      return incremental ? rocksIncrementalSnapshot(ctx, req, dir) : rocksFullSnapshot(ctx, req, dir);
    }
    default:
      return assertNever(keyed.backend, 'keyed backend');
  }
}

/**
 * `ChangelogKeyedStateBackend#nativeSavepoint`: a savepoint snapshots the nested backend in full
 * (under a new materialization id) and wraps it, with no changelog part.
 */
function changelogSavepoint(ctx: StepContext, req: SnapshotRequest, dir: string): NestedSnapshotParts {
  const cl = ctx.state.job.keyed[req.task]!.changelog!;
  const materializationId = ++cl.lastMaterializationId;
  cl.materializationIdByCheckpoint[String(req.checkpointId)] = materializationId;
  const nested = nestedKeyedSnapshot(ctx, req, dir);
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

/** Takes the synchronous part of `req.task`'s snapshot and returns the running snapshot. */
export function syncSnapshot(ctx: StepContext, req: SnapshotRequest): RunningSnapshot {
  const dir = checkpointDir(ctx.state.coordinator.jobId, req.checkpointId, req.isSavepoint);
  const base = { checkpointId: req.checkpointId, isSavepoint: req.isSavepoint, barrierFirstMs: req.barrierFirstMs, syncStartMs: ctx.nowMs, alignmentDurationMs: req.alignmentDurationMs, processedData: req.processedData ?? 0 };
  const job = ctx.state.job;
  if (job.sources[req.task]) {
    const op = encodeSourceState(req.task, job.sources[req.task]!.partitions);
    const size = op.delegate.type === 'inline' ? op.delegate.bytes.length : 0;
    return { ...base, uploads: [], state: { keyed: null, operator: op }, stateSize: size, heapSnapshot: null, ssts: null };
  }
  const keyed = job.keyed[req.task];
  if (keyed?.changelog) {
    return { ...base, ...(req.isSavepoint ? changelogSavepoint(ctx, req, dir) : changelogCheckpointSync(ctx, req.task, req.checkpointId)) };
  }
  if (keyed) return { ...base, ...nestedKeyedSnapshot(ctx, req, dir) };
  // A transactional sink pre-commits its transaction here (TwoPhaseCommitSinkFunction#snapshotState).
  const sink = sinkSnapshot(ctx, req.task, req.checkpointId, req.isSavepoint);
  if (sink) return { ...base, ...sink };
  return { ...base, uploads: [], state: { keyed: null, operator: null }, stateSize: 0, heapSnapshot: null, ssts: null };
}
