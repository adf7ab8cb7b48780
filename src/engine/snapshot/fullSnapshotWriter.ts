/**
 * The asynchronous product of a full snapshot (`FullSnapshotAsyncWriter`), whatever backend it
 * came from: the file in the canonical full format, where it will be uploaded, and the
 * `KeyGroupsStateHandle` with per-key-group offsets the task will acknowledge.
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';
import type { PendingUpload, RunningSnapshot } from '../job/taskCheckpointing';
import type { StateDescriptor } from '../state/stateDescriptor';
import type { StepContext } from '../stepContext';
import { randomFileName } from '../format/fileNames';
import { writeFullSnapshot, type FullSnapshotEntry } from './fullSnapshotFormat';
import type { KeyGroupsStateHandle } from '../format/stateHandles';
import type { SnapshotRequest } from './taskSnapshot';
import type { SnapshotLocation } from '../format/snapshotLocation';

export type FullSnapshotParts = Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'>;

/** Writes the full snapshot file of `states` over `range` as an EXCLUSIVE stream of `location` and builds its handle. */
export function fullSnapshotParts(
  ctx: StepContext,
  req: SnapshotRequest,
  location: SnapshotLocation,
  states: readonly StateDescriptor[],
  range: KeyGroupRange,
  entriesOf: (keyGroup: number) => Iterable<FullSnapshotEntry>,
): FullSnapshotParts {
  const compressed = ctx.state.scenario.stateBackend.snapshotCompression;
  const written = writeFullSnapshot(states, range, entriesOf, compressed);
  if (ctx.state.scenario.stateBackend.checkpointStorage === 'jobmanager') {
    // JobManagerCheckpointStorage (the old MemoryStateBackend): the stream is a byte array that goes
    // to the JobManager as a ByteStreamStateHandle inside `_metadata`; nothing is uploaded. Its size
    // is checked when the asynchronous part closes the stream (MemCheckpointStreamFactory#checkSize).
    const inline: KeyGroupsStateHandle = {
      type: 'keyGroups',
      keyGroupRange: range,
      offsets: written.offsets,
      delegate: { type: 'inline', name: `${req.task}-keyed-state`, bytes: written.bytes },
      compressed,
      uncompressedSize: written.uncompressedSize,
    };
    return { uploads: [], state: { keyed: inline, operator: null }, stateSize: written.bytes.length, heapSnapshot: null, ssts: null };
  }
    const path = `${location.exclusiveDir}/${randomFileName(ctx)}`;
  const upload: PendingUpload = {
    path,
    bytes: written.bytes,
    meta: { scope: location.exclusiveScope, kind: 'full', task: req.task, checkpointId: req.checkpointId, writtenAtMs: ctx.nowMs, sst: null },
    inputs: [],
  };
  const handle: KeyGroupsStateHandle = {
    type: 'keyGroups',
    keyGroupRange: range,
    offsets: written.offsets,
    delegate: { type: 'file', path, size: written.bytes.length },
    compressed,
    uncompressedSize: written.uncompressedSize,
  };
  return { uploads: [upload], state: { keyed: handle, operator: null }, stateSize: written.bytes.length, heapSnapshot: null, ssts: null };
}
