import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clonePlain } from '../core/plainData';
import { entriesOfBuckets } from './copyOnWriteStateMap';
import {
  createCopyOnWriteStateTable,
  releaseStateTableSnapshot,
  snapshotStateTable,
  type StateTableSnapshot,
} from './copyOnWriteStateTable';
import { HeapKeyedStateBackend, type HeapKeyedStateBackendSnapshot } from './heapKeyedStateBackend';
import { timeWindow } from './namespaces';
import {
  aggregatingStateDescriptor,
  listStateDescriptor,
  mapStateDescriptor,
  valueStateDescriptor,
} from './stateDescriptor';
import {
  DEFAULT_STATE_OPS_UNIVERSE,
  runAgainstReference,
  runStateOps,
  stateOpsArbitrary,
  type StateOpsUniverse,
} from './stateOps';

const MAX_P = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };
const fresh = () => HeapKeyedStateBackend.create(MAX_P, FULL);

/** All entries of a state's snapshot, walking every key group's bucket chains. */
const entriesIn = (s: StateTableSnapshot) =>
  s.keyGroups.flatMap((kg) => entriesOfBuckets(kg.buckets));

/** What happens after each step: mostly nothing, sometimes a snapshot or a release. */
type Action = 'none' | 'snapshot' | 'releaseOldest' | 'releaseNewest';
const actions = fc.array(
  fc.constantFrom<Action>(
    'none',
    'none',
    'none',
    'none',
    'snapshot',
    'releaseOldest',
    'releaseNewest',
  ),
  {
    minLength: 1,
    maxLength: 50,
  },
);

describe('CopyOnWriteStateTable: snapshots while processing goes on', () => {
  // Few key groups put many entries in one map: long chains, chain-prefix copies and rehashes
  // (4 → 8 → 16 … buckets) happen while snapshots are held.
  const crowded: StateOpsUniverse = {
    ...DEFAULT_STATE_OPS_UNIVERSE,
    keys: [...Array.from({ length: 24 }, (_, i) => i), 'a', 'b', 'c', '1', '7', -3, 100000],
  };
  const configs: Array<[string, number, StateOpsUniverse]> = [
    ['128 key groups', 128, DEFAULT_STATE_OPS_UNIVERSE],
    ['2 key groups, many keys', 2, crowded],
    ['1 key group, many keys', 1, crowded],
  ];
  for (const [label, maxP, universe] of configs) {
    it(`a snapshot taken at step i keeps exactly the state of step i while writes, clears, appends, puts and merges go on (${label})`, () => {
      const range = { startKeyGroup: 0, endKeyGroup: maxP - 1 };
      fc.assert(
        fc.property(stateOpsArbitrary(universe, { maxLength: 120 }), actions, (ops, plan) => {
          const backend = HeapKeyedStateBackend.create(maxP, range);
          const held: Array<{
            snap: HeapKeyedStateBackendSnapshot;
            atStep: number;
            frozen: unknown;
          }> = [];
          const { actual, expected } = runAgainstReference(backend, ops, universe, (i) => {
            const action = plan[i % plan.length]!;
            if (action === 'snapshot') {
              const snap = backend.snapshot();
              held.push({ snap, atStep: i, frozen: clonePlain(snap) });
            } else if (held.length > 0 && action !== 'none') {
              const [h] = held.splice(action === 'releaseOldest' ? 0 : held.length - 1, 1);
              backend.releaseSnapshot(h!.snap);
            }
          });
          // Copy-on-write never changes what the live state means...
          expect(actual).toEqual(expected);
          for (const h of held) {
            // ...every snapshot still held is unchanged, chains and version stamps included,
            expect(h.snap).toEqual(h.frozen);
            // and restores to exactly the state that the first i+1 operations produce.
            const restored = HeapKeyedStateBackend.restore(maxP, range, [h.snap]);
            const prefix = HeapKeyedStateBackend.create(maxP, range);
            expect(runStateOps(restored, [], universe).final).toEqual(
              runStateOps(prefix, ops.slice(0, h.atStep + 1), universe).final,
            );
          }
        }),
        { numRuns: maxP === 128 ? 200 : 150 },
      );
    });
  }

  it('copies each shared entry once per snapshot, copies mutable states (lists) too, and stops copying after release', () => {
    const b = fresh();
    const v = b.getValueState<number>(valueStateDescriptor('v'));
    const l = b.getListState<number>(listStateDescriptor('l'));
    for (let k = 0; k < 100; k++) {
      b.setCurrentKey(k);
      v.update(k);
    }
    b.setCurrentKey('list-owner');
    l.addAll([1, 2]);
    const snap = b.snapshot();

    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < 100; k++) {
        b.setCurrentKey(k);
        v.update(k + 1000);
      }
    }
    // 100 entries copied once each; numbers are immutable, so no state object was copied.
    expect(b.copyCounts()).toEqual({ copiedEntries: 100, copiedStates: 0 });

    b.setCurrentKey('list-owner');
    l.add(3);
    l.add(4);
    expect(b.copyCounts()).toEqual({ copiedEntries: 101, copiedStates: 1 });
    expect(l.get()).toEqual([1, 2, 3, 4]);
    const listInSnapshot = entriesIn(snap.states[1]!).find((e) => e.key === 'list-owner')!;
    expect(listInSnapshot.state).toEqual([1, 2]);

    b.releaseSnapshot(snap);
    b.setCurrentKey('list-owner');
    l.add(5);
    for (let k = 0; k < 100; k++) {
      b.setCurrentKey(k);
      v.update(k);
    }
    expect(b.copyCounts()).toEqual({ copiedEntries: 101, copiedStates: 1 });
  });

  it('reads copy too, as in Flink (the caller could change the object it gets), but only once per snapshot', () => {
    const b = fresh();
    const m = b.getMapState<string, number>(mapStateDescriptor('m'));
    b.setCurrentKey('k');
    m.put('a', 1);
    const snap = b.snapshot();
    expect(m.contains('a')).toBe(true); // contains reads the user map, so it copies as well
    expect(b.copyCounts()).toEqual({ copiedEntries: 1, copiedStates: 1 });
    m.put('b', 2); // already private: no further copy
    expect(b.copyCounts()).toEqual({ copiedEntries: 1, copiedStates: 1 });
    expect(entriesIn(snap.states[0]!)[0]!.state).toEqual({ sa: 1 });
  });

  it('protects in-place accumulator updates and merges of window namespaces', () => {
    const b = fresh();
    const a = b.getAggregatingState<number, { sum: number; count: number }, number>(
      aggregatingStateDescriptor('avg', 'average'),
    );
    b.setCurrentKey('k');
    const w1 = timeWindow(0, 10);
    const w2 = timeWindow(10, 20);
    a.setCurrentNamespace(w1);
    a.add(2);
    a.setCurrentNamespace(w2);
    a.add(4);
    const snap = b.snapshot();
    const frozen = clonePlain(snap);
    a.add(6); // average.add mutates its accumulator: it must get a private copy
    a.mergeNamespaces(w1, [w2]);
    a.setCurrentNamespace(w1);
    expect(a.getInternal()).toEqual({ sum: 12, count: 3 });
    expect(snap).toEqual(frozen);
  });

  it('with overlapping snapshots, releasing the older keeps protecting the newer', () => {
    const b = fresh();
    const l = b.getListState<number>(listStateDescriptor('l'));
    b.setCurrentKey('k');
    l.add(1);
    const s1 = b.snapshot();
    l.add(2);
    const s2 = b.snapshot();
    b.releaseSnapshot(s1);
    l.add(3);
    expect(entriesIn(s2.states[0]!)[0]!.state).toEqual([1, 2]);
    const before = b.copyCounts();
    b.releaseSnapshot(s2);
    l.add(4);
    expect(b.copyCounts()).toEqual(before);
    expect(l.get()).toEqual([1, 2, 3, 4]);
  });

  it('versions: a snapshot bumps the version; releasing twice is a no-op; a foreign snapshot is rejected', () => {
    const t = createCopyOnWriteStateTable(valueStateDescriptor('a'), FULL);
    const other = createCopyOnWriteStateTable(valueStateDescriptor('b'), FULL);
    const s1 = snapshotStateTable(t);
    const s2 = snapshotStateTable(t);
    expect([s1.snapshotVersion, s2.snapshotVersion, t.highestRequiredSnapshotVersion]).toEqual([
      1, 2, 2,
    ]);
    releaseStateTableSnapshot(t, s2);
    expect(t.highestRequiredSnapshotVersion).toBe(1);
    releaseStateTableSnapshot(t, s2);
    expect(t.snapshotVersions).toEqual([1]);
    expect(() => releaseStateTableSnapshot(other, s1)).toThrow(
      /snapshot of state 'a' is not owned by state 'b'/,
    );
    releaseStateTableSnapshot(t, s1);
    expect(t.highestRequiredSnapshotVersion).toBe(0);
    expect(() =>
      createCopyOnWriteStateTable(valueStateDescriptor('c'), { startKeyGroup: 5, endKeyGroup: 4 }),
    ).toThrow(/must not be empty, got \[5, 4\]/);
  });
});
