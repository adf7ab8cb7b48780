/**
 * Flink's `CopyOnWriteStateMap`: the hash map of one key group of a heap state table, in plain
 * data. A bucket array (length a power of two) of entry chains; an entry is placed by
 * `compositeHash = bitMix(key.hashCode() ^ namespace.hashCode())`, exactly Flink's formula.
 *
 * Copy-on-write, as in Flink. A snapshot copies the bucket array only (cheap, synchronous); the
 * entries and state objects stay shared with the live map. Every entry carries two version
 * stamps: `entryVersion` (when the entry object was created) and `stateVersion` (when its state
 * object was set or copied). `highestRequiredSnapshotVersion` is the newest unreleased snapshot
 * (0 if none); anything stamped below it may be reachable from a held snapshot, so:
 * - before an entry's fields change, the entry is copied, and so is every entry before it in its
 *   chain that is old too (their `next` links change): `handleChainedEntryCopyOnWrite`;
 * - before a state object is handed out or changed in place, it is copied;
 * - a rehash relinks entries, so it copies the old ones as well.
 * New entries go to the head of their bucket in the live array, which no snapshot shares.
 * Entries stamped at or above the required version were made after every held snapshot, so they
 * are changed in place. Releasing all snapshots stops the copying.
 *
 * Simplifications: the map starts with 4 buckets (Flink: 128) to keep keyframes small, and it
 * doubles in one go instead of rehashing incrementally; both are invisible to state semantics.
 */
import type { Plain } from '../core/plainData';
import { clonePlain } from '../core/plainData';
import { bitMix } from '../keys/murmurHash';
import type { Namespace } from './namespaces';
import type { StateKey } from './stateKeyIds';

/** Flink's `StateMapEntry`: (key, namespace, state), copy-on-write stamps and the chain link. */
export interface StateMapEntry {
  readonly key: StateKey;
  readonly namespace: Namespace;
  /** `namespaceId(namespace)`, compared instead of the namespace object. */
  readonly namespaceId: string;
  /** `compositeHash(key, namespace)`. */
  readonly hash: number;
  state: Plain;
  entryVersion: number;
  stateVersion: number;
  next: StateMapEntry | null;
}

/** One key group's `CopyOnWriteStateMap`: buckets of entry chains. */
export interface CopyOnWriteStateMap {
  buckets: (StateMapEntry | null)[];
  size: number;
}

/** The version stamps and counters that all maps of one state table share. */
export interface CopyOnWriteVersions {
  /** `stateMapVersion`: stamped on new entries and states; a snapshot increments it. */
  stateVersion: number;
  /** `highestRequiredSnapshotVersion`: the newest unreleased snapshot's version, 0 if none. */
  highestRequiredSnapshotVersion: number;
  /** Incremented by every structural change (insert, remove, copy, rehash), like Flink's `modCount`. */
  modCount: number;
  /** Teaching figures: entry objects and state objects copied because a snapshot held them. */
  copiedEntries: number;
  copiedStates: number;
}

/** `MINIMUM_CAPACITY`: the bucket count of a new map. */
export const MINIMUM_CAPACITY = 4;

/** A new, empty `CopyOnWriteStateMap`. */
export function createStateMap(): CopyOnWriteStateMap {
  return { buckets: new Array<StateMapEntry | null>(MINIMUM_CAPACITY).fill(null), size: 0 };
}

/** `CopyOnWriteStateMap.compositeHash`: `bitMix(keyHash ^ namespaceHash)` of the Java hash codes. */
export function compositeHash(keyHashCode: number, namespaceHashCode: number): number {
  return bitMix(keyHashCode ^ namespaceHashCode);
}

function copyState(v: CopyOnWriteVersions, state: Plain): Plain {
  // Primitives (and immutable byte arrays) never change in place: nothing to copy, the way
  // Flink's serializer.copy returns immutable values as they are.
  if (state === null || typeof state !== 'object' || state instanceof Uint8Array) return state;
  v.copiedStates++;
  return clonePlain(state);
}

function copyEntry(v: CopyOnWriteVersions, e: StateMapEntry): StateMapEntry {
  v.copiedEntries++;
  // Same literal shape as a new entry (see stateMapPutEntry), so that all entries share one hidden class.
  return {
    key: e.key,
    namespace: e.namespace,
    namespaceId: e.namespaceId,
    hash: e.hash,
    state: e.state,
    entryVersion: v.stateVersion,
    stateVersion: e.stateVersion,
    next: e.next,
  };
}

/**
 * `handleChainedEntryCopyOnWrite`: makes `until` writable by copying it and every old entry
 * before it in its chain (a snapshot may reach them through the old links). Returns the
 * writable version of `until`.
 */
function copyChainUntil(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  until: StateMapEntry,
): StateMapEntry {
  const required = v.highestRequiredSnapshotVersion;
  const buckets = map.buckets;
  const index = until.hash & (buckets.length - 1);
  let current = buckets[index]!;
  let copy = current.entryVersion < required ? copyEntry(v, current) : current;
  if (copy !== current) buckets[index] = copy;
  while (current !== until) {
    current = current.next!;
    if (current.entryVersion < required) {
      const c = copyEntry(v, current);
      copy.next = c;
      copy = c;
    } else {
      copy = current;
    }
  }
  v.modCount++;
  return copy;
}

/** Finds the live entry of (key, namespace) without copying anything. */
export function stateMapFind(
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespaceId: string,
): StateMapEntry | undefined {
  const buckets = map.buckets;
  for (let e = buckets[hash & (buckets.length - 1)] ?? null; e !== null; e = e.next) {
    if (e.hash === hash && e.key === key && e.namespaceId === namespaceId) return e;
  }
  return undefined;
}

/** Reads a live entry's state as `CopyOnWriteStateMap.get` does: copies first if a held snapshot may share it. */
export function stateMapReadEntry(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  entry: StateMapEntry,
): Plain {
  const required = v.highestRequiredSnapshotVersion;
  if (entry.stateVersion >= required) return entry.state;
  const e = entry.entryVersion < required ? copyChainUntil(v, map, entry) : entry;
  e.state = copyState(v, e.state);
  e.stateVersion = v.stateVersion;
  return e.state;
}

/** `CopyOnWriteStateMap.get`: the state of (key, namespace) or null. */
export function stateMapGet(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespaceId: string,
): Plain | null {
  const e = stateMapFind(map, hash, key, namespaceId);
  return e === undefined ? null : stateMapReadEntry(v, map, e);
}

/** `CopyOnWriteStateMap.containsKey`: never copies. */
export function stateMapContains(
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespaceId: string,
): boolean {
  return stateMapFind(map, hash, key, namespaceId) !== undefined;
}

/** `doubleCapacity` + rehash, in one go; entries a snapshot may reach are copied before relinking. */
function doubleCapacity(v: CopyOnWriteVersions, map: CopyOnWriteStateMap): void {
  const required = v.highestRequiredSnapshotVersion;
  const old = map.buckets;
  const buckets = new Array<StateMapEntry | null>(old.length * 2).fill(null);
  const mask = buckets.length - 1;
  for (let i = 0; i < old.length; i++) {
    let e = old[i] ?? null;
    while (e !== null) {
      const following: StateMapEntry | null = e.next;
      const moved = e.entryVersion < required ? copyEntry(v, e) : e;
      const at = moved.hash & mask;
      moved.next = buckets[at] ?? null;
      buckets[at] = moved;
      e = following;
    }
  }
  map.buckets = buckets;
  v.modCount++;
}

/**
 * `putEntry`: the writable entry of (key, namespace): `found` (the caller's lookup result)
 * made writable, or a new entry at the head of its bucket (state null until set).
 */
export function stateMapPutEntry(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespace: Namespace,
  namespaceId: string,
  found: StateMapEntry | undefined,
): StateMapEntry {
  if (found !== undefined)
    return found.entryVersion < v.highestRequiredSnapshotVersion
      ? copyChainUntil(v, map, found)
      : found;
  const length = map.buckets.length;
  if (map.size > (length >> 1) + (length >> 2)) doubleCapacity(v, map);
  const buckets = map.buckets;
  const at = hash & (buckets.length - 1);
  const version = v.stateVersion;
  const created: StateMapEntry = {
    key,
    namespace,
    namespaceId,
    hash,
    state: null,
    entryVersion: version,
    stateVersion: version,
    next: buckets[at] ?? null,
  };
  buckets[at] = created;
  map.size++;
  v.modCount++;
  return created;
}

/** Sets a writable entry's state (the table owns the object from now on). */
export function stateEntrySet(v: CopyOnWriteVersions, entry: StateMapEntry, state: Plain): void {
  entry.state = state;
  entry.stateVersion = v.stateVersion;
}

/**
 * `transform` on a writable entry: new state = fn(old state or null, value). `fn` may change the
 * old state in place: it gets a private copy if a snapshot may share the original.
 */
export function stateEntryTransform<T>(
  v: CopyOnWriteVersions,
  entry: StateMapEntry,
  value: T,
  fn: (previous: Plain | null, value: T) => Plain,
): void {
  const previous =
    entry.stateVersion < v.highestRequiredSnapshotVersion ? copyState(v, entry.state) : entry.state;
  entry.state = fn(previous, value);
  entry.stateVersion = v.stateVersion;
}

/** `CopyOnWriteStateMap.put`. */
export function stateMapPut(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespace: Namespace,
  namespaceId: string,
  state: Plain,
): void {
  const found = stateMapFind(map, hash, key, namespaceId);
  stateEntrySet(v, stateMapPutEntry(v, map, hash, key, namespace, namespaceId, found), state);
}

/** `CopyOnWriteStateMap.transform`. */
export function stateMapTransform<T>(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespace: Namespace,
  namespaceId: string,
  value: T,
  fn: (previous: Plain | null, value: T) => Plain,
): void {
  const found = stateMapFind(map, hash, key, namespaceId);
  stateEntryTransform(
    v,
    stateMapPutEntry(v, map, hash, key, namespace, namespaceId, found),
    value,
    fn,
  );
}

/** `removeEntry`: unlinks (key, namespace); the predecessor is made writable first. */
function removeEntry(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespaceId: string,
): StateMapEntry | undefined {
  const buckets = map.buckets;
  const at = hash & (buckets.length - 1);
  let prev: StateMapEntry | null = null;
  for (let e = buckets[at] ?? null; e !== null; prev = e, e = e.next) {
    if (e.hash === hash && e.key === key && e.namespaceId === namespaceId) {
      if (prev === null) buckets[at] = e.next;
      else
        (prev.entryVersion < v.highestRequiredSnapshotVersion
          ? copyChainUntil(v, map, prev)
          : prev
        ).next = e.next;
      map.size--;
      v.modCount++;
      return e;
    }
  }
  return undefined;
}

/** `CopyOnWriteStateMap.remove`. */
export function stateMapRemove(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespaceId: string,
): void {
  removeEntry(v, map, hash, key, namespaceId);
}

/** `CopyOnWriteStateMap.removeAndGetOld`: the removed state, copied if a snapshot may share it. */
export function stateMapRemoveAndGetOld(
  v: CopyOnWriteVersions,
  map: CopyOnWriteStateMap,
  hash: number,
  key: StateKey,
  namespaceId: string,
): Plain | null {
  const e = removeEntry(v, map, hash, key, namespaceId);
  if (e === undefined) return null;
  return e.stateVersion < v.highestRequiredSnapshotVersion ? copyState(v, e.state) : e.state;
}

/** The entries reachable from a bucket array, bucket by bucket along each chain (Flink's iteration order). */
export function entriesOfBuckets(buckets: readonly (StateMapEntry | null)[]): StateMapEntry[] {
  const out: StateMapEntry[] = [];
  for (const head of buckets) for (let e = head; e !== null; e = e.next) out.push(e);
  return out;
}
