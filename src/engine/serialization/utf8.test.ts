import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeUtf8Into, utf8ByteLength } from './utf8';

const encode = (s: string): Uint8Array => {
  const b = new Uint8Array(utf8ByteLength(s));
  expect(encodeUtf8Into(s, b, 0)).toBe(b.length);
  return b;
};
/** Any sequence of UTF-16 code units, lone surrogates included. */
const anyUtf16 = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff })), {
    maxLength: 40,
  })
  .map((units) => String.fromCharCode(...units));

describe('string bytes', () => {
  it('are standard UTF-8 for well-formed strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(encode(s)).toEqual(new TextEncoder().encode(s));
      }),
    );
  });

  it('round-trip every UTF-16 string exactly, lone surrogates included', () => {
    fc.assert(
      fc.property(anyUtf16, (s) => {
        const b = encode(s);
        expect(decodeUtf8(b, 0, b.length)).toBe(s);
      }),
      { numRuns: 500 },
    );
    const long = 'ab\u00e9\u4e2d😀\ud800'.repeat(3000);
    const b = encode(long);
    expect(decodeUtf8(b, 0, b.length)).toBe(long);
  });

  it('are canonical: equal bytes iff equal strings', () => {
    fc.assert(
      fc.property(anyUtf16, anyUtf16, (a, b) => {
        expect(Buffer.from(encode(a)).equals(Buffer.from(encode(b)))).toBe(a === b);
      }),
    );
  });

  it('reject malformed bytes, naming the offset', () => {
    const bad: Array<[number[], RegExp]> = [
      [[0x41, 0xc0, 0x80], /offset 1: invalid leading byte 0xc0/],
      [[0xe0, 0x80, 0x80], /offset 0: overlong/],
      [[0xf0, 0x80, 0x80, 0x80], /offset 0: code point out of range/],
      [[0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80], /offset 3: surrogate pair split/],
      [[0xe4, 0xb8], /offset 0: sequence cut off/],
      [[0xe4, 0x41, 0x80], /offset 1: expected a continuation byte/],
      [[0xff], /invalid leading byte 0xff/],
    ];
    for (const [bytes, message] of bad) {
      expect(() => decodeUtf8(Uint8Array.from(bytes), 0, bytes.length)).toThrow(message);
    }
  });
});
