/**
 * Base classes of the heap state handles (Flink's `AbstractHeapState`,
 * `AbstractHeapAppendingState`, `AbstractHeapMergingState`). A handle is a stateless view: it
 * reads the current key from the backend's plain data and the current namespace from its
 * table, so it can be recreated at any time over a restored copy of the data.
 */
import type { Plain } from '../core/plainData';
import {
  compositeHash,
  stateEntrySet,
  stateEntryTransform,
  stateMapFind,
  stateMapPutEntry,
  stateMapReadEntry,
  stateMapRemove,
  stateMapRemoveAndGetOld,
  stateMapTransform,
  type CopyOnWriteStateMap,
  type StateMapEntry,
} from './copyOnWriteStateMap';
import { stateMapForKeyGroup, type CopyOnWriteStateTable } from './copyOnWriteStateTable';
import type { HeapKeyedStateBackendData } from './heapKeyedStateBackend';
import type { InternalKvState } from './keyedStateApi';
import {
  checkNamespace,
  namespaceHashCode,
  namespaceId,
  VOID_NAMESPACE,
  type Namespace,
} from './namespaces';
import type { StateDescriptor } from './stateDescriptor';
import type { StateKey } from './stateKeyIds';

/** The error for state access before `setCurrentKey` (Flink: "No key set."). */
export function noKeySetError(stateName: string): Error {
  return new Error(
    `No key set: state '${stateName}' can only be used in a keyed context (call setCurrentKey first)`,
  );
}

/** Flink's `AbstractHeapState`: namespace handling and clear over a `CopyOnWriteStateTable`. */
export abstract class AbstractHeapState implements InternalKvState {
  constructor(
    protected readonly backend: HeapKeyedStateBackendData,
    protected readonly table: CopyOnWriteStateTable,
  ) {}

  get descriptor(): StateDescriptor {
    return this.table.descriptor;
  }

  setCurrentNamespace(namespace: Namespace): void {
    const t = this.table;
    if (namespace === VOID_NAMESPACE) {
      t.currentNamespace = VOID_NAMESPACE;
      t.currentNamespaceId = '';
      t.currentNamespaceHash = 99;
      return;
    }
    const ns = checkNamespace(namespace, `setCurrentNamespace('${t.descriptor.name}'): namespace`);
    t.currentNamespace = ns;
    t.currentNamespaceId = namespaceId(ns);
    t.currentNamespaceHash = namespaceHashCode(ns);
  }

  getCurrentNamespace(): Namespace {
    return this.table.currentNamespace;
  }

  clear(): void {
    const t = this.table;
    stateMapRemove(
      t,
      this.currentMap(),
      this.currentHash(),
      this.currentKey(),
      t.currentNamespaceId,
    );
  }

  /** The map of the current key's key group (throws for no key / a key group outside the range). */
  protected currentMap(): CopyOnWriteStateMap {
    const b = this.backend;
    if (b.currentKey === null) throw noKeySetError(this.table.descriptor.name);
    return stateMapForKeyGroup(this.table, b.currentKeyGroupIndex);
  }

  protected currentKey(): StateKey {
    return this.backend.currentKey as StateKey;
  }

  /** `compositeHash(current key, current namespace)`. */
  protected currentHash(): number {
    return compositeHash(this.backend.currentKeyHash, this.table.currentNamespaceHash);
  }

  // A one-entry lookup cache: read-modify-write (value() then update()) on the same key finds
  // the entry once. It is not plain data and only skips a lookup that would return the same
  // object: it is valid while the table's modCount is unchanged (any structural change, by any
  // wrapper over the same data, increments it).
  private cacheModCount = -1;
  private cacheMap: CopyOnWriteStateMap | null = null;
  private cacheNamespaceId = '';
  private cacheKey: StateKey | null = null;
  private cacheEntry: StateMapEntry | undefined = undefined;

  private remember(
    map: CopyOnWriteStateMap,
    namespaceId: string,
    key: StateKey,
    entry: StateMapEntry | undefined,
  ): void {
    this.cacheModCount = this.table.modCount;
    this.cacheMap = map;
    this.cacheNamespaceId = namespaceId;
    this.cacheKey = key;
    this.cacheEntry = entry;
  }

  private find(
    map: CopyOnWriteStateMap,
    namespaceId: string,
    key: StateKey,
  ): StateMapEntry | undefined {
    if (
      this.cacheModCount === this.table.modCount &&
      this.cacheKey === key &&
      this.cacheMap === map &&
      this.cacheNamespaceId === namespaceId
    ) {
      return this.cacheEntry;
    }
    const e = stateMapFind(map, this.currentHash(), key, namespaceId);
    this.remember(map, namespaceId, key, e);
    return e;
  }

  /** `StateTable.get(namespace)` for the current key and namespace. */
  protected getCurrent(): Plain | null {
    const t = this.table;
    const map = this.currentMap();
    const nsId = t.currentNamespaceId;
    const key = this.currentKey();
    const e = this.find(map, nsId, key);
    if (e === undefined) return null;
    if (e.stateVersion >= t.highestRequiredSnapshotVersion) return e.state;
    const state = stateMapReadEntry(t, map, e); // copy-on-write; may replace entries
    this.remember(map, nsId, key, stateMapFind(map, this.currentHash(), key, nsId));
    return state;
  }

  private writableCurrent(): StateMapEntry {
    const t = this.table;
    const map = this.currentMap();
    const nsId = t.currentNamespaceId;
    const key = this.currentKey();
    const found = this.find(map, nsId, key);
    const e = stateMapPutEntry(t, map, this.currentHash(), key, t.currentNamespace, nsId, found);
    if (e !== found) this.remember(map, nsId, key, e); // created or copied: the table changed
    return e;
  }

  /** `StateTable.put(namespace, state)` for the current key and namespace. */
  protected putCurrent(state: Plain): void {
    stateEntrySet(this.table, this.writableCurrent(), state);
  }

  /** `StateTable.transform(namespace, value, fn)` for the current key and namespace. */
  protected transformCurrent<T>(value: T, fn: (previous: Plain | null, value: T) => Plain): void {
    stateEntryTransform(this.table, this.writableCurrent(), value, fn);
  }
}

/** Flink's `AbstractHeapAppendingState` + `AbstractHeapMergingState`: getInternal/updateInternal and mergeNamespaces. */
export abstract class AbstractHeapMergingState<SV extends Plain> extends AbstractHeapState {
  /** `mergeState(a, b)`: folds b into a; may change a in place. */
  protected abstract mergeState(a: SV, b: SV): SV;

  private readonly mergeTransformation = (target: Plain | null, merged: SV): Plain =>
    target !== null ? this.mergeState(target as SV, merged) : merged;

  getInternal(): SV | null {
    return this.getCurrent() as SV | null;
  }

  updateInternal(valueToStore: SV | null): void {
    if (valueToStore === null || valueToStore === undefined) this.clear();
    else this.putCurrent(valueToStore);
  }

  mergeNamespaces(target: Namespace, sources: readonly Namespace[]): void {
    const t = this.table;
    const where = `mergeNamespaces('${t.descriptor.name}')`;
    const targetNs = checkNamespace(target, `${where}: target`);
    if (!Array.isArray(sources))
      throw new TypeError(`${where}: sources must be an array, got ${JSON.stringify(sources)}`);
    if (sources.length === 0) return;
    const sourceNs = sources.map((s, i) => checkNamespace(s, `${where}: sources[${i}]`));
    const map = this.currentMap();
    const key = this.currentKey();
    const keyHash = this.backend.currentKeyHash;
    // Take each source out (Flink: removeAndGetOld) and fold them in order; then fold the result into the target.
    let merged: SV | null = null;
    for (const ns of sourceNs) {
      const hash = compositeHash(keyHash, namespaceHashCode(ns));
      const state = stateMapRemoveAndGetOld(t, map, hash, key, namespaceId(ns)) as SV | null;
      if (merged !== null && state !== null) merged = this.mergeState(merged, state);
      else if (merged === null) merged = state;
    }
    if (merged !== null) {
      const hash = compositeHash(keyHash, namespaceHashCode(targetNs));
      stateMapTransform(
        t,
        map,
        hash,
        key,
        targetNs,
        namespaceId(targetNs),
        merged,
        this.mergeTransformation,
      );
    }
  }
}
