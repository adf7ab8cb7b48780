/**
 * Full snapshots and savepoints use one backend-independent form of each entry (Flink's
 * canonical savepoint format is what lets a savepoint switch state backends): value and
 * reducing state as the value, list state as the list, map state as `[userKey, value]` pairs,
 * aggregating state as the accumulator. Restores write entries back through the keyed state
 * API, so any backend can load any full snapshot.
 */
import { assertNever } from '../core/assertNever';
import type { Plain } from '../core/plainData';
import { rocksDbStoredEntries, type RocksDbKeyedBackendData } from '../rocksdb';
import { snapshotEntriesOfKeyGroup, type StateTableSnapshot } from '../state/copyOnWriteStateTable';
import type { KeyedStateBackend } from '../state/keyedStateApi';
import type { Namespace } from '../state/namespaces';
import type { StateDescriptor } from '../state/stateDescriptor';
import { decodeStateKeyId, type MapUserKey, type StateKey } from '../state/stateKeyIds';
import type { FullSnapshotEntry } from './fullSnapshotFormat';

/** The canonical form of a heap-stored value (the heap keeps a user map as an id-keyed object). */
function canonicalFromHeap(kind: StateDescriptor['kind'], stored: Plain): Plain {
  if (kind !== 'map') return stored;
  return Object.entries(stored as Record<string, Plain>).map(([id, v]) => [decodeStateKeyId(id), v]);
}

/** One key group's canonical entries from a heap copy-on-write snapshot. */
export function* heapCanonicalEntries(states: readonly StateTableSnapshot[], keyGroup: number): Iterable<FullSnapshotEntry> {
  for (let i = 0; i < states.length; i++) {
    const kind = states[i]!.descriptor.kind;
    for (const e of snapshotEntriesOfKeyGroup(states[i]!, keyGroup)) yield { stateIndex: i, key: e.key, namespace: e.namespace, stored: canonicalFromHeap(kind, e.state) };
  }
}

/** All canonical entries of a RocksDB backend, grouped by key group (RocksDB's stored map form is already pairs). */
export function rocksCanonicalEntriesByKeyGroup(data: RocksDbKeyedBackendData): Map<number, FullSnapshotEntry[]> {
  const index = new Map(data.states.map((s, i) => [s.descriptor.name, i]));
  const out = new Map<number, FullSnapshotEntry[]>();
  for (const e of rocksDbStoredEntries(data)) {
    let list = out.get(e.keyGroup);
    if (!list) out.set(e.keyGroup, (list = []));
    list.push({ stateIndex: index.get(e.state)!, key: e.key, namespace: e.namespace, stored: e.stored });
  }
  return out;
}

/** Writes one canonical entry into any keyed backend through the state API. */
export function restoreCanonicalEntry(backend: KeyedStateBackend, desc: StateDescriptor, key: StateKey, namespace: Namespace, stored: Plain): void {
  backend.setCurrentKey(key);
  switch (desc.kind) {
    case 'value': {
      const s = backend.getValueState(desc);
      s.setCurrentNamespace(namespace);
      s.update(stored);
      return;
    }
    case 'list': {
      const s = backend.getListState(desc);
      s.setCurrentNamespace(namespace);
      s.update(stored as Plain[]);
      return;
    }
    case 'map': {
      const s = backend.getMapState(desc);
      s.setCurrentNamespace(namespace);
      s.putAll(stored as [MapUserKey, Plain][]);
      return;
    }
    case 'reducing': {
      const s = backend.getReducingState(desc);
      s.setCurrentNamespace(namespace);
      s.updateInternal(stored);
      return;
    }
    case 'aggregating': {
      const s = backend.getAggregatingState(desc);
      s.setCurrentNamespace(namespace);
      s.updateInternal(stored);
      return;
    }
    default:
      assertNever(desc.kind, 'state kind');
  }
}
