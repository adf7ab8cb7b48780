/**
 * Reads Flink's binary `_metadata` (Checkpoints#loadCheckpointMetadata): the magic number, the
 * format version, then MetadataV3Serializer's layout (checkpoint id, master states, operator
 * states), and for v4+ the Java-serialized CheckpointProperties. Versions: 3 (Flink 1.15),
 * 4 (1.16–1.20), 5 (2.0+: operator name and uid before each operator), 6 (tagged channel state
 * handles, merged channel state) and 7 (a regional checkpoint's reference id after each subtask)
 * as in Flink's source. Versions 1 and 2 (Flink ≤ 1.10) are refused with a clear error.
 */
import { DataInput } from './dataInput';
import { MetadataFormatError } from './errors';
import { readByteStreamHandle, readChannelHandles, readKeyedHandle, readOperatorHandle } from './handles';
import { readCheckpointProperties } from './checkpointProperties';
import { MASTER_STATE_MAGIC, METADATA_MAGIC } from './tags';
import type { CheckpointMetadata, MasterState, OperatorState, SubtaskState } from './types';

export const SUPPORTED_METADATA_VERSIONS = [3, 4, 5, 6, 7] as const;

export type ReadResult =
  | { ok: true; metadata: CheckpointMetadata }
  | { ok: false; error: MetadataFormatError };

/** True when the bytes start with `_metadata`'s magic number (whatever the version). */
export function isFlinkMetadata(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) === METADATA_MAGIC;
}

/** Reads `_metadata`; never throws for bad input: the error names what and the byte offset. */
export function readCheckpointMetadata(bytes: Uint8Array): ReadResult {
  try {
    return { ok: true, metadata: parseCheckpointMetadata(bytes) };
  } catch (e) {
    if (e instanceof MetadataFormatError) return { ok: false, error: e };
    // Anything else is a bug in this reader; still a typed error, never a leaked exception.
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, error: new MetadataFormatError('MALFORMED', 0, '', `internal reader error: ${detail}`) };
  }
}

/** Like readCheckpointMetadata, but throws the MetadataFormatError. */
export function parseCheckpointMetadata(bytes: Uint8Array): CheckpointMetadata {
  const input = new DataInput(bytes);
  const magic = input.readInt('the magic number');
  if (magic !== METADATA_MAGIC) {
    input.fail('NOT_FLINK_METADATA', `not a Flink _metadata file: magic number 0x${(magic >>> 0).toString(16)}, expected 0x4960672d`, 0);
  }
  const metadataVersion = input.readInt('the metadata version');
  if (!(SUPPORTED_METADATA_VERSIONS as readonly number[]).includes(metadataVersion)) {
    input.fail(
      'UNSUPPORTED_VERSION',
      `unsupported metadata version ${metadataVersion} (this reader reads ${SUPPORTED_METADATA_VERSIONS.join(', ')}: Flink 1.15 and later` +
        `${metadataVersion === 1 || metadataVersion === 2 ? '; versions 1 and 2 are Flink 1.10 and older' : ''})`,
      4,
    );
  }
  const idAt = input.offset;
  const checkpointId = input.readLong('the checkpoint id');
  if (checkpointId < 0) input.fail('OUT_OF_RANGE', `invalid checkpoint id ${checkpointId}`, idAt);
  const masterStates = input.within('master states', () => readMasterStates(input));
  const operatorCount = input.readCount('operator states', 29 + (metadataVersion >= 5 ? 4 : 0));
  const operators: OperatorState[] = [];
  for (let i = 0; i < operatorCount; i++) {
    operators.push(input.within(`operator ${i}`, () => readOperator(input, metadataVersion)));
  }
  const properties = metadataVersion >= 4 ? readCheckpointProperties(input) : null;
  if (input.remaining > 0) {
    input.fail('MALFORMED', `${input.remaining} unexpected byte${input.remaining === 1 ? '' : 's'} after the end of the metadata`);
  }
  return { metadataVersion, checkpointId, masterStates, operators, properties, length: bytes.length };
}

function readMasterStates(input: DataInput): MasterState[] {
  const n = input.readCount('master states', 8);
  const out: MasterState[] = [];
  for (let i = 0; i < n; i++) {
    const at = input.offset;
    if (input.readInt('the master state magic number') !== MASTER_STATE_MAGIC) {
      input.fail('MALFORMED', 'incorrect magic number in master state', at);
    }
    const lenAt = input.offset;
    const len = input.readInt('the master state length');
    if (len <= 0) input.fail('OUT_OF_RANGE', `zero or negative master state length ${len}`, lenAt);
    const inner = new DataInput(input.readBytes(len, 'the master state'));
    // Offsets inside the master state are reported relative to the whole file.
    const base = lenAt + 4;
    try {
      const version = inner.readInt('the master state version');
      const name = inner.readUTF('the master state name');
      const sizeAt = inner.offset;
      const size = inner.readInt('the master state payload length');
      if (size < 0) inner.fail('OUT_OF_RANGE', `negative master state payload length ${size}`, sizeAt);
      const data = inner.readBytes(size, 'the master state payload');
      if (inner.remaining > 0) inner.fail('MALFORMED', 'found trailing bytes in master state');
      out.push({ name, version, size, data, at });
    } catch (e) {
      if (e instanceof MetadataFormatError) {
        throw new MetadataFormatError(e.code, base + e.offset, input.where() || `master state ${i}`, e.detail);
      }
      throw e;
    }
  }
  return out;
}

function operatorIdHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

function readOperator(input: DataInput, version: number): OperatorState {
  let name: string | undefined;
  let uid: string | undefined;
  if (version >= 5) {
    name = input.readUTF('the operator name') || undefined;
    uid = input.readUTF('the operator uid') || undefined;
  }
  // OperatorID(lowerPart, upperPart): Flink prints it as these 16 bytes in hex.
  const operatorId = operatorIdHex(input.readBytes(16, 'the operator id'));
  const parallelism = input.readInt('the parallelism');
  const maxParallelism = input.readInt('the max parallelism');
  const coordinatorState = input.within('the coordinator state', () => readByteStreamHandle(input));
  const countAt = input.offset;
  const numSubtasks = input.readInt('the number of subtask states');
  const base = { operatorId, ...(name !== undefined ? { name } : {}), ...(uid !== undefined ? { uid } : {}), parallelism, maxParallelism };
  if (numSubtasks < 0) {
    if (coordinatorState !== null) input.fail('MALFORMED', 'a fully finished operator must have no coordinator state', countAt);
    return { ...base, coordinatorState: null, fullyFinished: true, subtasks: [] };
  }
  input.checkCount(numSubtasks, 'subtask states', 4, countAt);
  const subtasks: SubtaskState[] = [];
  for (let j = 0; j < numSubtasks; j++) {
    subtasks.push(input.within(`subtask entry ${j}`, () => readSubtask(input, version)));
  }
  return { ...base, coordinatorState, fullyFinished: false, subtasks };
}

function readSubtask(input: DataInput, version: number): SubtaskState {
  const stored = input.readInt('the subtask index');
  // A finished subtask is stored as -(index + 1) with nothing after it.
  if (stored < 0) {
    return {
      subtaskIndex: -stored - 1,
      finished: true,
      managedOperatorState: null,
      rawOperatorState: null,
      managedKeyedState: null,
      rawKeyedState: null,
      inputChannelState: [],
      resultSubpartitionState: [],
    };
  }
  const hasManagedOp = input.readInt('the managed operator state flag') !== 0;
  const managedOperatorState = hasManagedOp ? input.within('managed operator state', () => readOperatorHandle(input)) : null;
  const hasRawOp = input.readInt('the raw operator state flag') !== 0;
  const rawOperatorState = hasRawOp ? input.within('raw operator state', () => readOperatorHandle(input)) : null;
  const managedKeyedState = input.within('managed keyed state', () => readKeyedHandle(input));
  const rawKeyedState = input.within('raw keyed state', () => readKeyedHandle(input));
  const tagged = version >= 6;
  const inputChannelState = input.within('input channel state', () => readChannelHandles(input, 'input', tagged));
  const resultSubpartitionState = input.within('result subpartition state', () => readChannelHandles(input, 'output', tagged));
  const state: SubtaskState = {
    subtaskIndex: stored,
    finished: false,
    managedOperatorState,
    rawOperatorState,
    managedKeyedState,
    rawKeyedState,
    inputChannelState,
    resultSubpartitionState,
  };
  if (version >= 7) {
    const marker = input.readByte('the reference checkpoint marker');
    if (marker === 1) state.refCheckpointId = input.readLong('the reference checkpoint id');
  }
  return state;
}
