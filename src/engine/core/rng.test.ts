import { describe, expect, it } from 'vitest';
import { createRng, nextFloat, nextInt, nextUint32 } from './rng';

describe('seeded rng', () => {
  it('gives the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 100 }, () => nextUint32(a));
    const ys = Array.from({ length: 100 }, () => nextUint32(b));
    expect(xs).toEqual(ys);
  });

  it('gives different sequences for different seeds', () => {
    const a = createRng(1);
    const b = createRng(2);
    expect(Array.from({ length: 8 }, () => nextUint32(a))).not.toEqual(Array.from({ length: 8 }, () => nextUint32(b)));
  });

  it('continues the same sequence from a copied state', () => {
    const a = createRng(9);
    for (let i = 0; i < 10; i++) nextUint32(a);
    const copy = JSON.parse(JSON.stringify(a));
    expect(Array.from({ length: 20 }, () => nextUint32(copy))).toEqual(Array.from({ length: 20 }, () => nextUint32(a)));
  });

  it('stays in range and is roughly uniform', () => {
    const r = createRng(3);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const f = nextFloat(r);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      buckets[nextInt(r, 10)]++;
    }
    for (const b of buckets) expect(b).toBeGreaterThan(850);
    expect(() => nextInt(r, 0)).toThrow(RangeError);
  });
});
