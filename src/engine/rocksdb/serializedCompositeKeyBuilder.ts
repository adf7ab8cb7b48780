/**
 * Flink's `SerializedCompositeKeyBuilder`: builds the RocksDB keys of the current key,
 *
 *   [key group, 1–2 bytes] [key] [key length] [namespace] [namespace length] ( [user key] )
 *
 * reusing one output buffer. The key-group prefix and the serialized key are written once per
 * key (Flink does it in `setCurrentKey`; here on the first access after it) and copied in
 * front of each namespace, so the hot path serializes only the namespace. The bytes equal
 * `serializeCompositeKey(layout, …)` of the serialization module (tested).
 *
 * A working tool of the backend wrapper, never engine state.
 */
import { DataOutputView, writeKeyGroup, type CompositeKeyLayout, type TypeSerializer } from '../serialization';
import type { Namespace } from '../state/namespaces';
import type { StateKey } from '../state/stateKeyIds';

/** `CompositeKeySerializationUtils.writeVariableIntBytes`: the length suffix of an ambiguous composite key. */
function writeVariableIntBytes(value: number, out: DataOutputView): void {
  let v = value;
  do {
    out.writeByte(v & 0xff);
    v >>>= 8;
  } while (v !== 0);
}

/** Flink's `SerializedCompositeKeyBuilder` for the backend's key layout. */
export class SerializedCompositeKeyBuilder {
  private readonly out = new DataOutputView(64);
  private keyBytes: Uint8Array = new Uint8Array(0);
  private key: StateKey | null = null;
  private keyGroup = -1;

  constructor(readonly layout: CompositeKeyLayout<StateKey, Namespace>) {}

  /** `setKeyAndKeyGroup`: serializes key group and key once; later builds copy these bytes. */
  setKeyAndKeyGroup(key: StateKey, keyGroup: number): void {
    if (key === this.key && keyGroup === this.keyGroup) return;
    const out = this.out;
    out.clear();
    writeKeyGroup(keyGroup, this.layout.keyGroupPrefixBytes, out);
    this.layout.keySerializer.serialize(key, out);
    this.keyBytes = out.toBytes();
    this.key = key;
    this.keyGroup = keyGroup;
  }

  /** `buildCompositeKeyNamespace`: the RocksDB key of (current key, namespace), as a fresh array. */
  buildCompositeKeyNamespace(namespace: Namespace): Uint8Array {
    this.writeKeyAndNamespace(namespace);
    return this.out.toBytes();
  }

  /** `buildCompositeKeyNamesSpaceUserKey`: the RocksDB key of one MapState entry. */
  buildCompositeKeyNamespaceUserKey<UK>(namespace: Namespace, userKey: UK, userKeySerializer: TypeSerializer<UK>): Uint8Array {
    this.writeKeyAndNamespace(namespace);
    userKeySerializer.serialize(userKey, this.out);
    return this.out.toBytes();
  }

  private writeKeyAndNamespace(namespace: Namespace): void {
    if (this.key === null) throw new Error('SerializedCompositeKeyBuilder: no key set (call setKeyAndKeyGroup first)');
    const out = this.out;
    const layout = this.layout;
    out.clear();
    out.writeBytes(this.keyBytes);
    if (layout.ambiguousKeyPossible) writeVariableIntBytes(this.keyBytes.length - layout.keyGroupPrefixBytes, out);
    const before = out.length;
    layout.namespaceSerializer.serialize(namespace, out);
    if (layout.ambiguousKeyPossible) writeVariableIntBytes(out.length - before, out);
  }
}
