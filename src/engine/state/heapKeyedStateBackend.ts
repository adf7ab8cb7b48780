/**
 * Flink's `HeapKeyedStateBackend` (the HashMap state backend): keyed state on the heap, one
 * `CopyOnWriteStateTable` per registered state, each partitioned into one map per key group of
 * the backend's key-group range. Snapshots are full snapshots taken in two phases: `snapshot()`
 * is the synchronous part; the returned plain data can be serialized later (asynchronously)
 * while processing goes on, and must then be released.
 *
 * The backend is a thin wrapper over {@link HeapKeyedStateBackendData}; everything that matters
 * (tables, versions, the current key) lives in that plain data, so a deep copy of it, wrapped
 * again, behaves identically. Handles are cached per wrapper; wrap a restored copy anew.
 */
import { clonePlain, type Plain } from '../core/plainData';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { javaHashCode } from '../keys/javaHashCode';
import { computeKeyGroupForKeyHash, computeKeyGroupRangeForOperatorIndex } from '../keys/keyGroups';
import { type AbstractHeapState } from './abstractHeapState';
import { AbstractKeyedStateBackend } from './abstractKeyedStateBackend';
import { compositeHash, stateMapPut } from './copyOnWriteStateMap';
import {
  createCopyOnWriteStateTable,
  releaseStateTableSnapshot,
  snapshotEntriesOfKeyGroup,
  snapshotStateTable,
  stateMapForKeyGroup,
  stateTableSize,
  type CopyOnWriteStateTable,
  type StateTableSnapshot,
} from './copyOnWriteStateTable';
import { HeapAggregatingState } from './heapAggregatingState';
import { HeapListState } from './heapListState';
import { HeapMapState } from './heapMapState';
import { HeapReducingState } from './heapReducingState';
import { HeapValueState } from './heapValueState';
import { checkNamespace, namespaceHashCode, namespaceId, type Namespace } from './namespaces';
import {
  checkStateDescriptor,
  sameStateDescriptor,
  type StateDescriptor,
  type StateKind,
} from './stateDescriptor';
import { checkStateKey, type StateKey } from './stateKeyIds';

/** The plain-data state of a `HeapKeyedStateBackend`. */
export interface HeapKeyedStateBackendData {
  readonly maxParallelism: number;
  readonly keyGroupRange: KeyGroupRange;
  /** Key context (`InternalKeyContextImpl`): null until the first `setCurrentKey`. */
  currentKey: StateKey | null;
  /** Java `hashCode()` of the current key (hashed once per key, for the key group and the state maps). */
  currentKeyHash: number;
  currentKeyGroupIndex: number;
  /** One table per registered state, in registration order. */
  readonly tables: CopyOnWriteStateTable[];
}

/** The synchronous part of `HeapSnapshotStrategy`: one `CopyOnWriteStateTableSnapshot` per state. */
export interface HeapKeyedStateBackendSnapshot {
  readonly maxParallelism: number;
  readonly keyGroupRange: KeyGroupRange;
  readonly states: StateTableSnapshot[];
}

/** Creates the plain data of an empty heap backend owning `keyGroupRange` of `maxParallelism` key groups. */
export function createHeapKeyedStateBackendData(
  maxParallelism: number,
  keyGroupRange: KeyGroupRange,
): HeapKeyedStateBackendData {
  if (!Number.isInteger(maxParallelism) || maxParallelism <= 0) {
    throw new RangeError(
      `createHeapKeyedStateBackendData: maxParallelism must be a positive integer, got ${maxParallelism}`,
    );
  }
  const { startKeyGroup: s, endKeyGroup: e } = keyGroupRange;
  if (!Number.isInteger(s) || !Number.isInteger(e) || s < 0 || e < s || e >= maxParallelism) {
    throw new RangeError(
      `createHeapKeyedStateBackendData: keyGroupRange must be a non-empty range inside [0, ${maxParallelism - 1}], got [${s}, ${e}]`,
    );
  }
  return {
    maxParallelism,
    keyGroupRange: { startKeyGroup: s, endKeyGroup: e },
    currentKey: null,
    currentKeyHash: 0,
    currentKeyGroupIndex: -1,
    tables: [],
  };
}

/** Flink's `HeapKeyedStateBackend`, over plain data. */
export class HeapKeyedStateBackend extends AbstractKeyedStateBackend<HeapKeyedStateBackendData, AbstractHeapState> {
  /** A new, empty backend. */
  static create(maxParallelism: number, keyGroupRange: KeyGroupRange): HeapKeyedStateBackend {
    return new HeapKeyedStateBackend(
      createHeapKeyedStateBackendData(maxParallelism, keyGroupRange),
    );
  }

  /** A new backend for subtask `operatorIndex` of `parallelism` (`computeKeyGroupRangeForOperatorIndex`). */
  static forOperatorIndex(
    maxParallelism: number,
    parallelism: number,
    operatorIndex: number,
  ): HeapKeyedStateBackend {
    const range = computeKeyGroupRangeForOperatorIndex(maxParallelism, parallelism, operatorIndex);
    return HeapKeyedStateBackend.create(maxParallelism, range);
  }

  /**
   * `HeapRestoreOperation`: a backend for `keyGroupRange` built from full snapshots, reading
   * from each only the key groups inside the range (on rescale, several old snapshots overlap
   * the new range). Entries are deep-copied, so the snapshots stay untouched.
   */
  static restore(
    maxParallelism: number,
    keyGroupRange: KeyGroupRange,
    snapshots: readonly HeapKeyedStateBackendSnapshot[],
  ): HeapKeyedStateBackend {
    const backend = HeapKeyedStateBackend.create(maxParallelism, keyGroupRange);
    for (const snap of snapshots) {
      if (snap.maxParallelism !== maxParallelism) {
        throw new RangeError(
          `HeapKeyedStateBackend.restore: max parallelism never changes across restores; snapshot has ${snap.maxParallelism}, backend ${maxParallelism}`,
        );
      }
      for (const state of snap.states) {
        backend.table(state.descriptor);
        for (let kg = keyGroupRange.startKeyGroup; kg <= keyGroupRange.endKeyGroup; kg++) {
          for (const e of snapshotEntriesOfKeyGroup(state, kg)) {
            backend.restoreEntry(state.descriptor, kg, e.key, e.namespace, clonePlain(e.state));
          }
        }
      }
    }
    return backend;
  }

  override setCurrentKey(key: StateKey): void {
    const d = this.data;
    if (typeof key !== 'string' && typeof key !== 'number')
      checkStateKey(key, 'setCurrentKey: key');
    // assignToKeyGroup(key, maxP) is computeKeyGroupForKeyHash(javaHashCode(key), maxP); the hash is
    // kept because the state maps need it too. Whether this backend owns the key group is
    // checked on state access, as in Flink.
    const hash = javaHashCode(key);
    d.currentKeyGroupIndex = computeKeyGroupForKeyHash(hash, d.maxParallelism);
    d.currentKeyHash = hash;
    d.currentKey = key;
  }

  override getRegisteredStates(): readonly StateDescriptor[] {
    return this.data.tables.map((t) => t.descriptor);
  }

  /** The table of a registered state (for views and snapshot writers), or undefined. */
  getStateTable(stateName: string): CopyOnWriteStateTable | undefined {
    return this.data.tables.find((t) => t.descriptor.name === stateName);
  }

  /** `numKeyValueStateEntries()`: entries over all states and key groups. */
  numKeyValueStateEntries(): number {
    let n = 0;
    for (const t of this.data.tables) n += stateTableSize(t);
    return n;
  }

  /** Teaching figure: entry and state objects copied so far because snapshots held them. */
  copyCounts(): { copiedEntries: number; copiedStates: number } {
    let copiedEntries = 0;
    let copiedStates = 0;
    for (const t of this.data.tables) {
      copiedEntries += t.copiedEntries;
      copiedStates += t.copiedStates;
    }
    return { copiedEntries, copiedStates };
  }

  /** `HeapSnapshotStrategy.syncPrepareResources`: snapshots every state table (synchronous part). */
  snapshot(): HeapKeyedStateBackendSnapshot {
    const d = this.data;
    return {
      maxParallelism: d.maxParallelism,
      keyGroupRange: d.keyGroupRange,
      states: d.tables.map(snapshotStateTable),
    };
  }

  /** `HeapSnapshotResources.release`: stop protecting a snapshot (after it was written or abandoned). */
  releaseSnapshot(snapshot: HeapKeyedStateBackendSnapshot): void {
    for (const s of snapshot.states) {
      const table = this.getStateTable(s.descriptor.name);
      if (table === undefined) {
        throw new RangeError(
          `releaseSnapshot: snapshot has state '${s.descriptor.name}', which this backend does not have`,
        );
      }
      releaseStateTableSnapshot(table, s);
    }
  }

  /**
   * `StateTable.put(key, keyGroup, namespace, state)` as used by restore
   * (`StateTableByKeyGroupReaders`): puts one entry read from a snapshot, registering the state
   * if needed. The state object is owned by the backend afterwards.
   */
  restoreEntry(
    descriptor: StateDescriptor,
    keyGroup: number,
    key: StateKey,
    namespace: Namespace,
    state: Plain,
  ): void {
    if (state === null || state === undefined) {
      throw new TypeError(
        `restoreEntry('${descriptor.name}'): state must not be null (key ${JSON.stringify(key)})`,
      );
    }
    const table = this.table(descriptor);
    const k = checkStateKey(key, `restoreEntry('${descriptor.name}'): key`);
    const ns = checkNamespace(namespace, `restoreEntry('${descriptor.name}'): namespace`);
    const hash = compositeHash(javaHashCode(k), namespaceHashCode(ns));
    stateMapPut(table, stateMapForKeyGroup(table, keyGroup), hash, k, ns, namespaceId(ns), state);
  }

  private table(descriptor: StateDescriptor): CopyOnWriteStateTable {
    checkStateDescriptor(descriptor);
    const existing = this.getStateTable(descriptor.name);
    if (existing !== undefined) {
      if (!sameStateDescriptor(existing.descriptor, descriptor)) {
        throw new TypeError(
          `State '${descriptor.name}' is registered as ${describe(existing.descriptor)}; it cannot be used as ${describe(descriptor)}`,
        );
      }
      return existing;
    }
    const created = createCopyOnWriteStateTable(descriptor, this.data.keyGroupRange);
    this.data.tables.push(created);
    return created;
  }

  protected override createHandle(descriptor: StateDescriptor, kind: StateKind): AbstractHeapState {
    const table = this.table(descriptor);
    const d = this.data;
    switch (kind) {
      case 'value':
        return new HeapValueState(d, table);
      case 'list':
        return new HeapListState(d, table);
      case 'map':
        return new HeapMapState(d, table);
      case 'reducing':
        return new HeapReducingState(d, table);
      case 'aggregating':
        return new HeapAggregatingState(d, table);
    }
  }
}

function describe(d: StateDescriptor): string {
  return d.fn === undefined ? `${d.kind} state` : `${d.kind} state with fn '${d.fn}'`;
}
