/**
 * Flink's `RocksDBKeySerializationUtils` / `CompositeKeySerializationUtils` as the RocksDB
 * backend uses them: its key layout, reading keys back (for views, and for MapState to find
 * the user key behind the composite-key prefix) and prefix tests.
 */
import {
  compositeKeyLayout,
  DataInputView,
  keySerializer,
  readCompositeKey,
  type CompositeKeyLayout,
  type TypeSerializer,
} from '../serialization';
import type { Namespace } from '../state/namespaces';
import type { MapUserKey, StateKey } from '../state/stateKeyIds';
import { rocksDbNamespaceSerializer } from './rocksDbNamespaceSerializer';
import { mapUserKeySerializer } from './rocksDbStateSerializers';

/** The key layout of every state of a backend: key-group prefix for `maxParallelism`, tagged key, tagged namespace. */
export function rocksDbKeyLayout(maxParallelism: number): CompositeKeyLayout<StateKey, Namespace> {
  return compositeKeyLayout<StateKey, Namespace>(
    maxParallelism,
    keySerializer as TypeSerializer<StateKey>,
    rocksDbNamespaceSerializer,
  );
}

/** A RocksDB key of the backend, decoded; `userKey` only for MapState entries. */
export interface DecodedRocksDbKey {
  keyGroup: number;
  key: StateKey;
  namespace: Namespace;
  userKey?: MapUserKey;
  /** Length of the composite-key part (key group + key + namespace): where a MapState user key starts. */
  prefixLength: number;
}

/** Decodes a key of one column family; `withUserKey` for MapState, whose keys end with the user key. Throws on trailing or missing bytes. */
export function decodeRocksDbKey(
  layout: CompositeKeyLayout<StateKey, Namespace>,
  bytes: Uint8Array,
  withUserKey: boolean,
  input: DataInputView = new DataInputView(bytes),
): DecodedRocksDbKey {
  input.reset(bytes);
  const { keyGroup, key, namespace } = readCompositeKey(layout, input);
  const prefixLength = input.position;
  const decoded: DecodedRocksDbKey = { keyGroup, key, namespace, prefixLength };
  if (withUserKey) decoded.userKey = mapUserKeySerializer.deserialize(input);
  if (input.remaining !== 0) {
    throw new Error(`decodeRocksDbKey: ${input.remaining} trailing byte(s) at offset ${input.position} of a ${bytes.length}-byte key`);
  }
  return decoded;
}

/** `RocksDBMapState.startWithKeyPrefix`: whether `bytes` begins with `prefix`. */
export function startsWithPrefix(prefix: Uint8Array, bytes: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = prefix.length - 1; i >= 0; i--) if (bytes[i] !== prefix[i]) return false;
  return true;
}
