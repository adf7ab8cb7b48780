/**
 * Flink's `TypeSerializer<T>`, reduced to what the engine needs: a named, stateless plain object
 * that writes a value to a {@link DataOutputView} and reads it back. State descriptors refer to
 * serializers by `name` (see serializerRegistry.ts), so descriptors stay plain data.
 */
import { DataInputView } from './dataInputView';
import { DataOutputView } from './dataOutputView';

/** A value codec, like Flink's `TypeSerializer`. */
export interface TypeSerializer<T> {
  /** Registry name, e.g. `'int'`, `'list<string>'`; `serializerFor(name)` gives this serializer back. */
  readonly name: string;
  /**
   * Bytes per value when every value has the same size, else -1 (Flink's `getLength()`).
   * Only "variable or not" matters to the composite-key layout (ambiguous-key handling).
   */
  readonly fixedLength: number;
  serialize(value: T, out: DataOutputView): void;
  deserialize(input: DataInputView): T;
}

/** Serializes one value into fresh bytes (`InstantiationUtil.serializeToByteArray`). */
export function serializeToBytes<T>(
  serializer: TypeSerializer<T>,
  value: T,
  scratch?: DataOutputView,
): Uint8Array {
  const out = scratch ?? new DataOutputView(32);
  out.clear();
  serializer.serialize(value, out);
  return out.toBytes();
}

/** Deserializes one value that must use all of `bytes` (`InstantiationUtil.deserializeFromByteArray`); trailing bytes are an error. */
export function deserializeFromBytes<T>(serializer: TypeSerializer<T>, bytes: Uint8Array): T {
  const input = new DataInputView(bytes);
  const value = serializer.deserialize(input);
  if (input.remaining !== 0) {
    throw new Error(
      `deserializeFromBytes: ${input.remaining} trailing byte(s) after a '${serializer.name}' value at offset ${input.position}`,
    );
  }
  return value;
}
