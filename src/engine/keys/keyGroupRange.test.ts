import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_KEY_GROUP_RANGE,
  formatKeyGroupRange,
  isEmptyKeyGroupRange,
  keyGroupRange,
  keyGroupRangeContains,
  keyGroupRangeEquals,
  keyGroupRangeIds,
  keyGroupRangeIntersection,
  keyGroupRangeOf,
  keyGroupRangeSize,
} from './keyGroupRange';

const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -1, max: 300 }))
  .map(([s, len]) => keyGroupRangeOf(s, s + len));

describe('KeyGroupRange helpers', () => {
  it('size, ids and contains describe the same set', () => {
    fc.assert(
      fc.property(rangeArb, fc.integer({ min: -5, max: 700 }), (r, kg) => {
        const ids = keyGroupRangeIds(r);
        expect(ids).toHaveLength(keyGroupRangeSize(r));
        expect(keyGroupRangeContains(r, kg)).toBe(ids.includes(kg));
        expect(isEmptyKeyGroupRange(r)).toBe(ids.length === 0);
      }),
    );
  });

  it('intersection contains exactly the key groups in both ranges', () => {
    fc.assert(
      fc.property(rangeArb, rangeArb, (a, b) => {
        const both = keyGroupRangeIds(a).filter((kg) => keyGroupRangeContains(b, kg));
        const i = keyGroupRangeIntersection(a, b);
        expect(keyGroupRangeIds(i)).toEqual(both);
        if (both.length === 0) expect(i).toEqual(EMPTY_KEY_GROUP_RANGE);
      }),
    );
  });

  it("has Flink's empty range and rejects malformed ranges", () => {
    expect(keyGroupRangeSize(EMPTY_KEY_GROUP_RANGE)).toBe(0);
    expect(keyGroupRangeOf(5, 4)).toEqual({ startKeyGroup: 0, endKeyGroup: -1 });
    expect(keyGroupRangeEquals(keyGroupRangeOf(9, 2), EMPTY_KEY_GROUP_RANGE)).toBe(true);
    expect(keyGroupRangeEquals(keyGroupRange(1, 2), keyGroupRange(1, 3))).toBe(false);
    expect(formatKeyGroupRange(keyGroupRange(0, 42))).toBe('[0, 42]');
    expect(() => keyGroupRange(-1, 3)).toThrow(/startKeyGroup.*got -1/);
    expect(() => keyGroupRange(4, 3)).toThrow(/endKeyGroup.*\(4\), got 3/);
  });
});
