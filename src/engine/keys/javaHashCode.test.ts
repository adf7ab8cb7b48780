import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  javaHashCode,
  javaIntegerHashCode,
  javaLongHashCode,
  javaStringHashCode,
  javaTypeOfKey,
} from './javaHashCode';

/** Long.hashCode computed the slow, obviously-right way with bigint. */
function referenceLongHash(v: bigint): number {
  const u = BigInt.asUintN(64, v);
  return Number(BigInt.asIntN(32, u ^ (u >> 32n)));
}

describe('Java hashCode', () => {
  it('String: known Java values, including non-BMP characters as two UTF-16 units', () => {
    expect(javaStringHashCode('')).toBe(0);
    expect(javaStringHashCode('hello')).toBe(99162322);
    expect(javaStringHashCode('user-1')).toBe(-836031825);
    // "Aa" and "BB" collide in Java, a classic.
    expect(javaStringHashCode('Aa')).toBe(javaStringHashCode('BB'));
    // U+1F600 is \uD83D\uDE00 in UTF-16: 31*0xD83D + 0xDE00.
    expect(javaStringHashCode('😀')).toBe(31 * 0xd83d + 0xde00);
    // Checked against a JVM: "the quick brown fox jumps over the lazy dog".hashCode().
    expect(javaStringHashCode('the quick brown fox jumps over the lazy dog')).toBe(-2082818701);
  });

  it('String: equals the polynomial sum of c[i]·31^(n−1−i) mod 2^32 (independent bigint reference)', () => {
    const reference = (s: string): number => {
      let h = 0n;
      for (let i = 0; i < s.length; i++) h = h * 31n + BigInt(s.charCodeAt(i));
      return Number(BigInt.asIntN(32, h));
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(javaStringHashCode(s)).toBe(reference(s));
      }),
    );
  });

  it('Long: matches (int)(v ^ (v >>> 32)) for bigints and safe-integer numbers', () => {
    // Checked against a JVM: Long.valueOf(v).hashCode().
    expect(javaLongHashCode(-1n)).toBe(0);
    expect(javaLongHashCode(-5000000000)).toBe(705032702);
    expect(javaLongHashCode(-5000000000n)).toBe(705032702);
    expect(javaLongHashCode(9007199254740991)).toBe(-2097152);
    expect(javaLongHashCode(0x1_0000_0000n)).toBe(1);
    expect(javaLongHashCode(-(2n ** 63n))).toBe(-2147483648);
    expect(javaLongHashCode(2n ** 63n - 1n)).toBe(-2147483648);
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (v) => {
        expect(javaLongHashCode(v)).toBe(referenceLongHash(v));
      }),
    );
    fc.assert(
      fc.property(fc.maxSafeInteger(), (v) => {
        expect(javaLongHashCode(v)).toBe(referenceLongHash(BigInt(v)));
      }),
    );
  });

  it('numbers in int32 range are Integers, beyond it Longs; bigints are always Longs', () => {
    expect(javaTypeOfKey('x')).toBe('String');
    expect(javaTypeOfKey(-1)).toBe('Integer');
    expect(javaTypeOfKey(2147483647)).toBe('Integer');
    expect(javaTypeOfKey(2147483648)).toBe('Long');
    expect(javaTypeOfKey(-2147483649)).toBe('Long');
    expect(javaTypeOfKey(5n)).toBe('Long');
    expect(javaHashCode(-1)).toBe(-1);
    expect(javaHashCode(-1n)).toBe(0);
    expect(javaHashCode(2147483648)).toBe(referenceLongHash(2147483648n));
    expect(javaHashCode(-0)).toBe(0);
    fc.assert(
      fc.property(fc.integer(), (v) => {
        expect(javaHashCode(v)).toBe(javaIntegerHashCode(v));
      }),
    );
  });

  it('rejects keys that have no exact Java Integer/Long twin, naming the value', () => {
    expect(() => javaHashCode(1.5)).toThrow(/safe integer.*got 1.5/);
    expect(() => javaHashCode(Number.NaN)).toThrow(/got NaN/);
    expect(() => javaHashCode(2 ** 53)).toThrow(/got 9007199254740992/);
    expect(() => javaHashCode(2n ** 63n)).toThrow(/64 bits.*got 9223372036854775808/);
    expect(() => javaIntegerHashCode(2 ** 31)).toThrow(/int32, got 2147483648/);
    expect(() => javaTypeOfKey(0.1)).toThrow(/got 0.1/);
  });
});
