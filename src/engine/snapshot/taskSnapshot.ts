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

export interface SnapshotRequest {
  task: string;
  checkpointId: number;
  isSavepoint: boolean;
  barrierFirstMs: number;
  alignmentDurationMs: number;
}

/** Full snapshot of a heap backend: a copy-on-write snapshot now, the file written from it. */
function heapFullSnapshot(ctx: StepContext, req: SnapshotRequest, dir: string): Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'> {
  const keyed = ctx.state.job.keyed[req.task]!;
  const backend = openKeyedBackend(keyed.backend) as HeapKeyedStateBackend;
  const snap = backend.snapshot();
  const parts = fullSnapshotParts(ctx, req, dir, snap.states.map((s) => s.descriptor), snap.keyGroupRange, (kg) => heapCanonicalEntries(snap.states, kg));
  return { ...parts, heapSnapshot: snap };
}

/** Takes the synchronous part of `req.task`'s snapshot and returns the running snapshot. */
export function syncSnapshot(ctx: StepContext, req: SnapshotRequest): RunningSnapshot {
  const dir = checkpointDir(ctx.state.coordinator.jobId, req.checkpointId, req.isSavepoint);
  const base = { checkpointId: req.checkpointId, isSavepoint: req.isSavepoint, barrierFirstMs: req.barrierFirstMs, syncStartMs: ctx.nowMs, alignmentDurationMs: req.alignmentDurationMs };
  const job = ctx.state.job;
  if (job.sources[req.task]) {
    const op = encodeSourceState(req.task, job.sources[req.task]!.partitions);
    const size = op.delegate.type === 'inline' ? op.delegate.bytes.length : 0;
    return { ...base, uploads: [], state: { keyed: null, operator: op }, stateSize: size, heapSnapshot: null, ssts: null };
  }
  const keyed = job.keyed[req.task];
  if (keyed) {
    switch (keyed.backend.type) {
      case 'hashmap':
        return { ...base, ...heapFullSnapshot(ctx, req, dir) };
      case 'rocksdb': {
        // Savepoints are always full and canonical; checkpoints follow `incremental`.
        const incremental = ctx.state.scenario.stateBackend.incremental && !req.isSavepoint;
        return { ...base, ...(incremental ? rocksIncrementalSnapshot(ctx, req, dir) : rocksFullSnapshot(ctx, req, dir)) };
      }
      default:
        return assertNever(keyed.backend, 'keyed backend');
    }
  }
  return { ...base, uploads: [], state: { keyed: null, operator: null }, stateSize: 0, heapSnapshot: null, ssts: null };
}
