import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from './compareBytes';
import { blockCount, blockLastKey, blockOffset, blockSize, compareBlockLastKey, packBlockIndex } from './sstBlockIndex';
import { encodeSst } from './sstBuilder';
import { sstFileFromParts } from './sstFile';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("an SST's block index packed into one byte array", () => {
  it('reads back every block’s offset, size and last key', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uint8Array({ maxLength: 12 }), fc.nat(), fc.nat()), { maxLength: 40 }), (blocks) => {
        const tailKeys = [b('smallest'), b('largest')];
        const { index, tail } = packBlockIndex(blocks.map(([k]) => k), blocks.map(([, o]) => o), blocks.map(([, , s]) => s), tailKeys);
        expect(tail).toEqual(tailKeys);
        expect(tail.every((k) => k.buffer === index.buffer)).toBe(true);
        expect(blockCount(index)).toBe(blocks.length);
        blocks.forEach(([key, offset, size], i) => {
          expect(blockOffset(index, i)).toBe(offset);
          expect(blockSize(index, i)).toBe(size);
          expect(Array.from(blockLastKey(index, i))).toEqual(Array.from(key));
          for (const other of [key, b('m'), new Uint8Array()]) expect(Math.sign(compareBlockLastKey(index, i, other))).toBe(Math.sign(compareBytes(key, other)));
        });
      }),
    );
  });

  it('refuses an offset or size that does not fit in 32 bits, and lists of different lengths', () => {
    expect(() => packBlockIndex([b('a')], [2 ** 32], [1])).toThrow(/does not fit in 32 bits/);
    expect(() => packBlockIndex([b('a')], [0, 1], [1])).toThrow(/1 last keys, 2 offsets, 1 sizes/);
  });

  it('is what a written file keeps: its blocks end at their last keys, the last one at the largest key', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ key: b(`key-${String(i).padStart(2, '0')}`), value: b(`v${i}`), seq: i + 1 }));
    const enc = encodeSst(entries, 4, 0, 64);
    const file = sstFileFromParts(enc.bytes, enc.footer, enc.blocks, enc.checksum, 0, { origin: 'flush', inputs: [], lineage: null }, enc.data);
    expect(blockCount(file.blockIndex)).toBe(enc.blocks.length);
    expect(blockCount(file.blockIndex)).toBeGreaterThan(3);
    enc.blocks.forEach((h, i) => {
      expect(blockLastKey(file.blockIndex, i)).toEqual(h.lastKey);
      expect(blockSize(file.blockIndex, i)).toBe(enc.data.sizes[i]);
    });
    expect(blockLastKey(file.blockIndex, enc.blocks.length - 1)).toEqual(file.largestKey);
    // One buffer holds all of the file's keys.
    expect(file.smallestKey.buffer).toBe(file.blockIndex.buffer);
    expect(file.largestKey.buffer).toBe(file.blockIndex.buffer);
  });
});
