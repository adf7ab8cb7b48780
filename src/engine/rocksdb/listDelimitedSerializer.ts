/**
 * Flink's `ListDelimitedSerializer`: how `RocksDBListState` stores a list. The elements are
 * written back to back with a ',' byte between them and no count, so that appending is byte
 * concatenation: Flink's `ListState.add` hands RocksDB a merge operand and the
 * `StringAppendTESTOperator` merge operator joins operands with the same ',' delimiter.
 * The element serializer must be self-delimiting (it is: see plainValueSerializer).
 */
import { DataInputView, type DataOutputView, type TypeSerializer } from '../serialization';

/** The byte between two elements (`RocksDBListState.DELIMITER`, the merge operator's delimiter). */
export const LIST_DELIMITER = 0x2c; // ','

/** `ListDelimitedSerializer.serializeList`: the elements with delimiters, appended to `out` (which the caller cleared). */
export function serializeDelimitedList<T>(values: readonly T[], elementSerializer: TypeSerializer<T>, out: DataOutputView): void {
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out.writeByte(LIST_DELIMITER);
    elementSerializer.serialize(values[i]!, out);
  }
}

/** `ListDelimitedSerializer.deserializeList`: every element of a stored list, in order (empty bytes: an empty list). */
export function deserializeDelimitedList<T>(bytes: Uint8Array, elementSerializer: TypeSerializer<T>, input?: DataInputView): T[] {
  const view = input ?? new DataInputView(bytes);
  if (input !== undefined) view.reset(bytes);
  const out: T[] = [];
  while (view.remaining > 0) {
    out.push(elementSerializer.deserialize(view));
    if (view.remaining > 0) {
      const at = view.position;
      const d = view.readUnsignedByte();
      if (d !== LIST_DELIMITER) {
        throw new Error(`ListDelimitedSerializer: expected the ',' delimiter at offset ${at}, got byte ${d} (corrupt list value)`);
      }
    }
  }
  return out;
}

/**
 * What RocksDB's string-append merge operator computes for a key when it folds a merge operand
 * into the existing value: `existing , operand` (just the operand when nothing exists yet).
 */
export function appendDelimited(existing: Uint8Array | null, operand: Uint8Array): Uint8Array {
  if (existing === null || existing.length === 0) return operand.slice();
  const out = new Uint8Array(existing.length + 1 + operand.length);
  out.set(existing, 0);
  out[existing.length] = LIST_DELIMITER;
  out.set(operand, existing.length + 1);
  return out;
}
