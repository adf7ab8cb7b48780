/**
 * Writing and reading a subtask's operator state stream, as
 * `DefaultOperatorStateBackendSnapshotStrategy#asyncSnapshot` does: the registered list states
 * (SPLIT_DISTRIBUTE or UNION) element by element, the offset of each element noted in the
 * handle's `StateMetaInfo`, then each broadcast state as one map with a single offset. The
 * handle is an `OperatorStreamStateHandle` whose stream is a `ByteStreamStateHandle` inside
 * `_metadata` when it is at most `state.storage.fs.memory-threshold` (20 KB), else a file in the
 * checkpoint's exclusive directory (`FsCheckpointStateOutputStream#closeAndGetHandle`).
 */
import type { Plain } from '../core/plainData';
import type { PendingUpload } from './taskCheckpointing';
import { DataInputView, DataOutputView, plainValueSerializer } from '../serialization';
import type { OperatorStateBackendData } from '../state/defaultOperatorStateBackend';
import type { StepContext } from '../stepContext';
import { randomFileName } from '../format/fileNames';
import type { SnapshotLocation } from '../format/snapshotLocation';
import type { OperatorStateHandle } from '../format/stateHandles';

/** Flink's `state.storage.fs.memory-threshold` default (20 KB): streams up to this size stay inline. */
export const FS_MEMORY_THRESHOLD_BYTES = 20 * 1024;

/** The stream bytes and the per-state offsets of an operator state snapshot. */
export function writeOperatorStateStream(data: OperatorStateBackendData): { bytes: Uint8Array; states: OperatorStateHandle['states'] } {
  const out = new DataOutputView(32);
  const states: OperatorStateHandle['states'] = [];
  for (const s of data.listStates) {
    const offsets: number[] = [];
    for (const e of s.elements) {
      offsets.push(out.length);
      plainValueSerializer.serialize(e, out);
    }
    states.push({ name: s.name, mode: s.mode, offsets });
  }
  for (const b of data.broadcastStates) {
    states.push({ name: b.name, mode: 'BROADCAST', offsets: [out.length] });
    plainValueSerializer.serialize(Object.entries(b.entries) as Plain, out);
  }
  return { bytes: out.toBytes(), states };
}

/**
 * The handle of `data` and, for a stream above the memory threshold on a file system storage,
 * the file the asynchronous part uploads. `inlineName` names the `ByteStreamStateHandle`.
 */
export function operatorStateHandleOf(
  ctx: StepContext,
  task: string,
  checkpointId: number,
  location: SnapshotLocation,
  data: OperatorStateBackendData,
  inlineName: string,
): { handle: OperatorStateHandle; upload: PendingUpload | null } {
  const { bytes, states } = writeOperatorStateStream(data);
  if (bytes.length <= FS_MEMORY_THRESHOLD_BYTES || ctx.state.scenario.stateBackend.checkpointStorage === 'jobmanager') {
    return { handle: { type: 'operator', states, delegate: { type: 'inline', name: inlineName, bytes } }, upload: null };
  }
  const path = `${location.exclusiveDir}/${randomFileName(ctx)}`;
  return {
    handle: { type: 'operator', states, delegate: { type: 'file', path, size: bytes.length } },
    upload: { path, bytes, meta: { scope: location.exclusiveScope, kind: 'private', task, checkpointId, writtenAtMs: ctx.nowMs, sst: null }, inputs: [] },
  };
}

/** `OperatorStateRestoreOperation`: the states a handle's stream holds, read at their offsets. */
export function readOperatorStateStream(handle: OperatorStateHandle, bytes: Uint8Array, where: string): OperatorStateBackendData {
  const data: OperatorStateBackendData = { listStates: [], broadcastStates: [] };
  for (const s of handle.states) {
    if (s.mode === 'BROADCAST') {
      const v = plainValueSerializer.deserialize(new DataInputView(bytes, s.offsets[0] ?? 0)) as Plain;
      if (!Array.isArray(v) || !v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')) {
        throw new Error(`${where}: broadcast state '${s.name}' is corrupt`);
      }
      data.broadcastStates.push({ name: s.name, entries: Object.fromEntries(v as [string, Plain][]) });
    } else {
      data.listStates.push({ name: s.name, mode: s.mode, elements: s.offsets.map((o) => plainValueSerializer.deserialize(new DataInputView(bytes, o)) as Plain) });
    }
  }
  return data;
}
