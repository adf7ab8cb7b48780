// The runs of visible offsets (seenRuns.ts) against a plain Map of offset → count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addOffset, addOrigin, copySeen, countOf, countsOf, duplicatesIn, forEachRun, offsetsIn, originCount, seenDuplicates, seenOf, type OffsetRuns } from './seenRuns';

/** The runs' invariants: half-open, sorted, non-overlapping, counts ≥ 1, touching runs of one count merged. */
function expectWellFormed(runs: OffsetRuns): void {
  expect(runs.length % 3).toBe(0);
  for (let a = 0; a < runs.length; a += 3) {
    expect(runs[a]!).toBeLessThan(runs[a + 1]!);
    expect(runs[a + 2]!).toBeGreaterThanOrEqual(1);
    if (a + 3 < runs.length) {
      expect(runs[a + 1]!).toBeLessThanOrEqual(runs[a + 3]!);
      if (runs[a + 1] === runs[a + 3]) expect(runs[a + 2]).not.toBe(runs[a + 5]);
    }
  }
}

function expandRuns(runs: OffsetRuns): Map<number, number> {
  const m = new Map<number, number>();
  forEachRun(runs, (from, to, count) => {
    for (let o = from; o < to; o++) m.set(o, count);
  });
  return m;
}

describe('seenRuns', () => {
  it('keeps an in-order stream as one run, extended in place', () => {
    const runs: OffsetRuns = [];
    for (let o = 0; o < 1000; o++) expect(addOffset(runs, o)).toBe(1);
    expect(runs).toEqual([0, 1000, 1]);
  });

  it('splits a run when a replay makes part of it visible again, and merges the copies as they grow', () => {
    const runs: OffsetRuns = [0, 10, 1];
    expect(addOffset(runs, 4)).toBe(2);
    expect(runs).toEqual([0, 4, 1, 4, 5, 2, 5, 10, 1]);
    expect(addOffset(runs, 5)).toBe(2);
    expect(runs).toEqual([0, 4, 1, 4, 6, 2, 6, 10, 1]);
    for (let o = 6; o < 10; o++) addOffset(runs, o);
    expect(runs).toEqual([0, 4, 1, 4, 10, 2]);
    expect(addOffset(runs, 10)).toBe(1);
    expect(runs).toEqual([0, 4, 1, 4, 10, 2, 10, 11, 1]);
    expect(duplicatesIn(runs)).toBe(6);
    expect(offsetsIn(runs)).toBe(11);
  });

  it('closes a gap left by out-of-order commits into one run again', () => {
    const runs: OffsetRuns = [];
    for (const o of [0, 1, 4, 5, 2, 7, 3, 6]) addOffset(runs, o);
    expect(runs).toEqual([0, 8, 1]);
    expect(countOf(runs, 8)).toBe(0);
    expect(countOf(runs, 3)).toBe(1);
  });

  it('reads and writes by origin, per stream', () => {
    const seen = seenOf({ 'p0:g0': 1, 'p0:g1': 2, 'p1:l0': 1, 'p0:l3': 0 });
    expect(seen).toEqual({ 'p0:g': [0, 1, 1, 1, 2, 2], 'p1:l': [0, 1, 1] });
    expect(originCount(seen, 'p0:g1')).toBe(2);
    expect(originCount(seen, 'p0:l3')).toBe(0);
    expect(originCount(seen, 'nonsense')).toBe(0);
    expect(seenDuplicates(seen)).toBe(1);
    expect(countsOf(seen)).toEqual({ 'p0:g0': 1, 'p0:g1': 2, 'p1:l0': 1 });
    const copy = copySeen(seen);
    addOrigin(copy, 'p0:g1');
    expect(originCount(seen, 'p0:g1')).toBe(2);
    expect(originCount(copy, 'p0:g1')).toBe(3);
    expect(() => addOrigin(copy, 'rule:p0:g1')).toThrow(/without a source origin/);
  });

  it('agrees with a Map of counts for any order of offsets', () => {
    // Mostly ascending with replays and jumps, like a sink's commits; sometimes anything at all.
    const orders = fc.oneof(
      fc.array(fc.nat(60), { maxLength: 200 }),
      fc.array(fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: -12, max: 6 }) }), { maxLength: 300 }).map((steps) => {
        let at = 0;
        return steps.map((d) => (at = Math.max(0, at + d)));
      }),
    );
    fc.assert(
      fc.property(orders, (offsets) => {
        const runs: OffsetRuns = [];
        const model = new Map<number, number>();
        for (const o of offsets) {
          const n = (model.get(o) ?? 0) + 1;
          model.set(o, n);
          expect(addOffset(runs, o)).toBe(n);
        }
        expectWellFormed(runs);
        expect(expandRuns(runs)).toEqual(new Map([...model].sort((a, b) => a[0] - b[0])));
        for (let o = 0; o <= 70; o++) expect(countOf(runs, o)).toBe(model.get(o) ?? 0);
        expect(offsetsIn(runs)).toBe(model.size);
        expect(duplicatesIn(runs)).toBe([...model.values()].reduce((s, n) => s + n - 1, 0));
      }),
      { numRuns: 500 },
    );
  });
});
