import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain, digestPlain, type Plain } from '../core/plainData';
import { lsmInvariantViolations, type LsmConfig } from '../lsm';
import { namespaceId } from '../state/namespaces';
import { ReferenceKeyedStateBackend } from '../state/referenceModel';
import { DEFAULT_STATE_OPS_UNIVERSE, observeKeyedState, runAgainstReference, runStateOps, stateOpsArbitrary } from '../state/stateOps';
import { compareStateKeys } from '../state/stateKeyIds';
import { RocksDbKeyedStateBackend } from './rocksDbKeyedStateBackend';
import { rocksDbStateEntries, rocksDbStoredEntries } from './rocksDbStateEntries';

const MAX_P = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };

/** An LSM so small that a few writes seal memtables, fill L0 and cascade compactions. */
const TINY_LSM: Partial<LsmConfig> = {
  writeBufferBytes: 96,
  blockSizeBytes: 48,
  level0FileNumCompactionTrigger: 2,
  maxBytesForLevelBase: 300,
  maxBytesForLevelMultiplier: 2,
  targetFileSizeBase: 120,
  numLevels: 4,
};

/** What the simulation may do between two state operations. */
type Background = 'none' | 'flushOldest' | 'flushAll' | 'compactions' | 'compactFiles';
const backgroundArb = fc.array(
  fc.record({
    work: fc.constantFrom<Background>('none', 'none', 'flushOldest', 'flushAll', 'compactions', 'compactFiles'),
    pick: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  }),
  { minLength: 100, maxLength: 100 },
);

/** Runs one step of background work the way the simulation schedules it. */
function runBackground(b: RocksDbKeyedStateBackend, step: { work: Background; pick: boolean[] }): void {
  b.takeWriteEffects();
  switch (step.work) {
    case 'none':
      return;
    case 'flushOldest':
      if (b.needsFlush()) b.flushOldest();
      return;
    case 'flushAll':
      b.flushAll();
      return;
    case 'compactions':
      for (let i = 0, plan = b.pendingCompaction(); plan !== null && i < 20; i++, plan = b.pendingCompaction()) b.runCompaction(plan);
      return;
    case 'compactFiles': {
      // A random subset of one column family's live files; the LSM refuses unsafe selections.
      const files = b.liveSstFiles();
      const cf = files[0]?.cfName;
      const chosen = files.filter((f, i) => f.cfName === cf && step.pick[i % step.pick.length]).map((f) => f.fileNumber);
      if (chosen.length === 0) return;
      try {
        b.compactFiles(chosen);
      } catch (e) {
        expect((e as Error).message).toMatch(/is unsafe/);
      }
      return;
    }
  }
}

type Observed = [string, string | number, string, Plain];

/** Observations in one canonical order (by key with its type, namespace id, kind). */
function canonical(o: readonly Observed[]): Observed[] {
  const sortKey = (x: Observed) => JSON.stringify([typeof x[1], x[1], x[2], x[0]]);
  return [...o].sort((x, y) => (sortKey(x) < sortKey(y) ? -1 : sortKey(x) > sortKey(y) ? 1 : 0));
}

/** The stored entries in the shape of `observeKeyedState`: [kind, key, namespace id, value], map entries sorted by user key. */
function storedAsObservation(b: RocksDbKeyedStateBackend): Observed[] {
  return canonical(
    rocksDbStoredEntries(b.data).map((e): Observed => [
      e.kind,
      e.key,
      namespaceId(e.namespace),
      e.kind === 'map' ? [...(e.stored as Array<[string | number, Plain]>)].sort((x, y) => compareStateKeys(x[0], y[0])) : e.stored,
    ]),
  );
}

describe('RocksDbKeyedStateBackend agrees with the reference model', () => {
  it('on random operation sequences (full key-group range, teaching LSM)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { actual, expected } = runAgainstReference(RocksDbKeyedStateBackend.create(MAX_P, FULL), ops);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('when some keys belong to other subtasks (errors included)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { actual, expected } = runAgainstReference(RocksDbKeyedStateBackend.forOperatorIndex(MAX_P, 2, 1), ops);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('with flushes, automatic compactions and compactFiles of random live files interleaved', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(undefined, { maxLength: 100 }), backgroundArb, (ops, schedule) => {
        const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, TINY_LSM);
        const { actual, expected } = runAgainstReference(b, ops, DEFAULT_STATE_OPS_UNIVERSE, (i) => runBackground(b, schedule[i % schedule.length]!));
        expect(actual).toEqual(expected);
        expect(lsmInvariantViolations(b.data.db)).toEqual([]);
        // What the views list is exactly what the API observes.
        expect(storedAsObservation(b)).toEqual(canonical(expected.final as Observed[]));
      }),
      { numRuns: 200 },
    );
  });

  it('lists exactly the stored state, in the heap listing\'s shape, ordered by key group within each state', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, TINY_LSM);
        runStateOps(b, ops, DEFAULT_STATE_OPS_UNIVERSE, () => {
          if (b.needsFlush()) b.flushOldest();
        });
        const ref = new ReferenceKeyedStateBackend(MAX_P);
        runStateOps(ref, ops);
        expect(storedAsObservation(b)).toEqual(canonical(observeKeyedState(ref) as Observed[]));
        const entries = rocksDbStateEntries(b.data);
        for (const state of new Set(entries.map((e) => e.state))) {
          const kgs = entries.filter((e) => e.state === state).map((e) => e.keyGroup);
          expect(kgs).toEqual([...kgs].sort((x, y) => x - y));
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('RocksDbKeyedStateBackend is plain data', () => {
  it('a clonePlain copy of its data, wrapped again, behaves identically (LSM, effects and digest included)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), stateOpsArbitrary(), backgroundArb, (before, after, schedule) => {
        const original = RocksDbKeyedStateBackend.create(MAX_P, FULL, TINY_LSM);
        runStateOps(original, before, DEFAULT_STATE_OPS_UNIVERSE, (i) => {
          if (i % 7 === 6) runBackground(original, schedule[i % schedule.length]!);
        });
        expect(isPlain(original.data as unknown as Plain)).toBe(true);
        const copy = new RocksDbKeyedStateBackend(clonePlain(original.data));
        expect(digestPlain(copy.data)).toBe(digestPlain(original.data));
        const go = (b: RocksDbKeyedStateBackend) =>
          runStateOps(b, after, DEFAULT_STATE_OPS_UNIVERSE, (i) => runBackground(b, schedule[i % schedule.length]!));
        expect(go(copy)).toEqual(go(original));
        expect(digestPlain(copy.data)).toBe(digestPlain(original.data));
      }),
      { numRuns: 60 },
    );
  });
});

/** True if a value is plain data: no class instances, Maps, Sets or functions. */
function isPlain(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (v instanceof Uint8Array) return true;
  if (Array.isArray(v)) return v.every(isPlain);
  if (typeof v === 'object') return Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(isPlain);
  return false;
}
