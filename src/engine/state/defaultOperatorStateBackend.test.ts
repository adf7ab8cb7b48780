import { describe, expect, it } from 'vitest';
import { clonePlain } from '../core/plainData';
import { DefaultOperatorStateBackend } from './defaultOperatorStateBackend';
import { repartitionOperatorState } from './roundRobinOperatorStateRepartitioner';

describe('DefaultOperatorStateBackend', () => {
  it('keeps list, union list and broadcast state as plain data', () => {
    const b = DefaultOperatorStateBackend.create();
    const offsets = b.getListState<number>('offsets');
    offsets.add(10);
    offsets.addAll([11, 12]);
    expect(offsets.get()).toEqual([10, 11, 12]);
    offsets.update([42]);
    expect(b.getListState('offsets').get()).toEqual([42]);
    const u = b.getUnionListState<string>('u');
    u.add('x');
    const rules = b.getBroadcastState<string | number, number>('rules');
    rules.put('limit', 5);
    rules.putAll([
      [1, 10],
      ['1', 11],
    ]);
    rules.remove('nope');
    expect(rules.get(1)).toBe(10);
    expect(rules.get('1')).toBe(11);
    expect(rules.contains('limit')).toBe(true);
    expect(rules.entries()).toEqual([
      ['limit', 5],
      [1, 10],
      ['1', 11],
    ]);
    expect(b.getRegisteredStateNames()).toEqual(['offsets', 'u']);
    expect(b.getRegisteredBroadcastStateNames()).toEqual(['rules']);
    expect(JSON.parse(JSON.stringify(b.data))).toEqual(b.data);
    offsets.clear();
    expect(offsets.get()).toEqual([]);
  });

  it('rejects null elements, empty names and a name reused with another distribution mode', () => {
    const b = DefaultOperatorStateBackend.create();
    b.getListState('s');
    expect(() => b.getUnionListState('s')).toThrow(
      /registered as SPLIT_DISTRIBUTE, requested as UNION/,
    );
    expect(() => b.getListState('s').add(null as never)).toThrow(
      /ListState 's'.add: value is null/,
    );
    expect(() => b.getListState('')).toThrow(
      /getListState: state name must be a non-empty string, got ""/,
    );
    expect(() => b.getBroadcastState('r').put('k', null as never)).toThrow(
      /value must not be null/,
    );
  });

  it('snapshots are deep copies: later changes do not reach them, and restore gives the same state back', () => {
    const b = DefaultOperatorStateBackend.create();
    b.getListState<number[]>('l').add([1, 2]);
    b.getBroadcastState('r').put('k', 1);
    const snap = b.snapshot();
    const frozen = clonePlain(snap);
    b.getListState<number[]>('l').add([3]);
    b.getBroadcastState('r').put('k', 2);
    expect(snap).toEqual(frozen);
    const restored = DefaultOperatorStateBackend.restore(snap);
    expect(restored.getListState('l').get()).toEqual([[1, 2]]);
    restored.getListState<number[]>('l').add([9]);
    expect(snap).toEqual(frozen);
  });

  it('round trip: three source subtasks rescaled to two keep every offset exactly once', () => {
    const old = [0, 1, 2].map((i) => {
      const b = DefaultOperatorStateBackend.create();
      b.getListState<string>('partition-offsets').addAll(
        i === 1 ? ['p3'] : [`p${i * 2}`, `p${i * 2 + 1}`],
      );
      b.getUnionListState<number>('watermarks').add(100 + i);
      b.getBroadcastState('config').put('subtask', i);
      return b.snapshot();
    });
    const restored = repartitionOperatorState(old, 2).map((s) =>
      DefaultOperatorStateBackend.restore(s),
    );
    expect(restored.map((b) => b.getListState('partition-offsets').get())).toEqual([
      ['p0', 'p1', 'p3'],
      ['p4', 'p5'],
    ]);
    expect(restored.map((b) => b.getUnionListState('watermarks').get())).toEqual([
      [100, 101, 102],
      [100, 101, 102],
    ]);
    expect(restored.map((b) => b.getBroadcastState('config').get('subtask'))).toEqual([0, 1]);
  });
});
