/**
 * Flink's `SerializedCompositeKeyBuilder`: builds the RocksDB keys of the current key,
 *
 *   [key group, 1–2 bytes] [key] [key length] [namespace] [namespace length] ( [user key] )
 *
 * reusing one output buffer. The key-group prefix and the serialized key are written once per
 * key (Flink does it in `setCurrentKey`; here on the first access after it) and stay at the
 * front of the buffer: each build goes back to the end of the key (`afterKeyMark`, Flink's
 * `resetToKey`) and serializes only the namespace, with no array made for the key itself. The bytes equal
 * `serializeCompositeKey(layout, …)` of the serialization module (tested).
 *
 * A working tool of the backend wrapper, never engine state.
 */
import { ByteSlab, DataOutputView, writeKeyGroup, type CompositeKeyLayout, type TypeSerializer } from '../serialization';
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
  /** Where the key group and key end in `out` (Flink's `afterKeyMark`); -1 before any key is set. */
  private afterKeyMark = -1;
  private key: StateKey | null = null;
  private keyGroup = -1;

  /**
   * @param slab where the keys built here, and the backend's states' values, are cut from: they
   *   go into the memtable and die with it (ByteSlab)
   */
  constructor(
    readonly layout: CompositeKeyLayout<StateKey, Namespace>,
    readonly slab: ByteSlab = new ByteSlab(),
  ) {}

  /** `setKeyAndKeyGroup`: serializes key group and key once; later builds copy these bytes. */
  setKeyAndKeyGroup(key: StateKey, keyGroup: number): void {
    if (key === this.key && keyGroup === this.keyGroup) return;
    const out = this.out;
    out.clear();
    writeKeyGroup(keyGroup, this.layout.keyGroupPrefixBytes, out);
    this.layout.keySerializer.serialize(key, out);
    this.afterKeyMark = out.length;
    this.key = key;
    this.keyGroup = keyGroup;
  }

  /** `buildCompositeKeyNamespace`: the RocksDB key of (current key, namespace), as a fresh array (cut from `slab`). */
  buildCompositeKeyNamespace(namespace: Namespace): Uint8Array {
    this.writeKeyAndNamespace(namespace);
    return this.out.toBytesIn(this.slab);
  }

  /** `buildCompositeKeyNamesSpaceUserKey`: the RocksDB key of one MapState entry. */
  buildCompositeKeyNamespaceUserKey<UK>(namespace: Namespace, userKey: UK, userKeySerializer: TypeSerializer<UK>): Uint8Array {
    this.writeKeyAndNamespace(namespace);
    userKeySerializer.serialize(userKey, this.out);
    return this.out.toBytesIn(this.slab);
  }

  private writeKeyAndNamespace(namespace: Namespace): void {
    if (this.key === null) throw new Error('SerializedCompositeKeyBuilder: no key set (call setKeyAndKeyGroup first)');
    const out = this.out;
    const layout = this.layout;
    out.setPosition(this.afterKeyMark);
    if (layout.ambiguousKeyPossible) writeVariableIntBytes(this.afterKeyMark - layout.keyGroupPrefixBytes, out);
    const before = out.length;
    layout.namespaceSerializer.serialize(namespace, out);
    if (layout.ambiguousKeyPossible) writeVariableIntBytes(out.length - before, out);
  }
}
