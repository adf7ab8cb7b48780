/**
 * Flink's `CopyOnWriteStateTable` and its per-key-group `CopyOnWriteStateMap`, in plain data.
 *
 * Why copy-on-write: the HashMap backend takes a checkpoint in two phases. The synchronous
 * phase only records which entries exist (cheap); the asynchronous phase serializes them while
 * the task keeps processing records. Processing must not change what the snapshot sees, so the
 * table keeps version numbers and copies an entry (or a mutable state object such as a list or
 * a map) before changing it whenever a still-held snapshot may reference it.
 *
 * Versions, as in `CopyOnWriteStateMap`:
 * - `stateVersion` is the table's current version; new entries and new state objects are
 *   stamped with it.
 * - `snapshot` increments it and records the new value as the snapshot's version; everything
 *   stamped with a smaller version may be referenced by that snapshot.
 * - Before changing an entry (or the state object it holds) whose stamp is below
 *   `highestRequiredSnapshotVersion` (the newest unreleased snapshot), the table copies it and
 *   stamps the copy with the current version. Reads copy too, because the caller gets the
 *   object and may change it (Flink: "we must often proactively copy state objects when we hand
 *   them to the user").
 * - Releasing the last snapshot drops the requirement to 0, and copying stops.
 *
 * Simplifications: Flink versions each key group's map separately; all maps of one table are
 * always snapshotted together, so one version per table is equivalent. Flink's map is one flat
 * hash table of (key, namespace) with chains and incremental rehashing; here a key-group map
 * is nested JS objects, namespace id → key type → raw key → entry. Raw keys make lookups fast
 * (no id string is built per access) while keeping the number 1 and the string '1' apart.
 * Property order is JS's (integer-like names ascending, then insertion order): deterministic,
 * and `clonePlain` reproduces it. The snapshot holds each key group's array of entry objects.
 * Copy decisions depend only on version numbers, so a deep-copied (restored) table behaves
 * exactly like the original, copy counts included.
 */
import type { Plain } from '../core/plainData';
import { clonePlain } from '../core/plainData';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { VOID_NAMESPACE, type Namespace } from './namespaces';
import type { StateDescriptor } from './stateDescriptor';
import type { StateKey } from './stateKeyIds';

/** Flink's `StateMapEntry`: (key, namespace, state) plus copy-on-write stamps. */
export interface StateMapEntry {
  readonly key: StateKey;
  readonly namespace: Namespace;
  state: Plain;
  /** Version at which this entry object was created (copy-on-write of the map structure). */
  entryVersion: number;
  /** Version at which `state` was set or copied (copy-on-write of the state object). */
  stateVersion: number;
}

/** Entries of one namespace in one key group, by raw key: numbers in `n`, strings in `s`. */
export interface NamespaceEntries {
  n: { [key: string]: StateMapEntry };
  s: { [key: string]: StateMapEntry };
  size: number;
}

/**
 * Flink's `CopyOnWriteStateMap` for one key group. VoidNamespace entries (all non-window state)
 * sit in `voidNamespace`, one property load away; window namespaces by namespace id.
 */
export interface CopyOnWriteStateMap {
  voidNamespace: NamespaceEntries;
  namespaces: { [namespaceId: string]: NamespaceEntries };
  size: number;
}

/** Flink's `CopyOnWriteStateTable`: one state, one map per key group of the backend's range. */
export interface CopyOnWriteStateTable {
  readonly descriptor: StateDescriptor;
  /** The first key group of the range; `maps[kg - keyGroupOffset]` is key group kg's map. */
  readonly keyGroupOffset: number;
  readonly maps: CopyOnWriteStateMap[];
  /** `stateMapVersion`. */
  stateVersion: number;
  /** `highestRequiredSnapshotVersion`: 0 when no snapshot is held. */
  highestRequiredSnapshotVersion: number;
  /** Versions of unreleased snapshots, ascending. */
  snapshotVersions: number[];
  /**
   * Incremented by every structural change (entry added, removed or replaced by a copy), like
   * Flink's `modCount`. Handles use it to validate a cached lookup.
   */
  modCount: number;
  /** Teaching figures: entry objects and state objects copied so far because a snapshot held them. */
  copiedEntries: number;
  copiedStates: number;
  /** The state handle's current namespace (kept here so that handles stay stateless). */
  currentNamespace: Namespace;
  currentNamespaceId: string;
}

/** Flink's `CopyOnWriteStateTableSnapshot`: the entries of every key group at snapshot time. */
export interface StateTableSnapshot {
  readonly descriptor: StateDescriptor;
  readonly snapshotVersion: number;
  readonly keyGroupOffset: number;
  /** Per key group (index = kg - keyGroupOffset), the entry objects; shared with the table until it copies them. */
  readonly keyGroups: StateMapEntry[][];
  /** Number of entries in the snapshot. */
  readonly size: number;
  released: boolean;
}

/** Creates an empty `CopyOnWriteStateTable` for a state over the given key-group range. */
export function createCopyOnWriteStateTable(descriptor: StateDescriptor, range: KeyGroupRange): CopyOnWriteStateTable {
  const n = range.endKeyGroup - range.startKeyGroup + 1;
  if (!(n > 0)) {
    throw new RangeError(
      `createCopyOnWriteStateTable: key-group range must not be empty, got [${range.startKeyGroup}, ${range.endKeyGroup}]`,
    );
  }
  const maps: CopyOnWriteStateMap[] = new Array(n);
  for (let i = 0; i < n; i++) maps[i] = { voidNamespace: { n: {}, s: {}, size: 0 }, namespaces: {}, size: 0 };
  return {
    descriptor,
    keyGroupOffset: range.startKeyGroup,
    maps,
    stateVersion: 0,
    highestRequiredSnapshotVersion: 0,
    snapshotVersions: [],
    modCount: 0,
    copiedEntries: 0,
    copiedStates: 0,
    currentNamespace: VOID_NAMESPACE,
    currentNamespaceId: '',
  };
}

/** `KeyGroupRangeOffsets.newIllegalKeyGroupException`: the error for a key group the backend does not own. */
export function illegalKeyGroupError(keyGroup: number, range: KeyGroupRange): Error {
  return new RangeError(
    `Key group ${keyGroup} is not in KeyGroupRange{startKeyGroup=${range.startKeyGroup}, endKeyGroup=${range.endKeyGroup}}. ` +
      'The key was routed to the wrong subtask; outside low-level state access this usually means the key ' +
      'is not deterministic (its hashCode/equals changed between shuffle and state access).',
  );
}

/** `StateTable.getMapForKeyGroup`: the map of a key group, or Flink's illegal-key-group error. */
export function stateMapForKeyGroup(table: CopyOnWriteStateTable, keyGroup: number): CopyOnWriteStateMap {
  const map = table.maps[keyGroup - table.keyGroupOffset];
  if (map === undefined) {
    const start = table.keyGroupOffset;
    throw illegalKeyGroupError(keyGroup, { startKeyGroup: start, endKeyGroup: start + table.maps.length - 1 });
  }
  return map;
}

function copyState(table: CopyOnWriteStateTable, state: Plain): Plain {
  // Primitives (and immutable byte arrays) are never changed in place: nothing to copy, the way
  // Flink's serializer.copy returns immutable values as they are.
  if (state === null || typeof state !== 'object' || state instanceof Uint8Array) return state;
  table.copiedStates++;
  return clonePlain(state);
}

type EntriesByKey = { [key: string]: StateMapEntry };

/** The entries of a namespace in a key group's map, or undefined if it has none (VoidNamespace always exists). */
function bucketOf(map: CopyOnWriteStateMap, namespaceId: string): NamespaceEntries | undefined {
  return namespaceId === '' ? map.voidNamespace : map.namespaces[namespaceId];
}

function entriesOf(bucket: NamespaceEntries, key: StateKey): EntriesByKey {
  return typeof key === 'number' ? bucket.n : bucket.s;
}

/** Copy-on-write of the map structure: replaces a snapshot-held entry object by a fresh copy. */
function copyEntry(table: CopyOnWriteStateTable, map: CopyOnWriteStateMap, namespaceId: string, e: StateMapEntry): StateMapEntry {
  const copy: StateMapEntry = {
    key: e.key,
    namespace: e.namespace,
    state: e.state,
    entryVersion: table.stateVersion,
    stateVersion: e.stateVersion,
  };
  entriesOf(bucketOf(map, namespaceId)!, e.key)[e.key] = copy;
  table.copiedEntries++;
  table.modCount++;
  return copy;
}

/** Finds the live entry of (key, namespace) without copying anything; undefined if absent. */
export function stateMapFind(map: CopyOnWriteStateMap, namespaceId: string, key: StateKey): StateMapEntry | undefined {
  const bucket = bucketOf(map, namespaceId);
  return bucket === undefined ? undefined : entriesOf(bucket, key)[key];
}

/**
 * Reads a live entry's state the way `CopyOnWriteStateMap.get` does: if a held snapshot may
 * share the state object, the entry (if needed) and the state are copied first.
 */
export function stateMapReadEntry(
  table: CopyOnWriteStateTable,
  map: CopyOnWriteStateMap,
  namespaceId: string,
  entry: StateMapEntry,
): Plain {
  let e = entry;
  const required = table.highestRequiredSnapshotVersion;
  if (e.stateVersion < required) {
    if (e.entryVersion < required) e = copyEntry(table, map, namespaceId, e);
    e.state = copyState(table, e.state);
    e.stateVersion = table.stateVersion;
  }
  return e.state;
}

/** `CopyOnWriteStateMap.get`: the state of (key, namespace), copied first if a held snapshot shares it. */
export function stateMapGet(table: CopyOnWriteStateTable, map: CopyOnWriteStateMap, namespaceId: string, key: StateKey): Plain | null {
  const e = stateMapFind(map, namespaceId, key);
  return e === undefined ? null : stateMapReadEntry(table, map, namespaceId, e);
}

/** `CopyOnWriteStateMap.containsKey`: never copies. */
export function stateMapContains(map: CopyOnWriteStateMap, namespaceId: string, key: StateKey): boolean {
  const bucket = bucketOf(map, namespaceId);
  return bucket !== undefined && entriesOf(bucket, key)[key] !== undefined;
}

/**
 * `putEntry`: the writable entry for (key, namespace), created, or copied if a held snapshot
 * references it. `found` is the result of a lookup the caller already made (or undefined).
 */
export function stateMapPutEntry(
  table: CopyOnWriteStateTable,
  map: CopyOnWriteStateMap,
  namespaceId: string,
  key: StateKey,
  namespace: Namespace,
  found: StateMapEntry | undefined,
): StateMapEntry {
  if (found !== undefined) {
    return found.entryVersion < table.highestRequiredSnapshotVersion ? copyEntry(table, map, namespaceId, found) : found;
  }
  let bucket = bucketOf(map, namespaceId);
  if (bucket === undefined) {
    bucket = { n: {}, s: {}, size: 0 };
    map.namespaces[namespaceId] = bucket;
  }
  const v = table.stateVersion;
  const created: StateMapEntry = { key, namespace, state: null, entryVersion: v, stateVersion: v };
  entriesOf(bucket, key)[key] = created;
  bucket.size++;
  map.size++;
  table.modCount++;
  return created;
}

function putEntry(
  table: CopyOnWriteStateTable,
  map: CopyOnWriteStateMap,
  namespaceId: string,
  key: StateKey,
  namespace: Namespace,
): StateMapEntry {
  return stateMapPutEntry(table, map, namespaceId, key, namespace, stateMapFind(map, namespaceId, key));
}

/** Sets a writable entry's state (which the table owns from now on). */
export function stateEntrySet(table: CopyOnWriteStateTable, entry: StateMapEntry, state: Plain): void {
  entry.state = state;
  entry.stateVersion = table.stateVersion;
}

/**
 * Applies a transformation to a writable entry: new state = fn(old state or null, value). The
 * function may change the old state in place: it receives a private copy if a snapshot shares it.
 */
export function stateEntryTransform<T>(
  table: CopyOnWriteStateTable,
  entry: StateMapEntry,
  value: T,
  fn: (previous: Plain | null, value: T) => Plain,
): void {
  const previous = entry.stateVersion < table.highestRequiredSnapshotVersion ? copyState(table, entry.state) : entry.state;
  entry.state = fn(previous, value);
  entry.stateVersion = table.stateVersion;
}

/** `CopyOnWriteStateMap.put`: stores a state object (which the table owns from now on). */
export function stateMapPut(
  table: CopyOnWriteStateTable,
  map: CopyOnWriteStateMap,
  namespaceId: string,
  key: StateKey,
  namespace: Namespace,
  state: Plain,
): void {
  stateEntrySet(table, putEntry(table, map, namespaceId, key, namespace), state);
}

/** Unlinks an entry; a namespace without entries disappears (windows come and go). */
function unlink(table: CopyOnWriteStateTable, map: CopyOnWriteStateMap, namespaceId: string, key: StateKey): StateMapEntry | undefined {
  const bucket = bucketOf(map, namespaceId);
  if (bucket === undefined) return undefined;
  const entries = entriesOf(bucket, key);
  const e = entries[key];
  if (e === undefined) return undefined;
  delete entries[key];
  map.size--;
  table.modCount++;
  if (--bucket.size === 0 && namespaceId !== '') delete map.namespaces[namespaceId];
  return e;
}

/** `CopyOnWriteStateMap.remove`: a held snapshot keeps its own reference to the entry, so nothing is copied. */
export function stateMapRemove(table: CopyOnWriteStateTable, map: CopyOnWriteStateMap, namespaceId: string, key: StateKey): void {
  unlink(table, map, namespaceId, key);
}

/** `CopyOnWriteStateMap.removeAndGetOld`: removes and returns the state, copied if a snapshot shares it. */
export function stateMapRemoveAndGetOld(
  table: CopyOnWriteStateTable,
  map: CopyOnWriteStateMap,
  namespaceId: string,
  key: StateKey,
): Plain | null {
  const e = unlink(table, map, namespaceId, key);
  if (e === undefined) return null;
  return e.stateVersion < table.highestRequiredSnapshotVersion ? copyState(table, e.state) : e.state;
}

/** `CopyOnWriteStateMap.transform`: {@link stateEntryTransform} on the (created or copied) entry of (key, namespace). */
export function stateMapTransform<T>(
  table: CopyOnWriteStateTable,
  map: CopyOnWriteStateMap,
  namespaceId: string,
  key: StateKey,
  namespace: Namespace,
  value: T,
  fn: (previous: Plain | null, value: T) => Plain,
): void {
  stateEntryTransform(table, putEntry(table, map, namespaceId, key, namespace), value, fn);
}

/** The entries of one key group's map, in its (deterministic) property order. */
export function stateMapEntries(map: CopyOnWriteStateMap): StateMapEntry[] {
  const out: StateMapEntry[] = [];
  const add = (bucket: NamespaceEntries): void => {
    for (const k in bucket.n) out.push(bucket.n[k]!);
    for (const k in bucket.s) out.push(bucket.s[k]!);
  };
  add(map.voidNamespace);
  for (const nsId in map.namespaces) add(map.namespaces[nsId]!);
  return out;
}

/** `StateTable.size()`: the number of (key, namespace) entries over all key groups. */
export function stateTableSize(table: CopyOnWriteStateTable): number {
  let n = 0;
  for (const m of table.maps) n += m.size;
  return n;
}

/**
 * `CopyOnWriteStateTable.stateSnapshot()` (synchronous part): bumps the version, registers the
 * snapshot and records each key group's entries. Later writes copy before touching them.
 */
export function snapshotStateTable(table: CopyOnWriteStateTable): StateTableSnapshot {
  if (table.stateVersion >= Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`snapshotStateTable: version counter of state '${table.descriptor.name}' overflowed`);
  }
  const version = ++table.stateVersion;
  table.highestRequiredSnapshotVersion = version;
  table.snapshotVersions.push(version);
  const keyGroups: StateMapEntry[][] = new Array(table.maps.length);
  let size = 0;
  for (let i = 0; i < table.maps.length; i++) {
    const list = stateMapEntries(table.maps[i]!);
    keyGroups[i] = list;
    size += list.length;
  }
  return { descriptor: table.descriptor, snapshotVersion: version, keyGroupOffset: table.keyGroupOffset, keyGroups, size, released: false };
}

/**
 * `CopyOnWriteStateMap.releaseSnapshot`: the table stops protecting this snapshot. Releasing
 * twice is a no-op (like `CopyOnWriteStateMapSnapshot.release`); after release the snapshot's
 * contents may change and must not be read.
 */
export function releaseStateTableSnapshot(table: CopyOnWriteStateTable, snapshot: StateTableSnapshot): void {
  if (snapshot.released) return;
  if (snapshot.descriptor.name !== table.descriptor.name) {
    throw new RangeError(
      `releaseStateTableSnapshot: snapshot of state '${snapshot.descriptor.name}' is not owned by state '${table.descriptor.name}'`,
    );
  }
  const i = table.snapshotVersions.indexOf(snapshot.snapshotVersion);
  if (i < 0) {
    throw new RangeError(
      `releaseStateTableSnapshot: unknown snapshot version ${snapshot.snapshotVersion} for state '${table.descriptor.name}'`,
    );
  }
  table.snapshotVersions.splice(i, 1);
  const n = table.snapshotVersions.length;
  table.highestRequiredSnapshotVersion = n === 0 ? 0 : table.snapshotVersions[n - 1]!;
  snapshot.released = true;
}

/** `AbstractStateTableSnapshot.getIterator(keyGroup)`: the snapshot's entries of one key group (empty if outside). */
export function snapshotEntriesOfKeyGroup(snapshot: StateTableSnapshot, keyGroup: number): readonly StateMapEntry[] {
  return snapshot.keyGroups[keyGroup - snapshot.keyGroupOffset] ?? [];
}
