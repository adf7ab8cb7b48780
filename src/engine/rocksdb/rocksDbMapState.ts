import type { Plain } from '../core/plainData';
import { bytesEqual, prefixSuccessor, scan, type KeyValue } from '../lsm';
import type { TypeSerializer } from '../serialization';
import type { InternalMapState, MapStateEntry } from '../state/keyedStateApi';
import { checkStateKey, type MapUserKey } from '../state/stateKeyIds';
import { AbstractRocksDbState } from './abstractRocksDbState';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import { startsWithPrefix } from './rocksDbKeySerializationUtils';
import { mapUserKeySerializer, stateValueSerializer } from './rocksDbStateSerializers';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

/** `RocksDBMapIterator.CACHE_SIZE_LIMIT`: entries loaded per seek while iterating. */
export const MAP_ITERATOR_BATCH = 128;

/**
 * Flink's `RocksDBMapState`: not one value per (key, namespace) but one RocksDB entry per user
 * key, under `composite key + serialized user key`, its value a null flag and the serialized
 * user value (`serializeValueNullSensitive`). `get`/`put`/`remove` of one user key touch one
 * entry; iterating, `isEmpty` and `clear` scan the composite-key prefix, in user-key byte
 * order. A snapshot therefore never copies a whole map, and a hot map key costs one small write.
 */
export class RocksDbMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>
  extends AbstractRocksDbState
  implements InternalMapState<UK, UV>
{
  private readonly userKeySerializer = mapUserKeySerializer as TypeSerializer<UK>;
  private readonly userValueSerializer: TypeSerializer<UV>;

  constructor(backend: RocksDbKeyedBackendData, state: RocksDbRegisteredState, keyBuilder: SerializedCompositeKeyBuilder) {
    super(backend, state, keyBuilder);
    this.userValueSerializer = stateValueSerializer(state.descriptor) as TypeSerializer<UV>;
  }

  get(key: UK): UV | null {
    const bytes = this.dbGet(this.userKeyBytes('get', key));
    return bytes === null ? null : this.deserializeUserValue(bytes);
  }

  put(key: UK, value: UV): void {
    const k = this.userKeyBytes('put', key);
    this.checkUserValue('put', value);
    this.dbPut(k, this.serializeUserValue(value));
  }

  /** `putAll`: one put per entry (Flink batches them in a `RocksDBWriteBatchWrapper`); all entries are checked first. */
  putAll(entries: ReadonlyArray<readonly [UK, UV]>): void {
    if (!Array.isArray(entries)) {
      throw new TypeError(`MapState '${this.name}'.putAll: entries must be an array of [key, value], got ${JSON.stringify(entries)}`);
    }
    const keys = entries.map(([k, v], i) => {
      this.checkUserValue(`putAll (entries[${i}])`, v);
      return this.userKeyBytes(`putAll (entries[${i}])`, k);
    });
    this.prepareKey(); // an empty putAll writes nothing, but a key of another subtask still fails, as in the heap backend
    for (let i = 0; i < keys.length; i++) this.dbPut(keys[i]!, this.serializeUserValue(entries[i]![1]));
  }

  /** `remove`: a tombstone for the user key, whether or not it exists (as in Flink). */
  remove(key: UK): void {
    this.dbDelete(this.userKeyBytes('remove', key));
  }

  contains(key: UK): boolean {
    return this.dbGet(this.userKeyBytes('contains', key)) !== null;
  }

  entries(): Array<[UK, UV]> {
    const prefix = this.currentKeyBytes();
    return this.scanPrefix(prefix, Infinity).map((kv): [UK, UV] => [this.userKeyOf(kv.key, prefix.length), this.deserializeUserValue(kv.value)]);
  }

  keys(): UK[] {
    const prefix = this.currentKeyBytes();
    return this.scanPrefix(prefix, Infinity).map((kv) => this.userKeyOf(kv.key, prefix.length));
  }

  values(): UV[] {
    return this.scanPrefix(this.currentKeyBytes(), Infinity).map((kv) => this.deserializeUserValue(kv.value));
  }

  /** `isEmpty`: seeks to the prefix and looks at one entry. */
  isEmpty(): boolean {
    return this.scanPrefix(this.currentKeyBytes(), 1).length === 0;
  }

  /** `RocksDBMapState.clear`: a tombstone for every user key under the prefix. */
  override clear(): void {
    for (const kv of this.scanPrefix(this.currentKeyBytes(), Infinity)) this.dbDelete(kv.key);
  }

  /**
   * `RocksDBMapIterator`: bound to the key and namespace current at creation; loads up to
   * {@link MAP_ITERATOR_BATCH} entries per seek, resuming after the last entry it returned.
   * Entries carry the value bytes loaded with them; `setValue` and `remove` write through.
   */
  iterator(): Generator<MapStateEntry<UK, UV>, void, undefined> {
    return this.iterate(this.currentKeyBytes());
  }

  private *iterate(prefix: Uint8Array): Generator<MapStateEntry<UK, UV>, void, undefined> {
    let last: Uint8Array | null = null;
    for (;;) {
      // One entry more than needed tells whether another batch follows (two when resuming: the first may be the last one returned).
      const batch: KeyValue[] = this.scanFrom(prefix, last ?? prefix, MAP_ITERATOR_BATCH + (last === null ? 1 : 2));
      // The seek lands on the last returned entry if it still exists: skip it.
      const first: number = last !== null && batch.length > 0 && bytesEqual(batch[0]!.key, last) ? 1 : 0;
      const end: number = Math.min(batch.length, first + MAP_ITERATOR_BATCH);
      for (let i: number = first; i < end; i++) {
        const kv: KeyValue = batch[i]!;
        last = kv.key;
        yield new RocksDbMapEntry(this, kv.key, this.userKeyOf(kv.key, prefix.length), kv.value);
      }
      if (batch.length <= end) return;
    }
  }

  /** @internal `RocksDBMapEntry.getValue`. */
  readUserValue(bytes: Uint8Array): UV {
    return this.deserializeUserValue(bytes);
  }

  /** @internal `RocksDBMapEntry.setValue`: returns the bytes stored. */
  writeUserValue(rawKey: Uint8Array, value: UV): Uint8Array {
    this.checkUserValue('iterator().setValue', value);
    const bytes = this.serializeUserValue(value);
    this.dbPut(rawKey, bytes);
    return bytes;
  }

  /** @internal `RocksDBMapEntry.remove`. */
  removeRaw(rawKey: Uint8Array): void {
    this.dbDelete(rawKey);
  }

  private scanPrefix(prefix: Uint8Array, limit: number): KeyValue[] {
    return this.scanFrom(prefix, prefix, limit);
  }

  private scanFrom(prefix: Uint8Array, from: Uint8Array, limit: number): KeyValue[] {
    const found = scan(this.backend.db, this.state.columnFamily, from, prefixSuccessor(prefix), limit);
    // The upper bound already stops at the prefix; the check guards the open bound of an all-0xff prefix.
    return found.every((kv) => startsWithPrefix(prefix, kv.key)) ? found : found.filter((kv) => startsWithPrefix(prefix, kv.key));
  }

  /** `serializeCurrentKeyWithGroupAndNamespacePlusUserKey`, after checking the user key. */
  private userKeyBytes(method: string, key: unknown): Uint8Array {
    const k = checkStateKey(key, `MapState '${this.name}'.${method}: user key`);
    if (typeof k === 'number' && !Number.isSafeInteger(k)) {
      throw new RangeError(`MapState '${this.name}'.${method}: a numeric user key must be a safe integer (stored as a Java Integer/Long), got ${k}`);
    }
    this.prepareKey();
    return this.keyBuilder.buildCompositeKeyNamespaceUserKey(this.state.currentNamespace, k as UK, this.userKeySerializer);
  }

  private userKeyOf(rawKey: Uint8Array, prefixLength: number): UK {
    const input = this.valueIn;
    input.reset(rawKey, prefixLength, rawKey.length);
    return this.userKeySerializer.deserialize(input);
  }

  private checkUserValue(method: string, value: unknown): void {
    if (value === null || value === undefined) {
      throw new TypeError(`MapState '${this.name}'.${method}: user value must not be null (use remove)`);
    }
  }

  /** `serializeValueNullSensitive`: a false "is null" flag, then the value (the API never stores null). */
  private serializeUserValue(value: UV): Uint8Array {
    const out = this.valueOut;
    out.clear();
    out.writeBoolean(false);
    this.userValueSerializer.serialize(value, out);
    return out.toBytesIn(this.keyBuilder.slab);
  }

  /** `deserializeUserValue`: reads the null flag, then the value. */
  private deserializeUserValue(bytes: Uint8Array): UV {
    const input = this.valueIn;
    input.reset(bytes);
    if (input.readBoolean()) throw new Error(`MapState '${this.name}': a stored user value is null, which this API never writes (corrupt value?)`);
    const v = this.userValueSerializer.deserialize(input);
    if (input.remaining !== 0) throw new Error(`MapState '${this.name}': ${input.remaining} trailing byte(s) after a stored user value`);
    return v;
  }
}

/** Flink's `RocksDBMapEntry`: one user-key entry met while iterating; writes go straight to RocksDB. */
class RocksDbMapEntry<UK extends MapUserKey, UV extends Plain> implements MapStateEntry<UK, UV> {
  private deleted = false;
  private cached: UV | undefined = undefined;

  constructor(
    private readonly owner: RocksDbMapState<UK, UV>,
    private readonly rawKey: Uint8Array,
    readonly key: UK,
    private rawValue: Uint8Array,
  ) {}

  get value(): UV {
    if (this.deleted) throw new Error(`MapState '${this.owner.descriptor.name}' iterator: entry ${JSON.stringify(this.key)} was removed`);
    if (this.cached === undefined) this.cached = this.owner.readUserValue(this.rawValue);
    return this.cached;
  }

  setValue(value: UV): void {
    if (this.deleted) {
      throw new Error(`MapState '${this.owner.descriptor.name}' iterator: entry ${JSON.stringify(this.key)} was removed; the value has already been deleted`);
    }
    this.rawValue = this.owner.writeUserValue(this.rawKey, value);
    this.cached = undefined;
  }

  remove(): void {
    this.deleted = true;
    this.owner.removeRaw(this.rawKey);
  }
}
