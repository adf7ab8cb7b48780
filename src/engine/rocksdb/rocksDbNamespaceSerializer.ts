/**
 * The namespace part of a RocksDB key. A Flink state is registered with one namespace
 * serializer (`VoidNamespaceSerializer` outside windows, `TimeWindow.Serializer` inside them),
 * but the engine's keyed state API lets any state take either namespace. So the bytes start
 * with a tag: VoidNamespace is the single 0 byte `VoidNamespaceSerializer` writes, a window is
 * 1 followed by the 16 bytes of `TimeWindow.Serializer` (start, end as big-endian longs).
 *
 * The serializer is variable-sized, so, exactly as Flink's `SerializedCompositeKeyBuilder`
 * does for a variable-sized key and namespace, every composite key carries the key's and the
 * namespace's byte lengths (`isAmbiguousKeyPossible`).
 */
import { timeWindowSerializer, type TypeSerializer } from '../serialization';
import { VOID_NAMESPACE, type Namespace } from '../state/namespaces';

const VOID_TAG = 0;
const WINDOW_TAG = 1;

/** Namespace serializer of the RocksDB backend's keys: `VoidNamespaceSerializer` or a tagged `TimeWindow.Serializer`. */
export const rocksDbNamespaceSerializer: TypeSerializer<Namespace> = {
  name: 'rocksdb-namespace',
  fixedLength: -1,
  serialize(value, out) {
    if (value === VOID_NAMESPACE) {
      out.writeByte(VOID_TAG);
      return;
    }
    if (value === null || typeof value !== 'object') {
      throw new TypeError(`rocksDbNamespaceSerializer: namespace must be '${VOID_NAMESPACE}' or a TimeWindow, got ${JSON.stringify(value)}`);
    }
    out.writeByte(WINDOW_TAG);
    timeWindowSerializer.serialize(value, out);
  },
  deserialize(input) {
    const at = input.position;
    const tag = input.readUnsignedByte();
    if (tag === VOID_TAG) return VOID_NAMESPACE;
    if (tag === WINDOW_TAG) return timeWindowSerializer.deserialize(input);
    throw new Error(`rocksDbNamespaceSerializer: unknown namespace tag ${tag} at offset ${at}`);
  },
};
