import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignKeyToParallelOperator,
  assignToKeyGroup,
  computeDefaultMaxParallelism,
  computeKeyGroupForKeyHash,
  computeKeyGroupRangeForOperatorIndex,
  computeOperatorIndexForKeyGroup,
  roundUpToPowerOfTwo,
  UPPER_BOUND_MAX_PARALLELISM,
} from './keyGroups';
import { keyGroupRangeContains, keyGroupRangeSize } from './keyGroupRange';

/** (maxParallelism, parallelism) with 1 ≤ p ≤ maxP ≤ 32768, biased towards small values. */
const maxAndP = fc
  .oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: UPPER_BOUND_MAX_PARALLELISM }))
  .chain((maxP) =>
    fc.tuple(
      fc.constant(maxP),
      fc.oneof(fc.integer({ min: 1, max: Math.min(maxP, 64) }), fc.integer({ min: 1, max: maxP })),
    ),
  );

describe('key-group ranges', () => {
  it('the ranges of all operator indexes partition [0, maxParallelism) in order', () => {
    fc.assert(
      fc.property(maxAndP, ([maxP, p]) => {
        // Plain checks in the loop (p can be 32768); one assertion per run keeps this fast.
        const lo = Math.floor(maxP / p);
        const hi = Math.ceil(maxP / p);
        let next = 0;
        for (let i = 0; i < p; i++) {
          const r = computeKeyGroupRangeForOperatorIndex(maxP, p, i);
          const size = keyGroupRangeSize(r);
          // Contiguous, non-empty, and even: Flink's sizes differ by at most one.
          if (r.startKeyGroup !== next || size < lo || size > hi || size < 1) return false;
          next = r.endKeyGroup + 1;
        }
        return next === maxP;
      }),
      { numRuns: 300 },
    );
  });

  it('computeOperatorIndexForKeyGroup agrees with the ranges', () => {
    fc.assert(
      fc.property(maxAndP, fc.nat(), ([maxP, p], seed) => {
        const kg = seed % maxP;
        const op = computeOperatorIndexForKeyGroup(maxP, p, kg);
        expect(keyGroupRangeContains(computeKeyGroupRangeForOperatorIndex(maxP, p, op), kg)).toBe(
          true,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('every key group of a small job lands in the range of the operator it is routed to', () => {
    for (const [maxP, p] of [
      [128, 3],
      [10, 3],
      [7, 7],
      [1, 1],
      [200, 13],
    ] as const) {
      for (let kg = 0; kg < maxP; kg++) {
        const op = computeOperatorIndexForKeyGroup(maxP, p, kg);
        expect(keyGroupRangeContains(computeKeyGroupRangeForOperatorIndex(maxP, p, op), kg)).toBe(
          true,
        );
      }
    }
  });
});

describe('key assignment', () => {
  it('keys always land in [0, maxParallelism) and routing is consistent with the key group', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger()),
        maxAndP,
        (key, [maxP, p]) => {
          const kg = assignToKeyGroup(key, maxP);
          expect(kg).toBeGreaterThanOrEqual(0);
          expect(kg).toBeLessThan(maxP);
          expect(assignKeyToParallelOperator(key, maxP, p)).toBe(
            computeOperatorIndexForKeyGroup(maxP, p, kg),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('spreads sequential keys roughly evenly over key groups', () => {
    const counts = new Array<number>(128).fill(0);
    for (let i = 0; i < 12_800; i++) counts[assignToKeyGroup(`user-${i}`, 128)]!++;
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(150);
  });

  it('computeKeyGroupForKeyHash handles the int32 extremes', () => {
    for (const h of [-2147483648, 2147483647, -1, 0]) {
      const kg = computeKeyGroupForKeyHash(h, 32768);
      expect(kg).toBeGreaterThanOrEqual(0);
      expect(kg).toBeLessThan(32768);
    }
  });
});

describe('computeDefaultMaxParallelism and roundUpToPowerOfTwo', () => {
  it('rounds up to powers of two like MathUtils', () => {
    expect([1, 2, 3, 5, 64, 65, 1000, 1 << 20].map(roundUpToPowerOfTwo)).toEqual([
      1,
      2,
      4,
      8,
      64,
      128,
      1024,
      1 << 20,
    ]);
  });

  it('is a power of two in [128, 32768] that leaves 1.5x headroom when possible', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: UPPER_BOUND_MAX_PARALLELISM }), (p) => {
        const m = computeDefaultMaxParallelism(p);
        expect(m & (m - 1)).toBe(0);
        expect(m).toBeGreaterThanOrEqual(128);
        expect(m).toBeLessThanOrEqual(32768);
        expect(m >= p + Math.floor(p / 2) || m === 32768).toBe(true);
      }),
    );
  });
});

describe('argument checks name the argument and the value', () => {
  it.each([
    [() => computeKeyGroupRangeForOperatorIndex(128, 0, 0), /parallelism .*got 0/],
    [() => computeKeyGroupRangeForOperatorIndex(128, -3, 0), /parallelism .*got -3/],
    [() => computeKeyGroupRangeForOperatorIndex(0, 1, 0), /maxParallelism .*got 0/],
    [() => computeKeyGroupRangeForOperatorIndex(32769, 1, 0), /maxParallelism .*got 32769/],
    [
      () => computeKeyGroupRangeForOperatorIndex(4, 8, 0),
      /parallelism \(8\) must not exceed maxParallelism \(4\)/,
    ],
    [() => computeKeyGroupRangeForOperatorIndex(128, 4, 4), /operatorIndex .*got 4/],
    [() => computeKeyGroupRangeForOperatorIndex(128, 4, -1), /operatorIndex .*got -1/],
    [() => computeKeyGroupRangeForOperatorIndex(128, 4, 1.5), /operatorIndex .*got 1.5/],
    [() => computeOperatorIndexForKeyGroup(128, 4, 128), /keyGroupId .*got 128/],
    [
      () => computeOperatorIndexForKeyGroup(128, 200, 1),
      /parallelism \(200\) must not exceed maxParallelism \(128\)/,
    ],
    [() => computeKeyGroupForKeyHash(1, 0), /maxParallelism .*got 0/],
    [() => computeKeyGroupForKeyHash(2 ** 31, 128), /keyHash must be an int32, got 2147483648/],
    [() => assignToKeyGroup('a', 40000), /maxParallelism .*got 40000/],
    [() => assignToKeyGroup(1.5, 128), /safe integer.*got 1.5/],
    [() => assignKeyToParallelOperator('a', 128, 0), /parallelism .*got 0/],
    [() => computeDefaultMaxParallelism(0), /operatorParallelism .*got 0/],
    [() => computeDefaultMaxParallelism(32769), /operatorParallelism .*got 32769/],
  ])('%#', (call, message) => {
    expect(call).toThrow(message);
  });
});
