// The decorator itself: key context, handles, METADATA, (e) reads log nothing, rejected writes log nothing.
import { describe, expect, it } from 'vitest';
import { clonePlain, type Plain } from '../../core/plainData';
import { assignToKeyGroup, computeKeyGroupRangeForOperatorIndex } from '../../keys/keyGroups';
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
import { ChangelogKeyedStateBackend } from './changelogKeyedStateBackend';
import { META_KEY_GROUP, type LoggedChange } from './loggedChange';
import { StateChangeOperation, stateChangeOperationName } from './stateChangeOperation';

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
const w3 = timeWindow(0, 20);

/** The log without METADATA, as [op name, payload] (the per-method mapping under test). */
function dataOps(log: readonly LoggedChange[]): Array<[string, Plain]> {
  return log
    .filter((c) => c.op !== StateChangeOperation.METADATA)
    .map((c) => [stateChangeOperationName(c.op), c.payload]);
}

function isPlain(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (Array.isArray(v)) return v.every(isPlain);
  if (typeof v === 'object')
    return (
      Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(isPlain)
    );
  return false;
}

describe.each(NESTED)('ChangelogKeyedStateBackend over %s', (_name, nested) => {
  function setup(range?: KeyGroupRange) {
    const log: LoggedChange[] = [];
    const inner = nested(range);
    const b = new ChangelogKeyedStateBackend(inner, (c) => log.push(c));
    return { b, inner, log };
  }

  it('delegates the key context to the nested backend', () => {
    const { b, inner } = setup();
    b.setCurrentKey('a');
    expect(inner.getCurrentKey()).toBe('a');
    expect(b.getCurrentKeyGroupIndex()).toBe(assignToKeyGroup('a', MAX_P));
    inner.setCurrentKey(7);
    expect(b.getCurrentKey()).toBe(7);
    expect(b.getNumberOfKeyGroups()).toBe(MAX_P);
    expect(b.getKeyGroupRange()).toEqual(FULL);
  });

  it('reads log nothing', () => {
    const { b, log } = setup();
    b.setCurrentKey('a');
    const v = b.getValueState(VALUE);
    const l = b.getListState(LIST);
    const m = b.getMapState(MAP);
    const r = b.getReducingState(RED);
    const a = b.getAggregatingState(AGG);
    expect(log).toEqual([]); // registering a state logs nothing either (METADATA waits for a change)
    v.update(1);
    l.add(1);
    m.put(1, 1);
    r.add(1);
    a.add(1);
    const n = log.length;
    for (const s of [v, l, m, r, a]) {
      s.setCurrentNamespace(w1);
      s.setCurrentNamespace(VOID_NAMESPACE);
      s.getCurrentNamespace();
    }
    v.value();
    l.get();
    l.getInternal();
    m.get(1);
    m.contains(1);
    m.entries();
    m.keys();
    m.values();
    m.isEmpty();
    [...m.iterator()].forEach((e) => e.value);
    r.get();
    r.getInternal();
    a.get();
    a.getInternal();
    b.getRegisteredStates();
    b.setCurrentKey('b');
    b.getCurrentKey();
    expect(log.length).toBe(n);
  });

  it('METADATA: once per state, just before its first change, key group -1, the descriptor as payload', () => {
    const { b, log } = setup();
    b.setCurrentKey('a');
    b.getValueState(VALUE).update(1);
    b.getReducingState(RED).add(1);
    b.getValueState(VALUE).update(2);
    b.getReducingState(RED).add(2);
    expect(log.map((c) => stateChangeOperationName(c.op))).toEqual([
      'METADATA',
      'SET',
      'METADATA',
      'SET_INTERNAL',
      'SET',
      'SET_INTERNAL',
    ]);
    expect(log[0]).toEqual({
      op: StateChangeOperation.METADATA,
      state: 'v',
      keyGroup: META_KEY_GROUP,
      key: '',
      namespace: VOID_NAMESPACE,
      payload: { name: 'v', kind: 'value' },
    });
    expect(log[2]!.payload).toEqual({ name: 'r', kind: 'reducing', fn: 'sum' });
  });

  it('resetAllWritingMetaFlags (materialization trigger): the next change of each state logs METADATA again', () => {
    const { b, log } = setup();
    b.setCurrentKey('a');
    b.getValueState(VALUE).update(1);
    b.resetAllWritingMetaFlags();
    b.getValueState(VALUE).update(2);
    b.getValueState(VALUE).update(3);
    expect(log.map((c) => stateChangeOperationName(c.op))).toEqual([
      'METADATA',
      'SET',
      'METADATA',
      'SET',
      'SET',
    ]);
  });

  it('the metadata flags are plain data: a copy, wrapped again, does not repeat METADATA', () => {
    const { b, inner, log } = setup();
    b.setCurrentKey('a');
    b.getValueState(VALUE).update(1);
    expect(isPlain(b.data)).toBe(true);
    const again = new ChangelogKeyedStateBackend(inner, (c) => log.push(c), clonePlain(b.data));
    again.getValueState(VALUE).update(2);
    expect(dataOps(log)).toEqual([
      ['SET', 1],
      ['SET', 2],
    ]);
    expect(log.filter((c) => c.op === StateChangeOperation.METADATA)).toHaveLength(1);
  });

  it('a write the nested state rejects logs nothing', () => {
    const range = computeKeyGroupRangeForOperatorIndex(MAX_P, 2, 0);
    const { b, log } = setup(range);
    const l = b.getListState<number>(LIST);
    expect(() => l.add(1)).toThrow(); // no key yet
    b.setCurrentKey('a');
    expect(() => l.add(null as unknown as number)).toThrow();
    expect(() => l.addAll([1, null as unknown as number])).toThrow();
    const outside = [1, 2, 'a', 'b', '1', 100000].find(
      (k) => assignToKeyGroup(k, MAX_P) > range.endKeyGroup,
    )!;
    b.setCurrentKey(outside);
    expect(() => b.getValueState(VALUE).update(1)).toThrow();
    expect(() => b.getMapState(MAP).iterator()).toThrow();
    expect(log).toEqual([]);
  });

  it('all logged changes are plain data', () => {
    const { b, log } = setup();
    b.setCurrentKey('a');
    b.getMapState(MAP).setCurrentNamespace(w1);
    b.getMapState(MAP).putAll([['k', 1]]);
    b.getAggregatingState(AGG).add(3);
    b.getListState(LIST).mergeNamespaces(w3, [w1]);
    expect(log.every(isPlain)).toBe(true);
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it('returns one handle per state and lets the nested backend reject a kind mismatch', () => {
    const { b } = setup();
    expect(b.getListState(LIST)).toBe(b.getListState(LIST));
    expect(b.getListState(LIST).descriptor).toEqual(LIST);
    expect(() => b.getValueState(valueStateDescriptor('l'))).toThrow();
    expect(b.getRegisteredStates().map((d) => d.name)).toEqual(['l']);
  });

  it('refuses to wrap a changelog backend', () => {
    const { b } = setup();
    expect(() => new ChangelogKeyedStateBackend(b, () => {})).toThrow(
      /already a changelog backend/,
    );
  });
});
