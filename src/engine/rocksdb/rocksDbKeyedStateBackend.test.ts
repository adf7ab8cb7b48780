import { describe, expect, it } from 'vitest';
import { assignToKeyGroup, computeKeyGroupRangeForOperatorIndex } from '../keys/keyGroups';
import { columnFamily, prefixScan, scan, unflushedWrites } from '../lsm';
import { serializeCompositeKey } from '../serialization';
import { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import { timeWindow, VOID_NAMESPACE } from '../state/namespaces';
import {
  aggregatingStateDescriptor,
  listStateDescriptor,
  mapStateDescriptor,
  reducingStateDescriptor,
  valueStateDescriptor,
} from '../state/stateDescriptor';
import { MAP_ITERATOR_BATCH } from './rocksDbMapState';
import { rocksDbKeyLayout } from './rocksDbKeySerializationUtils';
import { RocksDbKeyedStateBackend } from './rocksDbKeyedStateBackend';

const MAX_P = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };
const fresh = () => RocksDbKeyedStateBackend.create(MAX_P, FULL);
const w1 = timeWindow(0, 10);
const w2 = timeWindow(10, 20);
const w3 = timeWindow(20, 30);

/** Live entries of a state's column family (memtables and SSTs merged, tombstones hidden). */
const cfEntries = (b: RocksDbKeyedStateBackend, state: string) => scan(b.data.db, b.getColumnFamilyName(state)!, null, null);

describe('RocksDbKeyedStateBackend: the keyed state API over the LSM', () => {
  it('keeps one ValueState entry per key and namespace, under Flink\'s composite key; update(null) writes a tombstone', () => {
    const b = fresh();
    const v = b.getValueState<number>(valueStateDescriptor('count'));
    b.setCurrentKey(1);
    v.update(10);
    b.setCurrentKey('1');
    expect(v.value()).toBeNull();
    v.update(20);
    v.setCurrentNamespace(w1);
    v.update(30);
    b.setCurrentKey(1);
    expect(v.value()).toBeNull();
    v.setCurrentNamespace(VOID_NAMESPACE);
    expect(v.value()).toBe(10);
    v.update(null);
    expect(v.value()).toBeNull();
    b.setCurrentKey('1');
    expect(v.value()).toBe(20);

    const layout = rocksDbKeyLayout(MAX_P);
    const keys = cfEntries(b, 'count').map((e) => e.key);
    const expected = [
      serializeCompositeKey(layout, assignToKeyGroup('1', MAX_P), '1', VOID_NAMESPACE),
      serializeCompositeKey(layout, assignToKeyGroup('1', MAX_P), '1', w1),
    ];
    expect(keys).toEqual(expect.arrayContaining(expected));
    expect(keys).toHaveLength(2);
    // The tombstone of key 1 is still in the memtable until a compaction drops it.
    const mt = columnFamily(b.data.db, 'count').active;
    expect(mt.entries.filter((e) => e.value === null)).toHaveLength(1);
  });

  it('ListState stores the delimited list; add appends bytes; update([]) and updateInternal([]) clear', () => {
    const b = fresh();
    const l = b.getListState<number>(listStateDescriptor('l'));
    b.setCurrentKey('k');
    expect(l.get()).toEqual([]);
    expect(l.getInternal()).toBeNull();
    l.add(1);
    l.addAll([2, 3]);
    l.addAll([]);
    expect(l.get()).toEqual([1, 2, 3]);
    // int32 elements are 5 bytes each, separated by ','.
    expect(cfEntries(b, 'l')[0]!.value).toEqual(Uint8Array.of(3, 0, 0, 0, 1, 44, 3, 0, 0, 0, 2, 44, 3, 0, 0, 0, 3));
    l.update([9]);
    expect(l.get()).toEqual([9]);
    l.update([]);
    expect(l.getInternal()).toBeNull();
    l.updateInternal([4]);
    l.updateInternal([]); // Flink's RocksDBListState clears on an empty list (the heap backend would store it)
    expect(l.getInternal()).toBeNull();
    expect(() => l.add(null as unknown as number)).toThrow(/ListState 'l'.add: value is null/);
    expect(() => l.addAll([1, null as unknown as number])).toThrow(/values\[1\] is null/);
    expect(l.get()).toEqual([]);
  });

  it('MapState stores one LSM entry per user key and scans the composite-key prefix', () => {
    const b = fresh();
    const m = b.getMapState<string | number, number>(mapStateDescriptor('m'));
    b.setCurrentKey(7);
    expect(m.isEmpty()).toBe(true);
    m.put(1, 10);
    m.put('1', 11);
    m.putAll([
      ['x', 1],
      [1, 12],
    ]);
    b.setCurrentKey(8);
    m.put('other', 5);
    b.setCurrentKey(7);
    expect(m.get(1)).toBe(12);
    expect(m.get('1')).toBe(11);
    expect(m.contains('x')).toBe(true);
    expect(m.contains(2)).toBe(false);
    // Key-byte order: the String tag (0) sorts before the Integer tag (1).
    expect(m.entries()).toEqual([
      ['1', 11],
      ['x', 1],
      [1, 12],
    ]);
    expect(m.keys()).toEqual(['1', 'x', 1]);
    expect(m.values()).toEqual([11, 1, 12]);
    expect(cfEntries(b, 'm')).toHaveLength(4); // 3 user keys of key 7 + 1 of key 8: no per-key map object
    b.flushAll();
    expect(b.liveSstFiles().reduce((n, f) => n + (f.cfName === 'm' ? f.entryCount : 0), 0)).toBe(4);

    m.remove(1);
    m.remove('1');
    m.remove('x');
    expect(m.isEmpty()).toBe(true);
    b.setCurrentKey(8);
    expect(m.entries()).toEqual([['other', 5]]);
    m.clear();
    expect(cfEntries(b, 'm')).toHaveLength(0);
    expect(() => m.put('y', null as unknown as number)).toThrow(/MapState 'm'.put: user value must not be null/);
    expect(() => m.put(1.5, 1)).toThrow(/numeric user key must be a safe integer.*1.5/);
  });

  it('MapState.clear deletes every user-key entry under the prefix and nothing else', () => {
    const b = fresh();
    const m = b.getMapState<number, number>(mapStateDescriptor('m'));
    b.setCurrentKey('k');
    for (let i = 0; i < 5; i++) m.put(i, i);
    m.setCurrentNamespace(w1);
    m.put(0, 100);
    b.flushAll(); // half the entries in an SST, tombstones in the memtable
    m.setCurrentNamespace(VOID_NAMESPACE);
    m.clear();
    expect(m.isEmpty()).toBe(true);
    m.setCurrentNamespace(w1);
    expect(m.entries()).toEqual([[0, 100]]);
    expect(columnFamily(b.data.db, 'm').active.entries.filter((e) => e.value === null)).toHaveLength(5);
  });

  it('MapState iterator: setValue and remove write through; it reloads in batches of 128 like RocksDBMapIterator', () => {
    const b = fresh();
    const m = b.getMapState<number, number>(mapStateDescriptor('m'));
    b.setCurrentKey('k');
    const n = MAP_ITERATOR_BATCH * 2 + 7;
    m.putAll(Array.from({ length: n }, (_, i): [number, number] => [i, i]));
    const seen: number[] = [];
    for (const e of m.iterator()) {
      seen.push(e.key);
      if (e.key % 3 === 0) e.remove();
      else e.setValue(e.value * 100);
    }
    expect(seen).toEqual(Array.from({ length: n }, (_, i) => i));
    const after = m.entries();
    expect(after).toHaveLength(n - Math.ceil(n / 3));
    expect(after.every(([k, v]) => k % 3 !== 0 && v === k * 100)).toBe(true);
    const it0 = m.iterator().next().value!;
    it0.remove();
    expect(() => it0.setValue(1)).toThrow(/was removed; the value has already been deleted/);
    expect(() => it0.value).toThrow(/was removed/);
  });

  it('ReducingState sums, AggregatingState averages; the accumulator is stored in 16 bytes', () => {
    const b = fresh();
    const r = b.getReducingState<number>(reducingStateDescriptor('sum', 'sum'));
    const a = b.getAggregatingState<number, { sum: number; count: number }, number>(aggregatingStateDescriptor('avg', 'average'));
    b.setCurrentKey('k');
    expect(r.get()).toBeNull();
    expect(a.get()).toBeNull();
    for (const x of [1, 2, 6]) {
      r.add(x);
      a.add(x);
    }
    expect(r.get()).toBe(9);
    expect(a.get()).toBe(3);
    expect(a.getInternal()).toEqual({ sum: 9, count: 3 });
    expect(cfEntries(b, 'avg')[0]!.value).toHaveLength(16); // averageAccumulatorSerializer: double sum + long count
    a.updateInternal({ sum: 10, count: 4 });
    expect(a.get()).toBe(2.5);
    r.updateInternal(null);
    expect(r.get()).toBeNull();
  });

  it('mergeNamespaces folds sources into the target and deletes them (the heap backend\'s results)', () => {
    const b = fresh();
    const l = b.getListState<string>(listStateDescriptor('l'));
    const a = b.getAggregatingState(aggregatingStateDescriptor('avg', 'average'));
    const r = b.getReducingState<number>(reducingStateDescriptor('r', 'sum'));
    b.setCurrentKey('k');
    const fill = (ns: typeof w1, xs: string[]) => {
      l.setCurrentNamespace(ns);
      l.addAll(xs);
    };
    fill(w1, ['a']);
    fill(w2, ['b', 'c']);
    fill(w3, ['d']);
    l.setCurrentNamespace(w3);
    l.mergeNamespaces(w1, [w2, w3]);
    expect(l.getCurrentNamespace()).toEqual(w3); // unlike Flink, merging leaves the handle's namespace alone
    l.setCurrentNamespace(w1);
    expect(l.get()).toEqual(['a', 'b', 'c', 'd']);
    l.setCurrentNamespace(w2);
    expect(l.get()).toEqual([]);
    fill(w2, ['x']);
    l.mergeNamespaces(w1, [w2, w1]);
    l.setCurrentNamespace(w1);
    expect(l.get()).toEqual(['x', 'a', 'b', 'c', 'd']);
    expect(cfEntries(b, 'l')).toHaveLength(1);

    for (const [ns, x] of [[w1, 2], [w2, 4], [w2, 6]] as const) {
      a.setCurrentNamespace(ns);
      a.add(x);
      r.setCurrentNamespace(ns);
      r.add(x);
    }
    a.mergeNamespaces(w3, [w1, w2]);
    a.setCurrentNamespace(w3);
    expect(a.getInternal()).toEqual({ sum: 12, count: 3 });
    r.mergeNamespaces(w1, [w2, w3]);
    r.setCurrentNamespace(w1);
    expect(r.get()).toBe(12);
    expect(cfEntries(b, 'r')).toHaveLength(1);
    expect(() => r.mergeNamespaces(w1, [{ start: 5, end: 1 }])).toThrow(/end must be a safe integer greater than start \(5\), got 1/);
  });

  it('fails with the heap backend\'s message for a key of another subtask, and without a key', () => {
    const range = computeKeyGroupRangeForOperatorIndex(MAX_P, 4, 1);
    const b = RocksDbKeyedStateBackend.forOperatorIndex(MAX_P, 4, 1);
    const heap = HeapKeyedStateBackend.forOperatorIndex(MAX_P, 4, 1);
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    const hv = heap.getValueState<number>(valueStateDescriptor('v'));
    expect(() => v.value()).toThrow(/No key set/);
    expect(() => b.getCurrentKey()).toThrow(/No key set/);
    const outside = [0, 1, 2, 3, 4, 5, 'a', 'b', 'c'].find((k) => {
      const kg = assignToKeyGroup(k, MAX_P);
      return kg < range.startKeyGroup || kg > range.endKeyGroup;
    })!;
    b.setCurrentKey(outside);
    heap.setCurrentKey(outside);
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(message(() => v.update(1))).toBe(message(() => hv.update(1)));
    expect(message(() => v.value())).toMatch(/^Key group \d+ is not in KeyGroupRange\{startKeyGroup=32, endKeyGroup=63\}\./);
    expect(b.data.writes).toBe(0);
  });

  it('registers one column family per state, returns the same handle, and refuses clashing names like the heap backend', () => {
    const b = fresh();
    expect(b.getValueState(valueStateDescriptor('s'))).toBe(b.getValueState(valueStateDescriptor('s')));
    expect(() => b.getListState(listStateDescriptor('s'))).toThrow(/registered as value state; it cannot be used as list state/);
    expect(() => b.getValueState(listStateDescriptor('t'))).toThrow(/is a list state descriptor/);
    expect(() => b.getReducingState({ name: 'r', kind: 'reducing', fn: 'max' })).toThrow(/fn naming a reduce function \(sum\), got "max"/);
    expect(() => b.getValueState(valueStateDescriptor('default'))).toThrow(/'default' collides with the name of RocksDB's default column family/);
    b.getMapState(mapStateDescriptor('m'));
    expect(b.getRegisteredStates().map((d) => d.name)).toEqual(['s', 'm']);
    expect(b.data.db.columnFamilies.map((c) => c.name)).toEqual(['default', 's', 'm']);
  });

  it('reports seals and stall flushes instead of running background work; flushAll leaves nothing in memtables', () => {
    const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, { writeBufferBytes: 64 });
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    b.setCurrentKey('k');
    v.update(1); // ~27 bytes
    expect(b.takeWriteEffects()).toEqual([]);
    v.update(2);
    v.update(3); // the third write passes 64 bytes: sealed
    const effects = b.takeWriteEffects();
    expect(effects.map((e) => e.kind)).toEqual(['memtableSealed']);
    expect(b.needsFlush()).toBe(true);
    for (let i = 0; i < 3; i++) v.update(10 + i); // fills the second memtable: nobody flushed, so the writer stalls
    expect(b.takeWriteEffects().map((e) => e.kind)).toEqual(['stallFlush', 'memtableSealed']);
    expect(b.takeWriteEffects()).toEqual([]);
    const flushed = b.flushOldest();
    expect(flushed?.file?.level).toBe(0);
    expect(b.needsFlush()).toBe(false);
    v.update(99);
    expect(unflushedWrites(b.data.db)).toBe(1);
    const results = b.flushAll();
    expect(results.every((r) => r.reason === 'checkpoint')).toBe(true);
    expect(unflushedWrites(b.data.db)).toBe(0);
    expect(v.value()).toBe(99);
    expect(b.data.writes).toBe(7);
  });

  it('keeps a key group contiguous: a key-group prefix scan finds exactly that key group\'s entries', () => {
    const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, { writeBufferBytes: 256 });
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    const keys = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? i : `key-${i}`));
    for (const k of keys) {
      b.setCurrentKey(k);
      v.update(1);
      if (b.needsFlush()) b.flushOldest();
    }
    b.flushAll();
    const all = cfEntries(b, 'v');
    const kgs = all.map((e) => e.key[0]!);
    expect(kgs).toEqual([...kgs].sort((x, y) => x - y));
    const kg = assignToKeyGroup('key-1', MAX_P);
    const inGroup = prefixScan(b.data.db, 'v', Uint8Array.of(kg));
    expect(inGroup.length).toBe(keys.filter((k) => assignToKeyGroup(k, MAX_P) === kg).length);
  });
});
