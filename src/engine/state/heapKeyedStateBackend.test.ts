import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clonePlain, type Plain } from '../core/plainData';
import { assignToKeyGroup, computeKeyGroupRangeForOperatorIndex } from '../keys/keyGroups';
import { HeapKeyedStateBackend } from './heapKeyedStateBackend';
import { timeWindow, VOID_NAMESPACE } from './namespaces';
import {
  aggregatingStateDescriptor,
  listStateDescriptor,
  mapStateDescriptor,
  reducingStateDescriptor,
  valueStateDescriptor,
} from './stateDescriptor';
import {
  DEFAULT_STATE_OPS_UNIVERSE,
  runAgainstReference,
  runStateOps,
  stateOpsArbitrary,
} from './stateOps';

const MAX_P = 128;
const fresh = () =>
  HeapKeyedStateBackend.create(MAX_P, { startKeyGroup: 0, endKeyGroup: MAX_P - 1 });
const w1 = timeWindow(0, 10);
const w2 = timeWindow(10, 20);
const w3 = timeWindow(20, 30);

/** True if a value is plain data: no class instances, Maps, Sets or functions. */
function isPlain(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (v instanceof Uint8Array) return true;
  if (Array.isArray(v)) return v.every(isPlain);
  if (typeof v === 'object')
    return (
      Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(isPlain)
    );
  return false;
}

describe('HeapKeyedStateBackend: the keyed state API', () => {
  it('keeps one ValueState value per key and namespace; 1 and "1" are different keys; update(null) clears', () => {
    const b = fresh();
    const v = b.getValueState<number>(valueStateDescriptor('count'));
    b.setCurrentKey(1);
    v.update(10);
    b.setCurrentKey('1');
    expect(v.value()).toBeNull();
    v.update(20);
    v.setCurrentNamespace(w1);
    expect(v.value()).toBeNull();
    v.update(30);
    b.setCurrentKey(1);
    expect(v.value()).toBe(null); // key 1 has nothing in window w1
    v.setCurrentNamespace(VOID_NAMESPACE);
    expect(v.value()).toBe(10);
    v.update(null);
    expect(v.value()).toBeNull();
    b.setCurrentKey('1');
    expect(v.value()).toBe(20);
    expect(b.numKeyValueStateEntries()).toBe(2);
  });

  it("treats any string as an ordinary key, '__proto__' and 'constructor' included", () => {
    const b = fresh();
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    const m = b.getMapState<string, number>(mapStateDescriptor('m'));
    for (const [i, key] of ['__proto__', 'constructor', 'toString', ''].entries()) {
      b.setCurrentKey(key);
      v.update(i);
      m.put('__proto__', i);
    }
    b.setCurrentKey('__proto__');
    expect([v.value(), m.get('__proto__'), m.keys()]).toEqual([0, 0, ['__proto__']]);
    const copy = new HeapKeyedStateBackend(clonePlain(b.data));
    copy.setCurrentKey('constructor');
    expect(copy.getMapState(mapStateDescriptor('m')).entries()).toEqual([['__proto__', 1]]);
  });

  it('ListState: get is empty when absent, add/addAll append, update replaces, update([]) clears, null is rejected', () => {
    const b = fresh();
    const l = b.getListState<number>(listStateDescriptor('l'));
    b.setCurrentKey('k');
    expect(l.get()).toEqual([]);
    expect(l.getInternal()).toBeNull();
    l.add(1);
    l.addAll([2, 3]);
    l.addAll([]);
    expect(l.get()).toEqual([1, 2, 3]);
    l.update([9]);
    expect(l.get()).toEqual([9]);
    l.update([]);
    expect(l.getInternal()).toBeNull();
    expect(() => l.add(null as unknown as number)).toThrow(/ListState 'l'.add: value is null/);
    expect(() => l.addAll([1, null as unknown as number])).toThrow(/values\[1\] is null/);
    expect(l.get()).toEqual([]); // the failed addAll changed nothing
  });

  it('MapState: put/get/contains/remove/putAll, remove of the last entry clears the state', () => {
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
    expect(m.get(1)).toBe(12);
    expect(m.get('1')).toBe(11);
    expect(m.contains('x')).toBe(true);
    expect(m.contains(2)).toBe(false);
    expect(m.entries()).toEqual([
      [1, 12],
      ['1', 11],
      ['x', 1],
    ]);
    expect(m.keys()).toEqual([1, '1', 'x']);
    expect(m.values()).toEqual([12, 11, 1]);
    m.remove(1);
    m.remove('1');
    m.remove('x');
    expect(m.isEmpty()).toBe(true);
    expect(b.numKeyValueStateEntries()).toBe(0);
    expect(() => m.put('y', null as unknown as number)).toThrow(/user value must not be null/);
  });

  it('MapState iterator: setValue and remove write through to the state', () => {
    const b = fresh();
    const m = b.getMapState<string, number>(mapStateDescriptor('m'));
    b.setCurrentKey('k');
    m.putAll([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const seen: string[] = [];
    for (const e of m.iterator()) {
      seen.push(e.key);
      if (e.key === 'b') e.remove();
      else e.setValue(e.value * 100);
    }
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(m.entries()).toEqual([
      ['a', 100],
      ['c', 300],
    ]);
  });

  it('ReducingState sums, AggregatingState averages; getInternal/updateInternal expose the accumulator', () => {
    const b = fresh();
    const r = b.getReducingState<number>(reducingStateDescriptor('sum', 'sum'));
    const a = b.getAggregatingState<number, { sum: number; count: number }, number>(
      aggregatingStateDescriptor('avg', 'average'),
    );
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
    a.updateInternal({ sum: 10, count: 4 });
    expect(a.get()).toBe(2.5);
    r.updateInternal(null);
    expect(r.get()).toBeNull();
  });

  it('mergeNamespaces folds sources into the target in order and removes them (as window merging needs)', () => {
    const b = fresh();
    const l = b.getListState<string>(listStateDescriptor('l'));
    const a = b.getAggregatingState(aggregatingStateDescriptor('avg', 'average'));
    b.setCurrentKey('k');
    const fill = (ns: typeof w1, xs: string[]) => {
      l.setCurrentNamespace(ns);
      l.addAll(xs);
    };
    fill(w1, ['a']);
    fill(w2, ['b', 'c']);
    fill(w3, ['d']);
    l.mergeNamespaces(w1, [w2, w3]);
    l.setCurrentNamespace(w1);
    expect(l.get()).toEqual(['a', 'b', 'c', 'd']);
    l.setCurrentNamespace(w2);
    expect(l.get()).toEqual([]);
    // A target that is also a source is taken out first, so the sources' order decides.
    fill(w2, ['x']);
    l.mergeNamespaces(w1, [w2, w1]);
    l.setCurrentNamespace(w1);
    expect(l.get()).toEqual(['x', 'a', 'b', 'c', 'd']);

    for (const [ns, x] of [
      [w1, 2],
      [w2, 4],
      [w2, 6],
    ] as const) {
      a.setCurrentNamespace(ns);
      a.add(x);
    }
    a.mergeNamespaces(w3, [w1, w2]);
    a.setCurrentNamespace(w3);
    expect(a.getInternal()).toEqual({ sum: 12, count: 3 });
  });

  it('fails with the key-group message for a key routed to the wrong subtask, and without a key', () => {
    const range = computeKeyGroupRangeForOperatorIndex(MAX_P, 4, 1); // [32, 63]
    const b = HeapKeyedStateBackend.forOperatorIndex(MAX_P, 4, 1);
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    expect(() => v.value()).toThrow(/No key set/);
    const outside = [0, 1, 2, 3, 4, 5, 'a', 'b', 'c'].find((k) => {
      const kg = assignToKeyGroup(k, MAX_P);
      return kg < range.startKeyGroup || kg > range.endKeyGroup;
    })!;
    b.setCurrentKey(outside);
    const kg = assignToKeyGroup(outside, MAX_P);
    expect(() => v.update(1)).toThrow(
      `Key group ${kg} is not in KeyGroupRange{startKeyGroup=32, endKeyGroup=63}.`,
    );
    expect(() => v.value()).toThrow(/is not in KeyGroupRange/);
  });

  it('returns the same handle for the same descriptor and rejects a name reused with another kind', () => {
    const b = fresh();
    expect(b.getValueState(valueStateDescriptor('s'))).toBe(
      b.getValueState(valueStateDescriptor('s')),
    );
    expect(() => b.getListState(listStateDescriptor('s'))).toThrow(
      /registered as value state; it cannot be used as list state/,
    );
    expect(() => b.getValueState(listStateDescriptor('t'))).toThrow(/is a list state descriptor/);
    expect(() => b.getReducingState({ name: 'r', kind: 'reducing', fn: 'max' })).toThrow(
      /fn naming a reduce function \(sum\), got "max"/,
    );
    expect(b.getRegisteredStates().map((d) => d.name)).toEqual(['s']);
  });

  it('agrees with the reference model on random operation sequences (full key-group range)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { actual, expected } = runAgainstReference(fresh(), ops);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the reference model when some keys belong to other subtasks (errors included)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { actual, expected } = runAgainstReference(
          HeapKeyedStateBackend.forOperatorIndex(MAX_P, 2, 1),
          ops,
        );
        expect(actual).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('is plain data: a deep copy of its data, wrapped again, behaves identically', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), stateOpsArbitrary(), (before, after) => {
        const original = fresh();
        runStateOps(original, before);
        const snapshot = original.snapshot(); // a held snapshot must survive the copy too
        expect(isPlain(original.data)).toBe(true);
        const copy = new HeapKeyedStateBackend(clonePlain(original.data));
        const viaJson = new HeapKeyedStateBackend(JSON.parse(JSON.stringify(original.data)));
        const outcome = runStateOps(original, after);
        expect(runStateOps(copy, after)).toEqual(outcome);
        expect(runStateOps(viaJson, after)).toEqual(outcome);
        expect(copy.copyCounts()).toEqual(original.copyCounts());
        expect(isPlain(snapshot as unknown as Plain)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('restores from full snapshots, taking only the key groups of the new range (rescaling)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(undefined, { maxLength: 60 }), (ops) => {
        const whole = fresh();
        runStateOps(whole, ops);
        // Route the same operations to two subtasks by key, snapshot both, restore into one and into three.
        const halves = [0, 1].map((i) => HeapKeyedStateBackend.forOperatorIndex(MAX_P, 2, i));
        runStateOps(halves[0]!, ops);
        runStateOps(halves[1]!, ops);
        const snaps = halves.map((h) => h.snapshot());
        const merged = HeapKeyedStateBackend.restore(
          MAX_P,
          { startKeyGroup: 0, endKeyGroup: MAX_P - 1 },
          snaps,
        );
        const universe = DEFAULT_STATE_OPS_UNIVERSE;
        expect(runStateOps(merged, [], universe).final).toEqual(
          runStateOps(whole, [], universe).final,
        );
        const thirds = [0, 1, 2].map((i) =>
          HeapKeyedStateBackend.restore(
            MAX_P,
            computeKeyGroupRangeForOperatorIndex(MAX_P, 3, i),
            snaps,
          ),
        );
        expect(thirds.reduce((n, t) => n + t.numKeyValueStateEntries(), 0)).toBe(
          merged.numKeyValueStateEntries(),
        );
      }),
      { numRuns: 60 },
    );
  });
});
