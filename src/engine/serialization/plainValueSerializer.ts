/**
 * The value serializer of the RocksDB backend. In Flink every state descriptor carries the
 * `TypeSerializer` of its values (falling back to `KryoSerializer` for generic types); engine
 * descriptors are plain data without one, and their values may be any plain data, so the
 * backend serializes values with this self-describing format: a tag byte, then the payload.
 *
 *   0 null | 1 false | 2 true | 3 int32 (4 bytes) | 4 double (8 bytes) | 5 string |
 *   6 bytes (varint length + bytes) | 7 array (varint count + elements) |
 *   8 object (varint count + (string name, value) per property)
 *
 * Each value is self-delimiting, which `ListDelimitedSerializer` needs to find its delimiters.
 * Deserializing gives a fresh copy: the backend never hands out an object it keeps.
 */
import type { Plain } from '../core/plainData';
import type { DataInputView } from './dataInputView';
import type { DataOutputView } from './dataOutputView';
import type { TypeSerializer } from './typeSerializer';

const T_NULL = 0;
const T_FALSE = 1;
const T_TRUE = 2;
const T_INT = 3;
const T_DOUBLE = 4;
const T_STRING = 5;
const T_BYTES = 6;
const T_ARRAY = 7;
const T_OBJECT = 8;

/** Nesting limit: plain data from scenarios is shallow; a deeper value is a bug (or a cycle). */
const MAX_DEPTH = 64;

function write(value: Plain, out: DataOutputView, depth: number): void {
  if (depth > MAX_DEPTH) throw new RangeError(`plainValueSerializer: value nested deeper than ${MAX_DEPTH} levels (a cycle?)`);
  if (value === null) return out.writeByte(T_NULL);
  switch (typeof value) {
    case 'boolean':
      return out.writeByte(value ? T_TRUE : T_FALSE);
    case 'number':
      // int32s (the common case: counts, sums) take 4 bytes; -0 needs the double form to survive.
      if ((value | 0) === value && !Object.is(value, -0)) {
        out.writeByte(T_INT);
        return out.writeInt(value);
      }
      out.writeByte(T_DOUBLE);
      return out.writeDouble(value);
    case 'string':
      out.writeByte(T_STRING);
      return out.writeString(value);
    case 'object': {
      if (value instanceof Uint8Array) {
        out.writeByte(T_BYTES);
        out.writeVarUint32(value.length);
        return out.writeBytes(value);
      }
      if (Array.isArray(value)) {
        out.writeByte(T_ARRAY);
        out.writeVarUint32(value.length);
        for (let i = 0; i < value.length; i++) write(value[i]!, out, depth + 1);
        return;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
        throw new TypeError(`plainValueSerializer: only plain objects can be stored, got an instance of ${(value as object).constructor?.name ?? 'unknown'}`);
      }
      let n = 0;
      for (const k in value) if (value[k] !== undefined) n++;
      out.writeByte(T_OBJECT);
      out.writeVarUint32(n);
      for (const k in value) {
        const v = value[k];
        if (v === undefined) continue; // like clonePlain: undefined properties do not exist in plain data
        out.writeString(k);
        write(v, out, depth + 1);
      }
      return;
    }
    default:
      throw new TypeError(`plainValueSerializer: ${typeof value} is not plain data (got ${String(value)})`);
  }
}

function read(input: DataInputView, depth: number): Plain {
  const at = input.position;
  const tag = input.readUnsignedByte();
  switch (tag) {
    case T_NULL:
      return null;
    case T_FALSE:
      return false;
    case T_TRUE:
      return true;
    case T_INT:
      return input.readInt();
    case T_DOUBLE:
      return input.readDouble();
    case T_STRING:
      return input.readString();
    case T_BYTES:
      return input.readBytes(input.readVarUint32());
    case T_ARRAY: {
      const n = count(input, at, depth);
      const out = new Array<Plain>(n);
      for (let i = 0; i < n; i++) out[i] = read(input, depth + 1);
      return out;
    }
    case T_OBJECT: {
      const n = count(input, at, depth);
      const out: { [k: string]: Plain } = {};
      for (let i = 0; i < n; i++) {
        const k = input.readString();
        const v = read(input, depth + 1);
        // An own property named "__proto__" must stay a property, not replace the prototype.
        if (k === '__proto__') Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
        else out[k] = v;
      }
      return out;
    }
    default:
      throw new Error(`plainValueSerializer: unknown tag ${tag} at offset ${at}`);
  }
}

function count(input: DataInputView, at: number, depth: number): number {
  if (depth > MAX_DEPTH) throw new Error(`plainValueSerializer: value at offset ${at} nested deeper than ${MAX_DEPTH} levels`);
  const n = input.readVarUint32();
  // Every element takes at least one byte: a larger count is corrupt input, not a reason to allocate.
  if (n > input.remaining) throw new Error(`plainValueSerializer: bad element count ${n} at offset ${at}`);
  return n;
}

/** Stands in for the state descriptor's `TypeSerializer` (Flink: the type's serializer, or `KryoSerializer`): any plain value. */
export const plainValueSerializer: TypeSerializer<Plain> = {
  name: 'plain',
  fixedLength: -1,
  serialize: (value, out) => write(value, out, 0),
  deserialize: (input) => read(input, 0),
};
