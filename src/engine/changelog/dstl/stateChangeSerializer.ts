/**
 * The bytes of one `StateChange`, as `AbstractStateChangeLogger#serialize` lays them out: the
 * operation code first, then the scope, then the operation's argument.
 *
 *   data change:  [op code: 1 byte][state name][key][namespace][payload]
 *   metadata:     [op code 8: 1 byte][state name][payload = the state descriptor]
 *
 * A metadata change has no scope, so its key ('') and namespace (VoidNamespace) are not written.
 *
 * Differences from Flink, on purpose: Flink writes a 2-byte state id (registered by the metadata
 * entry) where this writes the state's name, and it writes the payload with the state's own
 * `TypeSerializer`; engine values are any plain data, so `plainValueSerializer` stands in (as it
 * does for the RocksDB backend). Key bytes come from `keySerializer` (same Java types, same key
 * group on decode). Namespaces: tag 0 = `VoidNamespace`, tag 1 = `TimeWindow` (two longs).
 */
import type { Plain } from '../../core/plainData';
import { DataInputView } from '../../serialization/dataInputView';
import { DataOutputView } from '../../serialization/dataOutputView';
import { keySerializer } from '../../serialization/keySerializer';
import { plainValueSerializer } from '../../serialization/plainValueSerializer';
import { VOID_NAMESPACE, type Namespace } from '../../state/namespaces';
import { META_KEY_GROUP, type StateChange } from './stateChange';
import {
  STATE_CHANGE_OPERATION_CODES as OP,
  stateChangeOperationByCode,
  stateChangeOperationName,
} from './stateChangeOperation';

const NS_VOID = 0;
const NS_WINDOW = 1;

// A working buffer for sizing changes on append; never part of engine state.
const scratch = new DataOutputView(256);

/** Writes one change's bytes (`AbstractStateChangeLogger#serialize`) to `out`. */
export function writeStateChange(change: StateChange, out: DataOutputView): void {
  out.writeByte(stateChangeOperationByCode(change.op));
  out.writeString(change.state);
  if (change.op === OP.METADATA) {
    plainValueSerializer.serialize(change.payload, out);
    return;
  }
  keySerializer.serialize(change.key, out);
  writeNamespace(change.namespace, out);
  plainValueSerializer.serialize(change.payload, out);
}

/** The serialized bytes of one change (what Flink's `StateChange#getChange` holds). */
export function encodeStateChange(change: StateChange): Uint8Array {
  scratch.clear();
  writeStateChange(change, scratch);
  return scratch.toBytes();
}

/** The serialized length of one change: its contribution to `StateChangeSet#getSize`. */
export function stateChangeSize(change: StateChange): number {
  scratch.clear();
  writeStateChange(change, scratch);
  return scratch.length;
}

/**
 * Decodes the change in `bytes[start, end)`, stored under key group `keyGroup` (the group header
 * of the file format carries it, as in `StateChangeFormat#read`). Every byte must be used.
 */
export function decodeStateChange(
  bytes: Uint8Array,
  start: number,
  end: number,
  keyGroup: number,
): StateChange {
  const input = new DataInputView(bytes, start, end);
  const code = input.readUnsignedByte();
  const op = stateChangeOperationByCode(code);
  const state = input.readString();
  let change: StateChange;
  if (keyGroup === META_KEY_GROUP) {
    if (op !== OP.METADATA) {
      throw new Error(
        `decodeStateChange: ${stateChangeOperationName(op)} change to state '${state}' in the metadata key group`,
      );
    }
    change = {
      keyGroup,
      op,
      state,
      key: '',
      namespace: VOID_NAMESPACE,
      payload: plainValueSerializer.deserialize(input),
    };
  } else {
    if (op === OP.METADATA)
      throw new Error(
        `decodeStateChange: METADATA change to state '${state}' in key group ${keyGroup}`,
      );
    const key = keySerializer.deserialize(input);
    const namespace = readNamespace(input);
    const payload: Plain = plainValueSerializer.deserialize(input);
    change = { keyGroup, op, state, key, namespace, payload };
  }
  if (input.remaining !== 0) {
    throw new Error(
      `decodeStateChange: ${input.remaining} trailing byte(s) after a ${stateChangeOperationName(op)} change to state '${state}'`,
    );
  }
  return change;
}

function writeNamespace(ns: Namespace, out: DataOutputView): void {
  if (ns === VOID_NAMESPACE) {
    out.writeByte(NS_VOID);
    return;
  }
  out.writeByte(NS_WINDOW);
  out.writeLong(ns.start);
  out.writeLong(ns.end);
}

function readNamespace(input: DataInputView): Namespace {
  const at = input.position;
  const tag = input.readUnsignedByte();
  if (tag === NS_VOID) return VOID_NAMESPACE;
  if (tag === NS_WINDOW) {
    const start = input.readLong();
    const end = input.readLong();
    return { start, end };
  }
  throw new Error(`decodeStateChange: unknown namespace tag ${tag} at offset ${at}`);
}
