/**
 * Flink's RocksDB key layout (`CompositeKeySerializationUtils`, `SerializedCompositeKeyBuilder`):
 *
 *   [key group: 1 byte if maxParallelism ≤ 128, else 2, big-endian] [key] [namespace]
 *
 * Because the prefix has a fixed width and is big-endian, an unsigned lexicographic byte compare
 * (RocksDB's default comparator) orders keys by key group first: every key group is one contiguous
 * run, which is what lets a restore with new parallelism take whole key-group ranges out of an
 * old snapshot. When both key and namespace are variable-sized, Flink appends each one's length
 * (`writeVariableIntBytes`) so that (key "ab", ns "c") and (key "a", ns "bc") cannot collide; this
 * module does the same.
 */
import { DataInputView } from './dataInputView';
import { DataOutputView } from './dataOutputView';
import { serializerFor } from './serializerRegistry';
import type { TypeSerializer } from './typeSerializer';

/** `CompositeKeySerializationUtils.computeRequiredBytesInKeyGroupPrefix`: 1 when ≤ 128 key groups, else 2. */
export function computeRequiredBytesInKeyGroupPrefix(maxParallelism: number): 1 | 2 {
  if (!Number.isInteger(maxParallelism) || maxParallelism < 1 || maxParallelism > 32768) {
    throw new RangeError(
      `computeRequiredBytesInKeyGroupPrefix: maxParallelism must be an integer in [1, 32768], got ${maxParallelism}`,
    );
  }
  return maxParallelism > 128 ? 2 : 1;
}

function checkPrefixBytes(fn: string, keyGroupPrefixBytes: number): void {
  if (keyGroupPrefixBytes !== 1 && keyGroupPrefixBytes !== 2) {
    throw new RangeError(`${fn}: keyGroupPrefixBytes must be 1 or 2, got ${keyGroupPrefixBytes}`);
  }
}

function checkKeyGroupFits(fn: string, keyGroup: number, keyGroupPrefixBytes: number): void {
  const limit = keyGroupPrefixBytes === 1 ? 256 : 65536;
  if (!Number.isInteger(keyGroup) || keyGroup < 0 || keyGroup >= limit) {
    throw new RangeError(
      `${fn}: keyGroup must be an integer in [0, ${limit - 1}] for a ${keyGroupPrefixBytes}-byte prefix, got ${keyGroup}`,
    );
  }
}

/** `CompositeKeySerializationUtils.writeKeyGroup`: the big-endian key-group prefix. */
export function writeKeyGroup(
  keyGroup: number,
  keyGroupPrefixBytes: number,
  out: DataOutputView,
): void {
  checkPrefixBytes('writeKeyGroup', keyGroupPrefixBytes);
  checkKeyGroupFits('writeKeyGroup', keyGroup, keyGroupPrefixBytes);
  if (keyGroupPrefixBytes === 2) out.writeByte(keyGroup >>> 8);
  out.writeByte(keyGroup & 0xff);
}

/** `CompositeKeySerializationUtils.readKeyGroup`. */
export function readKeyGroup(keyGroupPrefixBytes: number, input: DataInputView): number {
  checkPrefixBytes('readKeyGroup', keyGroupPrefixBytes);
  let kg = input.readUnsignedByte();
  if (keyGroupPrefixBytes === 2) kg = (kg << 8) | input.readUnsignedByte();
  return kg;
}

/** `CompositeKeySerializationUtils.serializeKeyGroup`: the prefix alone, e.g. the seek key for the start of a key group. */
export function serializeKeyGroupPrefix(keyGroup: number, keyGroupPrefixBytes: number): Uint8Array {
  checkPrefixBytes('serializeKeyGroupPrefix', keyGroupPrefixBytes);
  checkKeyGroupFits('serializeKeyGroupPrefix', keyGroup, keyGroupPrefixBytes);
  return keyGroupPrefixBytes === 1
    ? Uint8Array.of(keyGroup)
    : Uint8Array.of(keyGroup >>> 8, keyGroup & 0xff);
}

/** `CompositeKeySerializationUtils.extractKeyGroup`: the key group of a serialized key, or -1 if it is too short. */
export function extractKeyGroup(keyGroupPrefixBytes: number, bytes: Uint8Array): number {
  checkPrefixBytes('extractKeyGroup', keyGroupPrefixBytes);
  if (bytes.length < keyGroupPrefixBytes) return -1;
  return keyGroupPrefixBytes === 1 ? bytes[0]! : (bytes[0]! << 8) | bytes[1]!;
}

/** `CompositeKeySerializationUtils.isAmbiguousKeyPossible`: both parts variable-sized. */
export function isAmbiguousKeyPossible(
  keySerializer: TypeSerializer<unknown>,
  namespaceSerializer: TypeSerializer<unknown>,
): boolean {
  return keySerializer.fixedLength < 0 && namespaceSerializer.fixedLength < 0;
}

/** How one state's RocksDB keys are laid out (what `SerializedCompositeKeyBuilder` is configured with). */
export interface CompositeKeyLayout<K, N> {
  readonly maxParallelism: number;
  readonly keyGroupPrefixBytes: 1 | 2;
  readonly keySerializer: TypeSerializer<K>;
  readonly namespaceSerializer: TypeSerializer<N>;
  readonly ambiguousKeyPossible: boolean;
}

/** Builds a {@link CompositeKeyLayout}; serializers may be given by registry name (e.g. `'key'`, `'void-namespace'`). */
export function compositeKeyLayout<K = unknown, N = unknown>(
  maxParallelism: number,
  keySerializer: TypeSerializer<K> | string,
  namespaceSerializer: TypeSerializer<N> | string,
): CompositeKeyLayout<K, N> {
  const ks = typeof keySerializer === 'string' ? serializerFor<K>(keySerializer) : keySerializer;
  const ns =
    typeof namespaceSerializer === 'string'
      ? serializerFor<N>(namespaceSerializer)
      : namespaceSerializer;
  return {
    maxParallelism,
    keyGroupPrefixBytes: computeRequiredBytesInKeyGroupPrefix(maxParallelism),
    keySerializer: ks,
    namespaceSerializer: ns,
    ambiguousKeyPossible: isAmbiguousKeyPossible(
      ks as TypeSerializer<unknown>,
      ns as TypeSerializer<unknown>,
    ),
  };
}

/** `SerializedCompositeKeyBuilder.buildCompositeKeyNamespace`, appending to `out` (reuse one view in hot loops). */
export function writeCompositeKey<K, N>(
  layout: CompositeKeyLayout<K, N>,
  keyGroup: number,
  key: K,
  namespace: N,
  out: DataOutputView,
): void {
  if (!Number.isInteger(keyGroup) || keyGroup < 0 || keyGroup >= layout.maxParallelism) {
    throw new RangeError(
      `writeCompositeKey: keyGroup must be an integer in [0, ${layout.maxParallelism - 1}] for maxParallelism ${layout.maxParallelism}, got ${keyGroup}`,
    );
  }
  writeKeyGroup(keyGroup, layout.keyGroupPrefixBytes, out);
  let before = out.length;
  layout.keySerializer.serialize(key, out);
  if (layout.ambiguousKeyPossible) writeVariableIntBytes(out.length - before, out);
  before = out.length;
  layout.namespaceSerializer.serialize(namespace, out);
  if (layout.ambiguousKeyPossible) writeVariableIntBytes(out.length - before, out);
}

/** The RocksDB key bytes for (keyGroup, key, namespace), as a fresh array. */
export function serializeCompositeKey<K, N>(
  layout: CompositeKeyLayout<K, N>,
  keyGroup: number,
  key: K,
  namespace: N,
  scratch?: DataOutputView,
): Uint8Array {
  const out = scratch ?? new DataOutputView(32);
  out.clear();
  writeCompositeKey(layout, keyGroup, key, namespace, out);
  return out.toBytes();
}

/** A decoded RocksDB key. */
export interface CompositeKey<K, N> {
  keyGroup: number;
  key: K;
  namespace: N;
}

/** Reads one composite key from `input`, leaving it positioned after the namespace (and its length, if any). */
export function readCompositeKey<K, N>(
  layout: CompositeKeyLayout<K, N>,
  input: DataInputView,
): CompositeKey<K, N> {
  const keyGroup = readKeyGroup(layout.keyGroupPrefixBytes, input);
  let before = input.position;
  const key = layout.keySerializer.deserialize(input);
  if (layout.ambiguousKeyPossible) readVariableIntBytes(input, input.position - before);
  before = input.position;
  const namespace = layout.namespaceSerializer.deserialize(input);
  if (layout.ambiguousKeyPossible) readVariableIntBytes(input, input.position - before);
  return { keyGroup, key, namespace };
}

/** Decodes RocksDB key bytes into key group, key and namespace; the bytes must hold exactly one composite key. */
export function deserializeCompositeKey<K, N>(
  layout: CompositeKeyLayout<K, N>,
  bytes: Uint8Array,
): CompositeKey<K, N> {
  const input = new DataInputView(bytes);
  const result = readCompositeKey(layout, input);
  if (input.remaining !== 0) {
    throw new Error(
      `deserializeCompositeKey: ${input.remaining} trailing byte(s) at offset ${input.position}`,
    );
  }
  return result;
}

/** `CompositeKeySerializationUtils.writeVariableIntBytes`: little-endian bytes of `value`, at least one. */
function writeVariableIntBytes(value: number, out: DataOutputView): void {
  let v = value;
  do {
    out.writeByte(v & 0xff);
    v >>>= 8;
  } while (v !== 0);
}

/** `CompositeKeySerializationUtils.readVariableIntBytes`, plus a check that the bytes match (Flink only skips them). */
function readVariableIntBytes(input: DataInputView, value: number): void {
  const at = input.position;
  let v = value;
  do {
    if (input.readUnsignedByte() !== (v & 0xff)) {
      throw new Error(
        `readCompositeKey: length suffix at offset ${at} does not match the ${value}-byte part before it`,
      );
    }
    v >>>= 8;
  } while (v !== 0);
}
