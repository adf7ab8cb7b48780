/**
 * Serializers for single values, after Flink's `IntSerializer`, `LongSerializer`,
 * `DoubleSerializer`, `BooleanSerializer`, `StringSerializer` and `BytePrimitiveArraySerializer`.
 * Numbers are big-endian like Flink's; strings use the length-prefixed UTF-8 of utf8.ts instead
 * of Flink's `StringValue` encoding (same role, simpler bytes).
 */
import type { TypeSerializer } from './typeSerializer';

/** `IntSerializer`: an int32 in 4 bytes. */
export const intSerializer: TypeSerializer<number> = {
  name: 'int',
  fixedLength: 4,
  serialize(value, out) {
    if ((value | 0) !== value) {
      throw new RangeError(`intSerializer: value must be an int32, got ${String(value)}`);
    }
    out.writeInt(value);
  },
  deserialize: (input) => input.readInt(),
};

/** `LongSerializer`: a long in 8 bytes; the engine's longs are safe-integer numbers. */
export const longSerializer: TypeSerializer<number> = {
  name: 'long',
  fixedLength: 8,
  serialize(value, out) {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`longSerializer: value must be a safe integer, got ${String(value)}`);
    }
    out.writeLong(value);
  },
  deserialize: (input) => input.readLong(),
};

/** `DoubleSerializer`: IEEE-754 in 8 bytes (NaN canonicalized, -0 kept). */
export const doubleSerializer: TypeSerializer<number> = {
  name: 'double',
  fixedLength: 8,
  serialize: (value, out) => out.writeDouble(value),
  deserialize: (input) => input.readDouble(),
};

/** `BooleanSerializer`: one byte. */
export const booleanSerializer: TypeSerializer<boolean> = {
  name: 'boolean',
  fixedLength: 1,
  serialize: (value, out) => out.writeBoolean(value),
  deserialize: (input) => input.readBoolean(),
};

/** `StringSerializer`: varint byte length + UTF-8; every JS string round-trips exactly. */
export const stringSerializer: TypeSerializer<string> = {
  name: 'string',
  fixedLength: -1,
  serialize: (value, out) => out.writeString(value),
  deserialize: (input) => input.readString(),
};

/** `BytePrimitiveArraySerializer`: varint length + raw bytes (e.g. a record's payload). */
export const bytesSerializer: TypeSerializer<Uint8Array> = {
  name: 'bytes',
  fixedLength: -1,
  serialize(value, out) {
    if (!(value instanceof Uint8Array)) {
      throw new TypeError(`bytesSerializer: value must be a Uint8Array, got ${typeof value}`);
    }
    out.writeVarUint32(value.length);
    out.writeBytes(value);
  },
  deserialize: (input) => input.readBytes(input.readVarUint32()),
};
