/**
 * Flink's `DefaultOperatorStateBackend`: non-keyed (operator) state of one subtask, always on
 * the heap whatever the keyed backend is. A source's read offsets are the classic example.
 * Three kinds, distinguished by how a restore with a different parallelism redistributes them
 * (`OperatorStateHandle.Mode`):
 * - ListState (`getListState`): SPLIT_DISTRIBUTE, elements are dealt out round-robin;
 * - UnionListState (`getUnionListState`): UNION, every subtask gets all elements;
 * - BroadcastState (`getBroadcastState`): BROADCAST, a map that is the same on every subtask.
 *
 * All of it is plain data ({@link OperatorStateBackendData}); the backend and its handles are
 * thin wrappers. Snapshots are deep copies, as Flink copies operator state in the synchronous
 * phase of a checkpoint.
 */
import { clonePlain } from '../core/plainData';
import type { Plain } from '../core/plainData';
import { HeapBroadcastState, type BroadcastState } from './heapBroadcastState';
import { PartitionableListState, type OperatorListState } from './partitionableListState';
import type { MapUserKey } from './stateKeyIds';

/** `OperatorStateHandle.Mode`: how a state is redistributed on restore. */
export type OperatorStateMode = 'SPLIT_DISTRIBUTE' | 'UNION' | 'BROADCAST';

/** A registered operator list state (`PartitionableListState`). */
export interface OperatorListStateData {
  readonly name: string;
  readonly mode: 'SPLIT_DISTRIBUTE' | 'UNION';
  elements: Plain[];
}

/** A registered broadcast state (`HeapBroadcastState`): user-key id → value, insertion-ordered. */
export interface BroadcastStateData {
  readonly name: string;
  entries: { [userKeyId: string]: Plain };
}

/** The plain-data state of a `DefaultOperatorStateBackend` (states in registration order). */
export interface OperatorStateBackendData {
  listStates: OperatorListStateData[];
  broadcastStates: BroadcastStateData[];
}

/** What a subtask's operator state snapshot holds (an `OperatorStateHandle`'s content). */
export type OperatorStateSnapshot = OperatorStateBackendData;

/** Flink's `DefaultOperatorStateBackend`, over plain data. */
export class DefaultOperatorStateBackend {
  constructor(readonly data: OperatorStateBackendData) {}

  /** A backend with no state. */
  static create(): DefaultOperatorStateBackend {
    return new DefaultOperatorStateBackend({ listStates: [], broadcastStates: [] });
  }

  /** `OperatorStateRestoreOperation`: a backend holding a copy of a (repartitioned) snapshot. */
  static restore(snapshot: OperatorStateSnapshot): DefaultOperatorStateBackend {
    return new DefaultOperatorStateBackend(clonePlain(snapshot));
  }

  /** `getListState(descriptor)`: a SPLIT_DISTRIBUTE list state, registered on first use. */
  getListState<T extends Plain = Plain>(name: string): OperatorListState<T> {
    return new PartitionableListState<T>(this.listState(name, 'SPLIT_DISTRIBUTE'));
  }

  /** `getUnionListState(descriptor)`: a UNION list state, registered on first use. */
  getUnionListState<T extends Plain = Plain>(name: string): OperatorListState<T> {
    return new PartitionableListState<T>(this.listState(name, 'UNION'));
  }

  /** `getBroadcastState(descriptor)`: a BROADCAST map state, registered on first use. */
  getBroadcastState<K extends MapUserKey = MapUserKey, V extends Plain = Plain>(
    name: string,
  ): BroadcastState<K, V> {
    checkName('getBroadcastState', name);
    let s = this.data.broadcastStates.find((b) => b.name === name);
    if (s === undefined) {
      s = { name, entries: {} };
      this.data.broadcastStates.push(s);
    }
    return new HeapBroadcastState<K, V>(s);
  }

  /** `getRegisteredStateNames()`: names of the list and union list states. */
  getRegisteredStateNames(): string[] {
    return this.data.listStates.map((s) => s.name);
  }

  /** `getRegisteredBroadcastStateNames()`. */
  getRegisteredBroadcastStateNames(): string[] {
    return this.data.broadcastStates.map((s) => s.name);
  }

  /** `DefaultOperatorStateBackendSnapshotStrategy.syncPrepareResources`: a deep copy of all operator state. */
  snapshot(): OperatorStateSnapshot {
    return clonePlain(this.data);
  }

  private listState(name: string, mode: 'SPLIT_DISTRIBUTE' | 'UNION'): OperatorListStateData {
    checkName(mode === 'UNION' ? 'getUnionListState' : 'getListState', name);
    const existing = this.data.listStates.find((s) => s.name === name);
    if (existing !== undefined) {
      if (existing.mode !== mode) {
        throw new TypeError(
          `Incompatible assignment mode for operator state '${name}': registered as ${existing.mode}, requested as ${mode}`,
        );
      }
      return existing;
    }
    const created: OperatorListStateData = { name, mode, elements: [] };
    this.data.listStates.push(created);
    return created;
  }
}

function checkName(method: string, name: unknown): void {
  if (typeof name !== 'string' || name.length === 0) {
    throw new TypeError(
      `${method}: state name must be a non-empty string, got ${JSON.stringify(name)}`,
    );
  }
}
