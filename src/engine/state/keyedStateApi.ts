/**
 * The keyed state API every keyed state backend implements: the heap (HashMap) backend here,
 * the RocksDB-like backend on the LSM, the reference model used by tests, and the changelog
 * decorator (`ChangelogKeyedStateBackend`), which wraps each handle of a nested backend.
 *
 * The handles mirror Flink's internal state interfaces (`InternalValueState`,
 * `InternalListState`, `InternalMapState`, `InternalReducingState`, `InternalAggregatingState`):
 * user-facing methods plus namespaces, `getInternal`/`updateInternal` and `mergeNamespaces`.
 * They are deliberately small, and every write is its own method, so that a decorator can see
 * each write with its kind. The changelog mapping (`StateChangeOperation`) is:
 *   ValueState.update → SET; ListState.add → ADD_ELEMENT, addAll → ADD, update → SET;
 *   MapState.put → ADD_OR_UPDATE_ELEMENT, putAll → ADD, remove → REMOVE_ELEMENT;
 *   MapStateEntry.setValue → ADD_OR_UPDATE_ELEMENT, MapStateEntry.remove → REMOVE_ELEMENT;
 *   Reducing/AggregatingState.add → SET_INTERNAL of getInternal() after the add;
 *   updateInternal → SET_INTERNAL; clear → CLEAR; mergeNamespaces → MERGE_NS.
 * Reads never change what a snapshot of the backend contains.
 *
 * Values are plain data. A value handed to a write belongs to the backend afterwards, and a
 * value returned by a read may be the backend's own object: do not mutate either (Flink's heap
 * backend has the same contract). Arrays returned by reads are valid until the next write.
 */
import type { Plain } from '../core/plainData';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import type { Namespace } from './namespaces';
import type { StateDescriptor } from './stateDescriptor';
import type { MapUserKey, StateKey } from './stateKeyIds';

/** Flink's `InternalKeyContext`: the key of the record being processed and its key group. */
export interface KeyContext {
  /** `setCurrentKey`: computes the key group with `assignToKeyGroup(key, maxParallelism)`. */
  setCurrentKey(key: StateKey): void;
  /** The current key; throws if none was set. */
  getCurrentKey(): StateKey;
  /** The current key's key group; throws if no key was set. */
  getCurrentKeyGroupIndex(): number;
  /** The key groups this backend owns; state access for a key outside them fails. */
  getKeyGroupRange(): KeyGroupRange;
  /** `getNumberOfKeyGroups()`: the max parallelism. */
  getNumberOfKeyGroups(): number;
}

/** Flink's `InternalKvState`: a state handle scoped to the current key and its current namespace. */
export interface InternalKvState {
  readonly descriptor: StateDescriptor;
  /** `setCurrentNamespace`: following reads and writes address this namespace (VoidNamespace by default). */
  setCurrentNamespace(namespace: Namespace): void;
  getCurrentNamespace(): Namespace;
  /** `State.clear()`: removes the value under the current key and namespace. Changelog: CLEAR. */
  clear(): void;
}

/** Flink's `InternalValueState` / `ValueState`. */
export interface InternalValueState<V extends Plain = Plain> extends InternalKvState {
  /** The value, or null when absent. */
  value(): V | null;
  /** Sets the value; null clears it (as in Flink). Changelog: SET (or CLEAR for null). */
  update(value: V | null): void;
}

/** Flink's `InternalAppendingState`: add/get plus raw access to the stored value. */
export interface InternalAppendingState<IN, SV extends Plain, OUT> extends InternalKvState {
  add(value: IN): void;
  get(): OUT;
  /** The stored value (list, reduced value, accumulator), or null when absent. */
  getInternal(): SV | null;
  /** Replaces the stored value; null clears. Changelog: SET_INTERNAL. */
  updateInternal(valueToStore: SV | null): void;
}

/** Flink's `InternalMergingState`: state that windows can merge (sessions). */
export interface InternalMergingState<IN, SV extends Plain, OUT> extends InternalAppendingState<
  IN,
  SV,
  OUT
> {
  /**
   * Folds the sources' values into the target namespace and removes the sources (the target
   * may be among them). Changelog: MERGE_NS.
   */
  mergeNamespaces(target: Namespace, sources: readonly Namespace[]): void;
}

/** Flink's `InternalListState` / `ListState`. */
export interface InternalListState<T extends Plain = Plain> extends InternalMergingState<
  T,
  T[],
  readonly T[]
> {
  /** The elements; empty when absent (like the user-facing ListState). */
  get(): readonly T[];
  /** Appends one element (null is rejected). Changelog: ADD_ELEMENT. */
  add(value: T): void;
  /** Appends elements; an empty array changes nothing. Changelog: ADD. */
  addAll(values: readonly T[]): void;
  /** Replaces all elements; an empty array clears. Changelog: SET. */
  update(values: readonly T[]): void;
}

/** An entry produced by `MapState.iterator()`; writes through it go to the state. */
export interface MapStateEntry<UK extends MapUserKey, UV extends Plain> {
  readonly key: UK;
  /** The entry's current value. */
  readonly value: UV;
  /** `Map.Entry.setValue`. Changelog: ADD_OR_UPDATE_ELEMENT. */
  setValue(value: UV): void;
  /** `Iterator.remove()` for this entry. Changelog: REMOVE_ELEMENT. */
  remove(): void;
}

/** Flink's `InternalMapState` / `MapState`. User keys are strings or numbers. */
export interface InternalMapState<
  UK extends MapUserKey = MapUserKey,
  UV extends Plain = Plain,
> extends InternalKvState {
  get(key: UK): UV | null;
  /** Changelog: ADD_OR_UPDATE_ELEMENT. */
  put(key: UK, value: UV): void;
  /** Changelog: ADD. */
  putAll(entries: ReadonlyArray<readonly [UK, UV]>): void;
  /** Changelog: REMOVE_ELEMENT. */
  remove(key: UK): void;
  contains(key: UK): boolean;
  /** A fresh array of the entries; order is the backend's (heap: insertion, RocksDB: key bytes). */
  entries(): Array<[UK, UV]>;
  keys(): UK[];
  values(): UV[];
  /** Iterates the entries; each entry can `setValue` and `remove`. */
  iterator(): IterableIterator<MapStateEntry<UK, UV>>;
  isEmpty(): boolean;
}

/** Flink's `InternalReducingState` / `ReducingState`: get() is the reduced value or null. */
export type InternalReducingState<V extends Plain = Plain> = InternalMergingState<V, V, V | null>;

/** Flink's `InternalAggregatingState` / `AggregatingState`: get() is getResult(accumulator) or null. */
export type InternalAggregatingState<
  IN = Plain,
  ACC extends Plain = Plain,
  OUT = Plain,
> = InternalMergingState<IN, ACC, OUT | null>;

/**
 * Flink's `KeyedStateBackend`: the key context plus state handles. Asking twice for the same
 * descriptor returns the same handle; asking for an existing name with a different kind or
 * function fails.
 */
export interface KeyedStateBackend extends KeyContext {
  getValueState<V extends Plain = Plain>(descriptor: StateDescriptor): InternalValueState<V>;
  getListState<T extends Plain = Plain>(descriptor: StateDescriptor): InternalListState<T>;
  getMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>(
    descriptor: StateDescriptor,
  ): InternalMapState<UK, UV>;
  getReducingState<V extends Plain = Plain>(descriptor: StateDescriptor): InternalReducingState<V>;
  getAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>(
    descriptor: StateDescriptor,
  ): InternalAggregatingState<IN, ACC, OUT>;
  /** The descriptors registered so far, in registration order. */
  getRegisteredStates(): readonly StateDescriptor[];
}
