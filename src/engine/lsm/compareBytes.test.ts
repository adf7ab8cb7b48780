import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesEqual,
  compareBytes,
  compareBytesAt,
  formatKey,
  prefixSuccessor,
} from './compareBytes';

const bytes = fc.uint8Array({ maxLength: 6 });
const reference = (a: Uint8Array, b: Uint8Array): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++)
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return Math.sign(a.length - b.length);
};

describe('byte ordering', () => {
  it('orders keys as unsigned bytes, shorter prefix first (RocksDB BytewiseComparator)', () => {
    expect(compareBytes(new Uint8Array([0x7f]), new Uint8Array([0x80]))).toBeLessThan(0);
    expect(compareBytes(new Uint8Array([0xff]), new Uint8Array([0x00, 0x00]))).toBeGreaterThan(0);
    expect(compareBytes(new Uint8Array([1]), new Uint8Array([1, 0]))).toBeLessThan(0);
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(Math.sign(compareBytes(a, b))).toBe(reference(a, b));
        expect(bytesEqual(a, b)).toBe(reference(a, b) === 0);
        const buf = new Uint8Array([9, ...a, 9]);
        expect(Math.sign(compareBytesAt(buf, 1, a.length, b))).toBe(reference(a, b));
      }),
    );
  });

  it('bounds a prefix scan: every key with the prefix is below the successor, no other key in between', () => {
    expect(prefixSuccessor(new Uint8Array([1, 0xff]))).toEqual(new Uint8Array([2]));
    expect(prefixSuccessor(new Uint8Array([0xff, 0xff]))).toBeNull();
    expect(prefixSuccessor(new Uint8Array([]))).toBeNull();
    fc.assert(
      fc.property(bytes, bytes, (prefix, key) => {
        const succ = prefixSuccessor(prefix);
        const hasPrefix =
          key.length >= prefix.length && bytesEqual(key.subarray(0, prefix.length), prefix);
        const inRange =
          compareBytes(key, prefix) >= 0 && (succ === null || compareBytes(key, succ) < 0);
        expect(inRange).toBe(hasPrefix);
      }),
    );
  });

  it('formats keys readably for messages', () => {
    expect(formatKey(new TextEncoder().encode('user-7'))).toBe('user-7');
    expect(formatKey(new Uint8Array([0, 0x41, 0xff]))).toBe('\\x00A\\xff');
    expect(formatKey(new Uint8Array(40).fill(0x61), 4)).toBe('aaaa…(40 bytes)');
  });
});
