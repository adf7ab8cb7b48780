/**
 * A self-describing serializer for any plain-data state value (null, booleans, numbers,
 * strings, arrays, objects): one tag byte per value. Full snapshots use it so that one file
 * format carries every state kind; Flink instead writes each state with its declared
 * TypeSerializer, whose config travels in the snapshot's meta info.
 */
import type { Plain } from '../core/plainData';
import type { DataInputView } from './dataInputView';
import type { DataOutputView } from './dataOutputView';
import type { TypeSerializer } from './typeSerializer';

const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const NUMBER = 3;
const STRING = 4;
const ARRAY = 5;
const OBJECT = 6;
const BYTES = 7;

function write(v: Plain, out: DataOutputView): void {
  if (v === null) return out.writeByte(NULL);
  if (v === true) return out.writeByte(TRUE);
  if (v === false) return out.writeByte(FALSE);
  if (typeof v === 'number') {
    out.writeByte(NUMBER);
    return out.writeDouble(v);
  }
  if (typeof v === 'string') {
    out.writeByte(STRING);
    return out.writeString(v);
  }
  if (v instanceof Uint8Array) {
    out.writeByte(BYTES);
    out.writeVarUint32(v.length);
    return out.writeBytes(v);
  }
  if (Array.isArray(v)) {
    out.writeByte(ARRAY);
    out.writeVarUint32(v.length);
    for (const x of v) write(x, out);
    return;
  }
  const keys = Object.keys(v);
  out.writeByte(OBJECT);
  out.writeVarUint32(keys.length);
  for (const k of keys) {
    out.writeString(k);
    write(v[k]!, out);
  }
}

function read(input: DataInputView): Plain {
  const tag = input.readUnsignedByte();
  switch (tag) {
    case NULL:
      return null;
    case FALSE:
      return false;
    case TRUE:
      return true;
    case NUMBER:
      return input.readDouble();
    case STRING:
      return input.readString();
    case BYTES:
      return input.readBytes(input.readVarUint32());
    case ARRAY: {
      const n = input.readVarUint32();
      const out: Plain[] = new Array(n);
      for (let i = 0; i < n; i++) out[i] = read(input);
      return out;
    }
    case OBJECT: {
      const n = input.readVarUint32();
      const out: Record<string, Plain> = {};
      for (let i = 0; i < n; i++) {
        const k = input.readString();
        out[k] = read(input);
      }
      return out;
    }
    default:
      throw new RangeError(`plain value: unknown tag ${tag} at offset ${input.position - 1}`);
  }
}

/** Serializer of arbitrary plain-data values (tagged encoding). */
export const plainValueSerializer: TypeSerializer<Plain> = {
  name: 'plain',
  fixedLength: -1,
  serialize: write,
  deserialize: read,
};
