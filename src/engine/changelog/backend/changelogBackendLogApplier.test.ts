// Replay (the restore path), unit by unit; the property tests replay random logs.
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../core/plainData';
import { assignToKeyGroup, computeKeyGroupRangeForOperatorIndex } from '../../keys/keyGroups';
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
import { applyChange } from './changelogBackendLogApplier';
import {
  replayChanges,
  restoreChangelogKeyedStateBackend,
} from './changelogBackendRestoreOperation';
import { ChangelogKeyedStateBackend } from './changelogKeyedStateBackend';
import { META_KEY_GROUP, namespaceToPlain, type LoggedChange } from './loggedChange';
import { StateChangeOperation as Op } from './stateChangeOperation';

const MAX_P = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };
const heap = (range = FULL) => HeapKeyedStateBackend.create(MAX_P, range);
const rocks = (range = FULL) =>
  RocksDbKeyedStateBackend.create(MAX_P, range, { writeBufferBytes: 256 });
const VALUE = valueStateDescriptor('v');
const LIST = listStateDescriptor('l');
const MAP = mapStateDescriptor('m');
const RED = reducingStateDescriptor('r', 'sum');
const AGG = aggregatingStateDescriptor('a', 'average');
const w1 = timeWindow(0, 10);
const w2 = timeWindow(10, 20);
const w3 = timeWindow(0, 20);

const meta = (d: { name: string; kind: string; fn?: string }): LoggedChange => ({
  op: Op.METADATA,
  state: d.name,
  keyGroup: META_KEY_GROUP,
  key: '',
  namespace: VOID_NAMESPACE,
  payload: { ...d },
});
const change = (
  op: LoggedChange['op'],
  state: string,
  payload: LoggedChange['payload'],
  key: string | number = 'a',
  namespace: LoggedChange['namespace'] = VOID_NAMESPACE,
): LoggedChange => ({
  op,
  state,
  keyGroup: assignToKeyGroup(key, MAX_P),
  key,
  namespace,
  payload,
});

/** A log that writes every state kind with every operation it supports. */
function sampleLog(): LoggedChange[] {
  const log: LoggedChange[] = [];
  const b = new ChangelogKeyedStateBackend(heap(), (c) => log.push(c));
  b.setCurrentKey('a');
  const v = b.getValueState<number>(VALUE);
  v.update(1);
  v.setCurrentNamespace(w1);
  v.update(2);
  v.update(null);
  const l = b.getListState<number>(LIST);
  l.setCurrentNamespace(w1);
  l.add(1);
  l.setCurrentNamespace(w2);
  l.addAll([2, 3]);
  l.mergeNamespaces(w3, [w1, w2]);
  l.setCurrentNamespace(VOID_NAMESPACE);
  l.update([9, 8]);
  l.updateInternal([7]);
  const m = b.getMapState<string | number, number>(MAP);
  m.putAll([
    [1, 1],
    ['x', 2],
    [2, 3],
  ]);
  m.put('y', 4);
  m.remove(2);
  for (const e of m.iterator()) {
    if (e.key === 1) e.setValue(100);
    if (e.key === 'x') e.remove();
  }
  b.setCurrentKey(100000);
  const r = b.getReducingState<number>(RED);
  r.add(5);
  r.add(6);
  r.setCurrentNamespace(w1);
  r.updateInternal(4);
  r.mergeNamespaces(VOID_NAMESPACE, [w1]);
  const a = b.getAggregatingState<number, { sum: number; count: number }, number>(AGG);
  a.add(2);
  a.add(4);
  a.setCurrentNamespace(w2);
  a.add(10);
  a.mergeNamespaces(w3, [w2]);
  return log;
}

/** What the sample log leaves behind, read through the API. */
function observe(b: KeyedStateBackend) {
  b.setCurrentKey('a');
  const v = b.getValueState(VALUE);
  const l = b.getListState(LIST);
  const m = b.getMapState(MAP);
  const at = <T>(
    s: { setCurrentNamespace(n: typeof w1 | typeof VOID_NAMESPACE): void },
    ns: typeof w1 | typeof VOID_NAMESPACE,
    read: () => T,
  ): T => {
    s.setCurrentNamespace(ns);
    return read();
  };
  const out = {
    v: [at(v, VOID_NAMESPACE, () => v.value()), at(v, w1, () => v.value())],
    l: [
      at(l, VOID_NAMESPACE, () => [...l.get()]),
      at(l, w1, () => [...l.get()]),
      at(l, w2, () => [...l.get()]),
      at(l, w3, () => [...l.get()]),
    ],
    m: at(m, VOID_NAMESPACE, () => m.entries().sort()),
    r: [] as unknown[],
    a: [] as unknown[],
  };
  b.setCurrentKey(100000);
  const r = b.getReducingState(RED);
  const a = b.getAggregatingState(AGG);
  out.r = [at(r, VOID_NAMESPACE, () => r.get()), at(r, w1, () => r.get())];
  out.a = [
    at(a, VOID_NAMESPACE, () => a.getInternal()),
    at(a, w2, () => a.getInternal()),
    at(a, w3, () => a.getInternal()),
  ];
  return out;
}

const EXPECTED = {
  v: [1, null],
  l: [[7], [], [], [1, 2, 3]],
  m: [
    [1, 100],
    ['y', 4],
  ],
  r: [15, null],
  a: [{ sum: 6, count: 2 }, null, { sum: 10, count: 1 }],
};

describe('ChangelogBackendLogApplier', () => {
  it.each([
    ['heap', heap],
    ['rocksdb', rocks],
  ])('replays every operation of every state kind onto an empty %s backend', (_n, create) => {
    const log = deepFreeze(sampleLog()); // frozen: a replay must not change the log
    expect(observe(replayChanges(create(), log))).toEqual(EXPECTED);
    expect(observe(replayChanges(create(), log))).toEqual(EXPECTED); // and can be repeated
  });

  it('registers states from METADATA, in log order', () => {
    const b = replayChanges(rocks(), sampleLog());
    expect(b.getRegisteredStates().map((d) => d.name)).toEqual(['v', 'l', 'm', 'r', 'a']);
    expect(b.getRegisteredStates()[3]).toEqual(RED);
  });

  it('a METADATA repeated after a materialization only registers again', () => {
    const b = heap();
    replayChanges(b, [meta(VALUE), change(Op.SET, 'v', 1), meta(VALUE), change(Op.SET, 'v', 2)]);
    b.setCurrentKey('a');
    expect(b.getValueState(VALUE).value()).toBe(2);
  });

  it('replays SET_INTERNAL as the stored value, without running the user function', () => {
    const b = heap();
    // A log whose "add" produced 42 from nothing: replay stores 42, whatever sum would say.
    replayChanges(b, [
      meta(RED),
      change(Op.SET_INTERNAL, 'r', 42),
      meta(AGG),
      change(Op.SET, 'a', { sum: 3, count: 3 }),
    ]);
    b.setCurrentKey('a');
    expect(b.getReducingState(RED).get()).toBe(42);
    expect(b.getAggregatingState(AGG).get()).toBe(1);
  });

  it('accepts ADD_ELEMENT on a map as a put (as Flink does)', () => {
    const b = heap();
    replayChanges(b, [meta(MAP), change(Op.ADD_ELEMENT, 'm', ['k', 3])]);
    b.setCurrentKey('a');
    expect(b.getMapState(MAP).get('k')).toBe(3);
  });

  it('skips data changes of key groups the backend does not own (rescale), but not METADATA', () => {
    const range = computeKeyGroupRangeForOperatorIndex(MAX_P, 2, 0);
    const keys = [1, 2, 'a', 'b', '1', 100000];
    const inside = keys.find((k) => assignToKeyGroup(k, MAX_P) <= range.endKeyGroup)!;
    const outside = keys.find((k) => assignToKeyGroup(k, MAX_P) > range.endKeyGroup)!;
    const b = heap(range);
    replayChanges(b, [
      meta(VALUE),
      change(Op.SET, 'v', 1, inside),
      change(Op.SET, 'v', 2, outside),
    ]);
    expect(b.getRegisteredStates()).toEqual([VALUE]);
    b.setCurrentKey(inside);
    expect(b.getValueState(VALUE).value()).toBe(1);
    expect(b.numKeyValueStateEntries()).toBe(1);
  });

  it('fails on a change of a state with no METADATA before it (and not in the base)', () => {
    expect(() => applyChange(heap(), change(Op.SET, 'v', 1))).toThrow(
      /'v', which is not registered: its METADATA/,
    );
  });

  it('uses states already in the base (restored from a materialization) without METADATA', () => {
    const base = heap();
    base.getValueState(VALUE);
    applyChange(base, change(Op.SET, 'v', 3));
    base.setCurrentKey('a');
    expect(base.getValueState(VALUE).value()).toBe(3);
  });

  it('fails on an operation the state kind does not have, or an unknown code', () => {
    const b = heap();
    replayChanges(b, [meta(VALUE), meta(MAP), meta(RED)]);
    expect(() => applyChange(b, change(Op.ADD_ELEMENT, 'v', 1))).toThrow(
      /unknown state change operation: ADD_ELEMENT on value state 'v'/,
    );
    expect(() =>
      applyChange(b, change(Op.MERGE_NS, 'm', { target: namespaceToPlain(w1), sources: [] })),
    ).toThrow(/MERGE_NS on map/);
    expect(() => applyChange(b, change(Op.ADD, 'r', [1]))).toThrow(/ADD on reducing/);
    expect(() => applyChange(b, change(12 as LoggedChange['op'], 'v', 1))).toThrow(
      /unknown operation code 12/,
    );
  });

  it('fails on a malformed payload or a key group that does not match the key', () => {
    const b = heap();
    replayChanges(b, [meta(LIST), meta(MAP)]);
    expect(() => applyChange(b, change(Op.ADD, 'l', 5))).toThrow(/payload must be an array/);
    expect(() => applyChange(b, change(Op.ADD_OR_UPDATE_ELEMENT, 'm', ['k']))).toThrow(
      /\[userKey, value\] pair/,
    );
    expect(() =>
      applyChange(b, change(Op.MERGE_NS, 'l', { target: namespaceToPlain(w1) })),
    ).toThrow(/\{ target, sources \}/);
    expect(() =>
      applyChange(b, {
        ...change(Op.CLEAR, 'l', null, 'a'),
        keyGroup: (assignToKeyGroup('a', MAX_P) + 1) % MAX_P,
      }),
    ).toThrow(/but the change says/);
    expect(() =>
      applyChange(b, { ...meta(VALUE), payload: { name: 'other', kind: 'value' } }),
    ).toThrow(/describes 'other'/);
    expect(() => applyChange(b, { ...meta(VALUE), payload: 'v' })).toThrow(
      /must be a state descriptor/,
    );
  });

  it('applied to a changelog backend, writes to its nested backend without logging again', () => {
    const log: LoggedChange[] = [];
    const b = new ChangelogKeyedStateBackend(heap(), (c) => log.push(c));
    replayChanges(b, sampleLog());
    expect(log).toEqual([]);
    expect(observe(b)).toEqual(EXPECTED);
  });

  it('restoreChangelogKeyedStateBackend: base + changes, then a new log that starts with METADATA again', () => {
    const log: LoggedChange[] = [];
    const restored = restoreChangelogKeyedStateBackend(rocks(), sampleLog(), (c) => log.push(c));
    expect(observe(restored)).toEqual(EXPECTED);
    expect(log).toEqual([]);
    restored.setCurrentKey('a');
    restored.getValueState(VALUE).update(5);
    expect(log.map((c) => c.op)).toEqual([Op.METADATA, Op.SET]);
  });

  it('leaves every restored state in VoidNamespace', () => {
    const b = replayChanges(heap(), sampleLog());
    for (const s of [
      b.getValueState(VALUE),
      b.getListState(LIST),
      b.getMapState(MAP),
      b.getReducingState(RED),
      b.getAggregatingState(AGG),
    ]) {
      expect(s.getCurrentNamespace()).toBe(VOID_NAMESPACE);
    }
  });
});
