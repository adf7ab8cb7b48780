import fc from 'fast-check';
import { uncompress } from 'snappyjs';
import { describe, expect, it } from 'vitest';
import { checkSnappyBlock, snappyCompressBlock, snappyCompressBlockTransient, snappyUncompressBlock } from './snappyBlock';

// A hand-made block: length 8, literal "abcd" (tag 0x0c), copy of 4 bytes from offset 4 (tag 0x01, 0x04).
const good = Uint8Array.of(8, 0x0c, 0x61, 0x62, 0x63, 0x64, 0x01, 0x04);

describe('raw Snappy blocks', () => {
  it('decode a hand-made block and round-trip snappyjs output', () => {
    expect(new TextDecoder().decode(snappyUncompressBlock(good, 65536))).toBe('abcdabcd');
    const text = new TextEncoder().encode('checkpoint '.repeat(500));
    expect(snappyUncompressBlock(snappyCompressBlock(text), 65536)).toEqual(text);
  });

  it('reject a copy that overruns the declared length, which snappyjs alone lets through', () => {
    const overrun = Uint8Array.of(8, 0x0c, 0x61, 0x62, 0x63, 0x64, 0x11, 0x04); // copy length 8 instead of 4
    expect(new TextDecoder().decode(uncompress(overrun))).toBe('abcdabcd'); // the silent case
    expect(() => snappyUncompressBlock(overrun, 65536)).toThrow(/overruns the declared 8 bytes/);
  });

  it('reject short output, bad offsets, cut-off elements and oversized blocks', () => {
    expect(() =>
      checkSnappyBlock(Uint8Array.of(9, 0x0c, 0x61, 0x62, 0x63, 0x64, 0x01, 0x04), 65536),
    ).toThrow(/output is 8 bytes, header says 9/);
    expect(() =>
      checkSnappyBlock(Uint8Array.of(8, 0x0c, 0x61, 0x62, 0x63, 0x64, 0x01, 0x05), 65536),
    ).toThrow(/copy offset 5 out of range/);
    expect(() => checkSnappyBlock(Uint8Array.of(8, 0x0c, 0x61, 0x62), 65536)).toThrow(
      /literal of 4 bytes overruns/,
    );
    expect(() =>
      checkSnappyBlock(Uint8Array.of(8, 0x0c, 0x61, 0x62, 0x63, 0x64, 0x02), 65536),
    ).toThrow(/copy cut off/);
    expect(() => checkSnappyBlock(Uint8Array.of(0x81, 0x80, 0x08), 65536)).toThrow(/exceeds 65536/);
    expect(() => checkSnappyBlock(Uint8Array.of(0x80), 65536)).toThrow(/varint/);
  });

  it('compresses into a reused buffer to the same bytes as compress, valid until the next call', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.uint8Array({ maxLength: 3000 }), fc.constantFrom(new Uint8Array(5000).fill(3))), { minLength: 1, maxLength: 6 }), (blocks) => {
        for (const block of blocks) expect(Array.from(snappyCompressBlockTransient(block))).toEqual(Array.from(snappyCompressBlock(block)));
      }),
    );
    const first = snappyCompressBlockTransient(new Uint8Array(100).fill(1));
    const kept = Array.from(first);
    snappyCompressBlockTransient(new Uint8Array(100).fill(2));
    expect(Array.from(first)).not.toEqual(kept);
  });
});
