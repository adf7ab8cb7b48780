/**
 * The key serializer for scenario keys (`string | number`). A Flink job has one key type; a
 * scenario may mix strings and integers, so each key starts with a tag byte naming its Java type
 * (the same mapping as `javaTypeOfKey`: int32 → Integer, other safe integers → Long), followed by
 * the bytes Flink's `IntSerializer`, `LongSerializer` or our string encoding would write.
 * A deserialized key therefore has the same Java type, hashCode and key group as the original.
 */
import type { TypeSerializer } from './typeSerializer';

/** A key as scenarios carry it: a string or a safe integer. */
export type ScenarioKey = string | number;

/** Tag bytes of {@link keySerializer}. */
export const KEY_TAG = { String: 0, Integer: 1, Long: 2 } as const;

/** Scenario keys: tag byte + Integer/Long/String bytes. Variable length. */
export const keySerializer: TypeSerializer<ScenarioKey> = {
  name: 'key',
  fixedLength: -1,
  serialize(value, out) {
    if (typeof value === 'string') {
      out.writeByte(KEY_TAG.String);
      out.writeString(value);
    } else if ((value | 0) === value) {
      out.writeByte(KEY_TAG.Integer);
      out.writeInt(value);
    } else if (Number.isSafeInteger(value)) {
      out.writeByte(KEY_TAG.Long);
      out.writeLong(value);
    } else {
      throw new RangeError(
        `keySerializer: a key must be a string or a safe integer, got ${typeof value === 'number' ? value : typeof value}`,
      );
    }
  },
  deserialize(input) {
    const at = input.position;
    const tag = input.readUnsignedByte();
    switch (tag) {
      case KEY_TAG.String:
        return input.readString();
      case KEY_TAG.Integer:
        return input.readInt();
      case KEY_TAG.Long: {
        const v = input.readLong();
        if ((v | 0) === v) {
          // The writer would have tagged this as Integer: refuse the non-canonical form.
          throw new Error(`keySerializer: Long tag for int32 value ${v} at offset ${at}`);
        }
        return v;
      }
      default:
        throw new Error(`keySerializer: unknown key tag ${tag} at offset ${at}`);
    }
  },
};
