/**
 * Flink's `CopyOnWriteStateTable`: the heap backend's storage for one state, partitioned into
 * one {@link CopyOnWriteStateMap} per key group of the backend's range, and its snapshots
 * (`CopyOnWriteStateTableSnapshot`).
 *
 * Why copy-on-write: the HashMap backend takes a checkpoint in two phases. The synchronous phase
 * only copies each map's bucket array (cheap); the asynchronous phase walks the chains and
 * serializes them while the task keeps processing records. Processing must not change what the
 * snapshot sees, so writes copy whatever a held snapshot may still reach (see
 * copyOnWriteStateMap). `releaseStateTableSnapshot` ends that protection.
 *
 * Simplification: Flink versions each key group's map separately; the maps of one table are
 * always snapshotted together, so one version counter per table is equivalent. Everything is
 * plain data and copy decisions depend only on version numbers, so a deep copy (`clonePlain`)
 * of a table, even with snapshots held, behaves exactly like the original, copy counts included.
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';
import {
  createStateMap,
  entriesOfBuckets,
  type CopyOnWriteStateMap,
  type CopyOnWriteVersions,
  type StateMapEntry,
} from './copyOnWriteStateMap';
import { VOID_NAMESPACE, type Namespace } from './namespaces';
import type { StateDescriptor } from './stateDescriptor';

/** Flink's `CopyOnWriteStateTable`, as plain data. */
export interface CopyOnWriteStateTable extends CopyOnWriteVersions {
  readonly descriptor: StateDescriptor;
  /** The first key group of the range: `maps[kg - keyGroupOffset]` is key group kg's map. */
  readonly keyGroupOffset: number;
  readonly maps: CopyOnWriteStateMap[];
  /** Versions of unreleased snapshots, ascending. */
  snapshotVersions: number[];
  /** The state handle's current namespace, its id and Java hash code (kept here so handles stay stateless). */
  currentNamespace: Namespace;
  currentNamespaceId: string;
  currentNamespaceHash: number;
}

/** `CopyOnWriteStateMapSnapshot`: a key group's bucket array at snapshot time. */
export interface StateMapSnapshot {
  readonly buckets: (StateMapEntry | null)[];
  readonly size: number;
}

/** `CopyOnWriteStateTableSnapshot`: the state's maps of every key group at snapshot time. */
export interface StateTableSnapshot {
  readonly descriptor: StateDescriptor;
  readonly snapshotVersion: number;
  readonly keyGroupOffset: number;
  /** Index = key group - keyGroupOffset. The chains are shared with the table until it copies them. */
  readonly keyGroups: StateMapSnapshot[];
  /** Number of entries in the snapshot. */
  readonly size: number;
  released: boolean;
}

/** Creates an empty `CopyOnWriteStateTable` for a state over the given key-group range. */
export function createCopyOnWriteStateTable(
  descriptor: StateDescriptor,
  range: KeyGroupRange,
): CopyOnWriteStateTable {
  const n = range.endKeyGroup - range.startKeyGroup + 1;
  if (!(n > 0)) {
    throw new RangeError(
      `createCopyOnWriteStateTable: key-group range must not be empty, got [${range.startKeyGroup}, ${range.endKeyGroup}]`,
    );
  }
  const maps: CopyOnWriteStateMap[] = [];
  for (let i = 0; i < n; i++) maps.push(createStateMap());
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
    currentNamespaceHash: 99,
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
export function stateMapForKeyGroup(
  table: CopyOnWriteStateTable,
  keyGroup: number,
): CopyOnWriteStateMap {
  const map = table.maps[keyGroup - table.keyGroupOffset];
  if (map === undefined) {
    const start = table.keyGroupOffset;
    throw illegalKeyGroupError(keyGroup, {
      startKeyGroup: start,
      endKeyGroup: start + table.maps.length - 1,
    });
  }
  return map;
}

/** `StateTable.size()`: the number of (key, namespace) entries over all key groups. */
export function stateTableSize(table: CopyOnWriteStateTable): number {
  let n = 0;
  for (const m of table.maps) n += m.size;
  return n;
}

/**
 * `CopyOnWriteStateTable.stateSnapshot()` (synchronous part, `snapshotMapArrays`): bumps the
 * version, registers the snapshot and copies each key group's bucket array.
 */
export function snapshotStateTable(table: CopyOnWriteStateTable): StateTableSnapshot {
  if (table.stateVersion >= Number.MAX_SAFE_INTEGER) {
    throw new RangeError(
      `snapshotStateTable: version counter of state '${table.descriptor.name}' overflowed`,
    );
  }
  const version = ++table.stateVersion;
  table.highestRequiredSnapshotVersion = version;
  table.snapshotVersions.push(version);
  let size = 0;
  const keyGroups = table.maps.map((m) => {
    size += m.size;
    return { buckets: m.buckets.slice(), size: m.size };
  });
  return {
    descriptor: table.descriptor,
    snapshotVersion: version,
    keyGroupOffset: table.keyGroupOffset,
    keyGroups,
    size,
    released: false,
  };
}

/**
 * `CopyOnWriteStateMap.releaseSnapshot`: the table stops protecting this snapshot. Releasing
 * twice is a no-op (like `CopyOnWriteStateMapSnapshot.release`); after release the snapshot's
 * contents may change and must not be read.
 */
export function releaseStateTableSnapshot(
  table: CopyOnWriteStateTable,
  snapshot: StateTableSnapshot,
): void {
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

/** `AbstractStateTableSnapshot.getIterator(keyGroup)`: the snapshot's entries of one key group (empty if outside its range). */
export function snapshotEntriesOfKeyGroup(
  snapshot: StateTableSnapshot,
  keyGroup: number,
): StateMapEntry[] {
  const kg = snapshot.keyGroups[keyGroup - snapshot.keyGroupOffset];
  return kg === undefined ? [] : entriesOfBuckets(kg.buckets);
}

/** The live entries of one key group's map (for views: reading plain data never copies), in iteration order. */
export function stateMapEntries(map: CopyOnWriteStateMap): StateMapEntry[] {
  return entriesOfBuckets(map.buckets);
}

/** The live entries of one key group of a table, in iteration order. */
export function stateTableEntriesOfKeyGroup(
  table: CopyOnWriteStateTable,
  keyGroup: number,
): StateMapEntry[] {
  return stateMapEntries(stateMapForKeyGroup(table, keyGroup));
}
