import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32c, maskCrc32c, unmaskCrc32c } from './crc32c';

/** Bit-at-a-time CRC-32C: slow, obviously right, independent of the tables. */
function referenceCrc32c(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('CRC-32C', () => {
  it('gives the standard check value: "123456789" → 0xE3069283', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
  });

  it('matches java.util.zip.CRC32C on a 1000-byte pattern and the empty input', () => {
    // Expected value computed with a JVM over bytes (i*7+3) & 0xff.
    const b = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7 + 3) & 0xff);
    expect(crc32c(b)).toBe(0xdd2edff7);
    expect(crc32c(new Uint8Array(0))).toBe(0);
  });

  it('equals a bit-at-a-time reference for any bytes and any sub-range', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (bytes, x, y) => {
        const s = bytes.length ? x % bytes.length : 0;
        const e = s + (bytes.length - s ? y % (bytes.length - s + 1) : 0);
        expect(crc32c(bytes, s, e)).toBe(referenceCrc32c(bytes.subarray(s, e)));
      }),
      { numRuns: 500 },
    );
  });

  it('masks like SnappyFramed.mask, and unmasking inverts it', () => {
    // mask(0) = rotr15(0) + 0xa282ead8; mask(0xe3069283) worked by hand: rotr15 = 0x2507c60d.
    expect(maskCrc32c(0)).toBe(0xa282ead8);
    expect(maskCrc32c(0xe3069283)).toBe((0x2507c60d + 0xa282ead8) >>> 0);
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (c) => {
        expect(unmaskCrc32c(maskCrc32c(c))).toBe(c);
      }),
    );
  });
});
