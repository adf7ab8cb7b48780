// (d) The operation table, one test per write method of each Changelog*State, over both nested backends.
import { describe, expect, it } from 'vitest';
import type { Plain } from '../../core/plainData';
import { assignToKeyGroup } from '../../keys/keyGroups';
import type { KeyGroupRange } from '../../keys/keyGroupRange';
import { RocksDbKeyedStateBackend } from '../../rocksdb/rocksDbKeyedStateBackend';
import { HeapKeyedStateBackend } from '../../state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../../state/keyedStateApi';
import { timeWindow, VOID_NAMESPACE } from '../../state/namespaces';
import {
  aggregatingStateDescriptor,
  listStateDescriptor,
  mapStateDescriptor,
  reducingStateDescriptor,
  valueStateDescriptor,
} from '../../state/stateDescriptor';
import type { MapUserKey } from '../../state/stateKeyIds';
import { ChangelogKeyedStateBackend } from './changelogKeyedStateBackend';
import type { LoggedChange } from './loggedChange';
import {
  StateChangeOperation,
  stateChangeOperationByCode,
  stateChangeOperationName,
} from './stateChangeOperation';

const MAX_P = 128;
const FULL: KeyGroupRange = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };
const NESTED: ReadonlyArray<readonly [string, (range?: KeyGroupRange) => KeyedStateBackend]> = [
  ['heap', (range = FULL) => HeapKeyedStateBackend.create(MAX_P, range)],
  [
    'rocksdb',
    (range = FULL) => RocksDbKeyedStateBackend.create(MAX_P, range, { writeBufferBytes: 256 }),
  ],
];

const VALUE = valueStateDescriptor('v');
const LIST = listStateDescriptor('l');
const MAP = mapStateDescriptor('m');
const RED = reducingStateDescriptor('r', 'sum');
const AGG = aggregatingStateDescriptor('a', 'average');
const w1 = timeWindow(0, 10);
const w2 = timeWindow(10, 20);
const w3 = timeWindow(0, 20);

/** The log without METADATA, as [op name, payload] (the per-method mapping under test). */
function dataOps(log: readonly LoggedChange[]): Array<[string, Plain]> {
  return log
    .filter((c) => c.op !== StateChangeOperation.METADATA)
    .map((c) => [stateChangeOperationName(c.op), c.payload]);
}

describe('StateChangeOperation', () => {
  it("has Flink's byte codes", () => {
    expect(StateChangeOperation).toEqual({
      CLEAR: 0,
      SET: 1,
      SET_INTERNAL: 2,
      ADD: 3,
      MERGE_NS: 4,
      ADD_ELEMENT: 5,
      ADD_OR_UPDATE_ELEMENT: 6,
      REMOVE_ELEMENT: 7,
      METADATA: 8,
    });
    for (const [name, code] of Object.entries(StateChangeOperation)) {
      expect(stateChangeOperationName(code)).toBe(name);
      expect(stateChangeOperationByCode(code)).toBe(code);
    }
    expect(() => stateChangeOperationByCode(9)).toThrow(/unknown operation code 9/);
    expect(() => stateChangeOperationByCode(-1)).toThrow(RangeError);
  });
});

describe.each(NESTED)(
  'Changelog*State over %s: which write logs which operation',
  (_name, nested) => {
    function setup(range?: KeyGroupRange) {
      const log: LoggedChange[] = [];
      const inner = nested(range);
      const b = new ChangelogKeyedStateBackend(inner, (c) => log.push(c));
      return { b, inner, log };
    }

    it('ValueState: update → SET, update(null) → CLEAR, clear → CLEAR (even when absent)', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getValueState<number>(VALUE);
      s.update(5);
      s.update(null);
      s.clear();
      expect(dataOps(log)).toEqual([
        ['SET', 5],
        ['CLEAR', null],
        ['CLEAR', null],
      ]);
      expect(s.value()).toBeNull();
    });

    it('every data change carries the scope: state, key, key group, namespace', () => {
      const { b, log } = setup();
      b.setCurrentKey(100000);
      const s = b.getValueState<number>(VALUE);
      s.setCurrentNamespace(w1);
      s.update(1);
      expect(log[1]).toEqual({
        op: StateChangeOperation.SET,
        state: 'v',
        keyGroup: assignToKeyGroup(100000, MAX_P),
        key: 100000,
        namespace: { start: 0, end: 10 },
        payload: 1,
      });
    });

    it('ListState: add → ADD_ELEMENT, addAll → ADD (also empty), update → SET (also empty), updateInternal → SET_INTERNAL / CLEAR', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getListState<number>(LIST);
      s.add(3);
      s.addAll([1, 2]);
      s.addAll([]);
      s.update([7]);
      s.update([]);
      expect(s.get()).toEqual([]);
      s.updateInternal([4, 5]);
      s.updateInternal(null);
      s.clear();
      expect(dataOps(log)).toEqual([
        ['ADD_ELEMENT', 3],
        ['ADD', [1, 2]],
        ['ADD', []],
        ['SET', [7]],
        ['SET', []],
        ['SET_INTERNAL', [4, 5]],
        ['CLEAR', null],
        ['CLEAR', null],
      ]);
    });

    it('ListState.mergeNamespaces → MERGE_NS scoped to the target, with target and sources', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getListState<number>(LIST);
      s.setCurrentNamespace(w1);
      s.add(1);
      s.setCurrentNamespace(w2);
      s.add(2);
      s.mergeNamespaces(w3, [w1, w2]);
      const merge = log.at(-1)!;
      expect(merge.op).toBe(StateChangeOperation.MERGE_NS);
      expect(merge.namespace).toEqual(w3);
      expect(merge.payload).toEqual({ target: w3, sources: [w1, w2] });
      s.setCurrentNamespace(w3);
      expect(s.get()).toEqual([1, 2]);
    });

    it('MapState: put → ADD_OR_UPDATE_ELEMENT, putAll → ADD (also empty), remove → REMOVE_ELEMENT (also absent), clear → CLEAR', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getMapState<MapUserKey, number>(MAP);
      s.put('x', 1);
      s.putAll([
        [1, 10],
        ['1', 11],
      ]);
      s.putAll([]);
      s.remove('x');
      s.remove('absent');
      s.clear();
      expect(dataOps(log)).toEqual([
        ['ADD_OR_UPDATE_ELEMENT', ['x', 1]],
        [
          'ADD',
          [
            [1, 10],
            ['1', 11],
          ],
        ],
        ['ADD', []],
        ['REMOVE_ELEMENT', 'x'],
        ['REMOVE_ELEMENT', 'absent'],
        ['CLEAR', null],
      ]);
    });

    it('MapState iterator: setValue → ADD_OR_UPDATE_ELEMENT, remove → REMOVE_ELEMENT, reading logs nothing', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getMapState<MapUserKey, number>(MAP);
      s.setCurrentNamespace(w2);
      s.putAll([
        [1, 10],
        [2, 20],
        ['x', 30],
      ]);
      const before = log.length;
      for (const e of s.iterator()) void e.value;
      expect(log.length).toBe(before);
      for (const e of s.iterator()) {
        if (e.key === 1) e.setValue(e.value + 1);
        if (e.key === 'x') e.remove();
      }
      const writes = log.slice(before);
      expect(writes.map((c) => [stateChangeOperationName(c.op), c.payload])).toEqual(
        expect.arrayContaining([
          ['ADD_OR_UPDATE_ELEMENT', [1, 11]],
          ['REMOVE_ELEMENT', 'x'],
        ]),
      );
      expect(writes).toHaveLength(2);
      for (const c of writes) {
        expect(c.namespace).toEqual(w2);
        expect(c.key).toBe('a');
      }
      expect(s.entries().sort()).toEqual([
        [1, 11],
        [2, 20],
      ]);
    });

    it('MapState iterator writes are logged under the key and namespace current when iteration started', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getMapState<MapUserKey, number>(MAP);
      s.put(1, 1);
      const it = s.iterator();
      b.setCurrentKey('b');
      s.setCurrentNamespace(w1);
      for (const e of it) e.setValue(5);
      const last = log.at(-1)!;
      expect([last.key, last.keyGroup, last.namespace]).toEqual([
        'a',
        assignToKeyGroup('a', MAX_P),
        VOID_NAMESPACE,
      ]);
      b.setCurrentKey('a');
      s.setCurrentNamespace(VOID_NAMESPACE);
      expect(s.get(1)).toBe(5);
    });

    it('ReducingState: add → SET_INTERNAL of the reduced value after the add; updateInternal → SET_INTERNAL / CLEAR', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getReducingState<number>(RED);
      s.add(2);
      s.add(3);
      s.updateInternal(10);
      s.updateInternal(null);
      s.add(1);
      s.clear();
      expect(dataOps(log)).toEqual([
        ['SET_INTERNAL', 2],
        ['SET_INTERNAL', 5],
        ['SET_INTERNAL', 10],
        ['CLEAR', null],
        ['SET_INTERNAL', 1],
        ['CLEAR', null],
      ]);
    });

    it('AggregatingState: add → SET_INTERNAL of the whole accumulator, copied when logged', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const s = b.getAggregatingState<number, { sum: number; count: number }, number>(AGG);
      s.add(4);
      s.add(6); // the average function mutates its accumulator in place
      s.updateInternal({ sum: 1, count: 1 });
      s.setCurrentNamespace(w1);
      s.add(1);
      s.mergeNamespaces(w3, [w1, VOID_NAMESPACE]);
      expect(dataOps(log)).toEqual([
        ['SET_INTERNAL', { sum: 4, count: 1 }],
        ['SET_INTERNAL', { sum: 10, count: 2 }],
        ['SET_INTERNAL', { sum: 1, count: 1 }],
        ['SET_INTERNAL', { sum: 1, count: 1 }],
        ['MERGE_NS', { target: w3, sources: [w1, VOID_NAMESPACE] }],
      ]);
      s.setCurrentNamespace(w3);
      expect(s.get()).toBe(1);
    });

    it('a logged payload is a copy: later in-place writes of the backend do not change it', () => {
      const { b, log } = setup();
      b.setCurrentKey('a');
      const l = b.getListState<number>(LIST);
      l.update([1]);
      l.add(2); // the heap backend appends to the stored array in place
      expect(dataOps(log)[0]).toEqual(['SET', [1]]);
      const input = [9];
      l.addAll(input);
      expect(log.at(-1)!.payload).not.toBe(input);
    });
  },
);
