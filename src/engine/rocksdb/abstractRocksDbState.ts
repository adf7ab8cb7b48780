/**
 * Base class of the RocksDB state handles (Flink's `AbstractRocksDBState`): builds the RocksDB
 * key of the current key and namespace, and reads and writes the state's column family,
 * serializing on every access. A handle is a stateless view over the backend's plain data: the
 * key context is in the data, the current namespace in the state's registration entry.
 */
import { delOwned, get, putOwned } from '../lsm';
import { DataInputView, DataOutputView, type TypeSerializer } from '../serialization';
import { noKeySetError } from '../state/abstractHeapState';
import { illegalKeyGroupError } from '../state/copyOnWriteStateTable';
import type { InternalKvState } from '../state/keyedStateApi';
import { checkNamespace, VOID_NAMESPACE, type Namespace } from '../state/namespaces';
import type { StateDescriptor } from '../state/stateDescriptor';
import type { StateKey } from '../state/stateKeyIds';
import { recordWriteResult, type RocksDbKeyedBackendData, type RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

const NO_BYTES = new Uint8Array(0);

/** Flink's `AbstractRocksDBState`: namespace, key building, and column-family access with (de)serialization. */
export abstract class AbstractRocksDbState implements InternalKvState {
  /** Flink's per-state `dataOutputView` / `dataInputView`: reused for every value (de)serialization. */
  protected readonly valueOut = new DataOutputView(64);
  protected readonly valueIn = new DataInputView(NO_BYTES);

  // The key of the last access: value() then update() on the same key and namespace builds it
  // once. Valid while the current key (=== on a string or number) and the namespace object
  // are unchanged; both live in the plain data, so any wrapper's changes invalidate it.
  private cacheKey: StateKey | null = null;
  private cacheNamespace: Namespace | null = null;
  private cacheBytes: Uint8Array | null = null;

  constructor(
    protected readonly backend: RocksDbKeyedBackendData,
    protected readonly state: RocksDbRegisteredState,
    protected readonly keyBuilder: SerializedCompositeKeyBuilder,
  ) {}

  get descriptor(): StateDescriptor {
    return this.state.descriptor;
  }

  protected get name(): string {
    return this.state.descriptor.name;
  }

  setCurrentNamespace(namespace: Namespace): void {
    this.state.currentNamespace =
      namespace === VOID_NAMESPACE ? VOID_NAMESPACE : checkNamespace(namespace, `setCurrentNamespace('${this.name}'): namespace`);
  }

  getCurrentNamespace(): Namespace {
    return this.state.currentNamespace;
  }

  /** `AbstractRocksDBState.clear`: one tombstone for the current key and namespace (MapState overrides). */
  clear(): void {
    this.dbDelete(this.currentKeyBytes());
  }

  /**
   * Checks the key context and points the key builder at the current key. Flink's RocksDB
   * backend writes a key of a foreign key group without complaint; the check here gives the
   * heap backend's error (`KeyGroupRangeOffsets`), so both backends fail the same way.
   */
  protected prepareKey(): void {
    const b = this.backend;
    const key = b.currentKey;
    if (key === null) throw noKeySetError(this.name);
    const kg = b.currentKeyGroupIndex;
    const r = b.keyGroupRange;
    if (kg < r.startKeyGroup || kg > r.endKeyGroup) throw illegalKeyGroupError(kg, r);
    this.keyBuilder.setKeyAndKeyGroup(key, kg);
  }

  /** `serializeCurrentKeyWithGroupAndNamespace`: the RocksDB key of the current key and namespace. */
  protected currentKeyBytes(): Uint8Array {
    const key = this.backend.currentKey;
    const ns = this.state.currentNamespace;
    if (this.cacheBytes !== null && key === this.cacheKey && ns === this.cacheNamespace) return this.cacheBytes;
    this.prepareKey();
    const bytes = this.keyBuilder.buildCompositeKeyNamespace(ns);
    this.cacheKey = key;
    this.cacheNamespace = ns;
    this.cacheBytes = bytes;
    return bytes;
  }

  /** The RocksDB key of the current key in another namespace (merging reads and writes several). */
  protected keyBytesFor(namespace: Namespace): Uint8Array {
    this.prepareKey();
    return this.keyBuilder.buildCompositeKeyNamespace(namespace);
  }

  /** `RocksDB.get` on this state's column family; the bytes may be shared with the DB (never mutate them). */
  protected dbGet(key: Uint8Array): Uint8Array | null {
    return get(this.backend.db, this.state.columnFamily, key);
  }

  /** `RocksDB.put` on this state's column family, recording seals and stall flushes. */
  protected dbPut(key: Uint8Array, value: Uint8Array): void {
    recordWriteResult(this.backend, putOwned(this.backend.db, this.state.columnFamily, key, value));
  }

  /** `RocksDB.delete` (a tombstone) on this state's column family, recording seals and stall flushes. */
  protected dbDelete(key: Uint8Array): void {
    recordWriteResult(this.backend, delOwned(this.backend.db, this.state.columnFamily, key));
  }

  /** `AbstractRocksDBState.serializeValue`: fresh bytes of one value. */
  protected serializeValue<T>(value: T, serializer: TypeSerializer<T>): Uint8Array {
    const out = this.valueOut;
    out.clear();
    serializer.serialize(value, out);
    return out.toBytesIn(this.keyBuilder.slab);
  }

  /** Deserializes a stored value that must fill `bytes` exactly (anything else is corruption). */
  protected deserializeValue<T>(bytes: Uint8Array, serializer: TypeSerializer<T>): T {
    const input = this.valueIn;
    input.reset(bytes);
    const value = serializer.deserialize(input);
    if (input.remaining !== 0) {
      throw new Error(`State '${this.name}': ${input.remaining} trailing byte(s) after a stored '${serializer.name}' value`);
    }
    return value;
  }
}

/** Checks the namespaces of a `mergeNamespaces` call before anything is written (the heap backend's messages). */
export function checkMergeArguments(stateName: string, target: Namespace, sources: readonly Namespace[]): { target: Namespace; sources: Namespace[] } {
  const where = `mergeNamespaces('${stateName}')`;
  const t = checkNamespace(target, `${where}: target`);
  if (!Array.isArray(sources)) throw new TypeError(`${where}: sources must be an array, got ${JSON.stringify(sources)}`);
  return { target: t, sources: sources.map((s, i) => checkNamespace(s, `${where}: sources[${i}]`)) };
}
