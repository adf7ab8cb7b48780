import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, clonePlain } from '../core/plainData';
import { keyedStateEntries, type KeyedStateEntryView } from '../job/stateView';
import { assignToKeyGroup } from '../keys/keyGroups';
import { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import { timeWindow, VOID_NAMESPACE } from '../state/namespaces';
import { listStateDescriptor, mapStateDescriptor, valueStateDescriptor } from '../state/stateDescriptor';
import { DEFAULT_STATE_OPS_UNIVERSE, runStateOps, stateOpsArbitrary, type StateOpsUniverse } from '../state/stateOps';
import { rocksDbColumnFamilyViews } from './rocksDbColumnFamilyViews';
import { RocksDbKeyedStateBackend } from './rocksDbKeyedStateBackend';
import { rocksDbStateEntries } from './rocksDbStateEntries';

const MAX_P = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };

// The listing shows user keys as object keys, so 1 and '1' would collide in either backend's view.
const UNIVERSE: StateOpsUniverse = { ...DEFAULT_STATE_OPS_UNIVERSE, userKeys: [1, 2, 'x', 'y'] };

const order = (v: KeyedStateEntryView) => JSON.stringify([v.state, v.keyGroup, typeof v.key, v.key, v.namespace]);
const sorted = (vs: KeyedStateEntryView[]) => [...vs].sort((a, b) => (order(a) < order(b) ? -1 : 1));
/** The heap backend keeps an empty user map after an empty putAll or removing the last entry by iterator; RocksDB has no entry. */
const nonEmpty = (v: KeyedStateEntryView) => !(v.kind === 'map' && Object.keys(v.value as object).length === 0);

describe('rocksDbStateEntries', () => {
  it('lists the same entries, with the same presented values, as the heap backend\'s listing', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(UNIVERSE), (ops) => {
        const rocks = RocksDbKeyedStateBackend.create(MAX_P, FULL, { writeBufferBytes: 128 });
        runStateOps(rocks, ops, UNIVERSE, () => {
          if (rocks.needsFlush()) rocks.flushOldest();
        });
        const heap = HeapKeyedStateBackend.create(MAX_P, FULL);
        runStateOps(heap, ops, UNIVERSE);
        const heapView = keyedStateEntries({ type: 'hashmap', heap: heap.data }).filter(nonEmpty);
        expect(sorted(rocksDbStateEntries(rocks.data))).toEqual(sorted(heapView));
      }),
      { numRuns: 150 },
    );
  });

  it('reads frozen, recorded data without writing to it', () => {
    const b = RocksDbKeyedStateBackend.create(MAX_P, FULL);
    const l = b.getListState<number>(listStateDescriptor('l'));
    b.setCurrentKey('k');
    l.addAll([1, 2]);
    const frozen = deepFreeze(clonePlain(b.data));
    expect(rocksDbStateEntries(frozen)).toEqual([
      { state: 'l', kind: 'list', keyGroup: assignToKeyGroup('k', MAX_P), key: 'k', namespace: '', value: [1, 2] },
    ]);
    expect(rocksDbColumnFamilyViews(frozen)[0]!.active.entries).toHaveLength(1);
  });
});

describe('rocksDbColumnFamilyViews', () => {
  it('shows each state\'s memtables and SST levels with every key decoded', () => {
    const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, { writeBufferBytes: 256, level0FileNumCompactionTrigger: 2 });
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    const m = b.getMapState<string, number>(mapStateDescriptor('m'));
    const w = timeWindow(0, 10);
    for (let i = 0; i < 40; i++) {
      b.setCurrentKey(i % 5);
      v.setCurrentNamespace(i % 2 === 0 ? VOID_NAMESPACE : w);
      v.update(i);
      m.put(`u${i % 3}`, i);
      if (b.needsFlush()) b.flushOldest();
    }
    b.setCurrentKey(0);
    v.setCurrentNamespace(VOID_NAMESPACE);
    v.clear();
    const before = rocksDbColumnFamilyViews(b.data);
    expect(before.map((c) => [c.state, c.kind, c.columnFamily])).toEqual([
      ['v', 'value', 'v'],
      ['m', 'map', 'm'],
    ]);
    const vView = before[0]!;
    const tomb = vView.active.entries.find((e) => e.tombstone)!;
    expect(tomb.key).toMatchObject({ keyGroup: assignToKeyGroup(0, MAX_P), key: 0, namespace: VOID_NAMESPACE });
    expect(tomb.valueBytes).toBe(0);
    expect(vView.levels[0]!.files.length).toBeGreaterThan(0);
    expect(vView.levels[0]!.target).toBe(2);

    for (let p = b.pendingCompaction(); p !== null; p = b.pendingCompaction()) b.runCompaction(p);
    b.flushAll();
    const after = rocksDbColumnFamilyViews(b.data);
    const mView = after[1]!;
    const files = mView.levels.flatMap((l) => l.files);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.fileName).toMatch(/^\d{6}\.sst$/);
      expect(f.smallestKey.userKey).toMatch(/^u\d$/);
      expect(typeof f.largestKey.key).toBe('number');
    }
    expect(after[0]!.active.entries).toEqual([]);
    expect(files.every((f) => f.level >= 0 && f.sizeBytes > 0)).toBe(true);
  });
});
