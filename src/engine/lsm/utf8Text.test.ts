import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter, ByteReader, utf8Decode, utf8Encode } from './byteBuffer';
import { isWellFormedUtf16 } from '../serialization/utf8';

describe('UTF-8 of column family names and OPTIONS text', () => {
  it('encodes every string to the bytes TextEncoder gives, lone surrogates included (as U+FFFD)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const expected = Array.from(new TextEncoder().encode(s));
        expect(Array.from(utf8Encode(s))).toEqual(expected);
        const w = new ByteWriter(4);
        w.string(s);
        expect(Array.from(w.finish())).toEqual([...lengthPrefix(expected.length), ...expected]);
      }),
    );
    expect(Array.from(utf8Encode('cf\ud800'))).toEqual([0x63, 0x66, 0xef, 0xbf, 0xbd]);
  });

  it('decodes bytes as TextDecoder does, damaged ones as U+FFFD', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }).map((s) => new TextEncoder().encode(s)), fc.string().map((s) => new TextEncoder().encode(`\ufeff${s}`)), fc.uint8Array({ maxLength: 40 })), (bytes) => {
        expect(utf8Decode(bytes)).toBe(new TextDecoder().decode(bytes));
      }),
    );
    for (const bytes of [Uint8Array.of(0xef, 0xbb, 0xbf, 0x61), Uint8Array.of(0xef, 0xbb, 0xbf), Uint8Array.of(0xed, 0xa0, 0x80)]) expect(utf8Decode(bytes)).toBe(new TextDecoder().decode(bytes));
    const w = new ByteWriter(4);
    w.string('count-state ✓');
    expect(new ByteReader(w.finish(), 'OPTIONS').string()).toBe('count-state ✓');
  });

  it('tells a string with a lone surrogate from a well-formed one', () => {
    expect(isWellFormedUtf16('a\u{1F600}b')).toBe(true);
    expect(isWellFormedUtf16('a\ud83d')).toBe(false);
    expect(isWellFormedUtf16('\ude00a')).toBe(false);
    expect(isWellFormedUtf16('')).toBe(true);
  });
});

/** LEB128 of `n`, as ByteWriter.varint writes it. */
function lengthPrefix(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return out;
}
