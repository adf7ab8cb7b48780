import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from './compareBytes';
import { LsmCorruptionError } from './lsmErrors';
import type { LsmEntry } from './memtable';
import { sstFileFromParts } from './sstFile';
import { decodeSst, readBlockEntries, readSstFooter } from './decodeSst';
import { encodeSst } from './sstBuilder';
import { sstEntrySize, sstFileName } from './sstFormat';
import { sstGet, sstIterate } from './sstReader';
import { ByteSlab, DataOutputView } from '../serialization';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Sorted, distinct-key entries with seqs and some tombstones. */
const entriesArb = fc
  .uniqueArray(fc.uint8Array({ maxLength: 5 }), {
    minLength: 1,
    maxLength: 60,
    selector: (k) => Array.from(k).join(','),
  })
  .chain((keys) =>
    fc.tuple(
      fc.constant(keys.sort(compareBytes)),
      fc.array(fc.option(fc.uint8Array({ maxLength: 20 }), { freq: 4 }), {
        minLength: keys.length,
        maxLength: keys.length,
      }),
      fc.array(fc.integer({ min: 1, max: 2 ** 40 }), {
        minLength: keys.length,
        maxLength: keys.length,
      }),
    ),
  )
  .map(([keys, values, seqs]) =>
    keys.map((key, i): LsmEntry => ({ key, value: values[i] ?? null, seq: seqs[i]! })),
  );

const asFile = (entries: LsmEntry[], blockSize: number) => {
  const enc = encodeSst(entries, 7, 3, blockSize);
  return sstFileFromParts(enc.bytes, enc.footer, enc.blocks, enc.checksum, 0, {
    origin: 'flush',
    inputs: [],
    lineage: null,
  });
};

describe('SST format', () => {
  it('round-trips entries, footer and block index', () => {
    fc.assert(
      fc.property(entriesArb, fc.integer({ min: 16, max: 200 }), (entries, blockSize) => {
        const enc = encodeSst(entries, 42, 5, blockSize);
        const dec = decodeSst(enc.bytes, 'x.sst');
        expect(dec.entries).toEqual(entries);
        expect(dec.footer).toEqual(enc.footer);
        expect(dec.blocks).toEqual(enc.blocks);
        expect(dec.footer).toMatchObject({
          fileNumber: 42,
          cfId: 5,
          entryCount: entries.length,
          tombstoneCount: entries.filter((e) => e.value === null).length,
        });
        expect(dec.footer.smallestKey).toEqual(entries[0]!.key);
        expect(dec.footer.largestKey).toEqual(entries[entries.length - 1]!.key);
        expect(dec.footer.largestSeq).toBe(Math.max(...entries.map((e) => e.seq)));
        // Blocks are cut at the block size: a block only exceeds it when it holds one oversized
        // entry, and a block is only cut when the next entry would not have fit.
        const perBlock = enc.blocks.map((blk) => readBlockEntries(enc.bytes, blk));
        expect(perBlock.flat()).toEqual(entries);
        enc.blocks.forEach((blk, i) => {
          if (blk.size > blockSize) expect(perBlock[i]).toHaveLength(1);
          const next = perBlock[i + 1]?.[0];
          if (next !== undefined) expect(blk.size + sstEntrySize(next)).toBeGreaterThan(blockSize);
        });
      }),
    );
  });

  it('finds every key through the index with one block read, and nothing else', () => {
    fc.assert(
      fc.property(entriesArb, fc.uint8Array({ maxLength: 5 }), (entries, probe) => {
        const file = asFile(entries, 32);
        for (const e of entries) expect(sstGet(file, e.key)).toEqual(e);
        const expected = entries.find((e) => compareBytes(e.key, probe) === 0) ?? null;
        expect(sstGet(file, probe)).toEqual(expected);
        expect([...sstIterate(file, probe)]).toEqual(
          entries.filter((e) => compareBytes(e.key, probe) >= 0),
        );
      }),
    );
  });

  it('has several data blocks, an index and a footer with a magic number', () => {
    const entries = Array.from({ length: 40 }, (_, i): LsmEntry => ({
      key: b(`key-${String(i).padStart(3, '0')}`),
      seq: i + 1,
      value: b(`value-${i}`),
    }));
    const enc = encodeSst(entries, 1, 1, 64);
    expect(enc.blocks.length).toBeGreaterThan(5);
    // The index starts after the last block's 5-byte trailer (RocksDB kBlockTrailerSize).
    expect(enc.footer.indexOffset).toBe(enc.blocks.at(-1)!.offset + enc.blocks.at(-1)!.size + 5);
    expect(new TextDecoder().decode(enc.bytes.subarray(enc.bytes.length - 8))).toBe('CLABSST1');
    expect(sstFileName(1)).toBe('000001.sst');
    expect(sstFileName(1234567)).toBe('1234567.sst');
  });

  it('detects any single damaged byte and names the file', () => {
    const entries = Array.from({ length: 12 }, (_, i): LsmEntry => ({
      key: b(`k${String(i).padStart(2, '0')}`),
      seq: i + 1,
      value: i % 3 === 0 ? null : b(`v${i}`),
    }));
    const { bytes } = encodeSst(entries, 3, 1, 40);
    for (let i = 0; i < bytes.length; i++) {
      const bad = bytes.slice();
      bad[i] = bad[i]! ^ 0x20;
      expect(() => decodeSst(bad, '000003.sst')).toThrow(LsmCorruptionError);
      expect(() => decodeSst(bad, '000003.sst')).toThrow(/^000003\.sst is corrupt: /);
    }
    expect(() => readSstFooter(bytes.subarray(0, 10), '000003.sst')).toThrow(
      '000003.sst is corrupt: only 10 bytes, too short for an SST',
    );
    expect(() => readSstFooter(bytes.subarray(0, bytes.length - 1), '000003.sst')).toThrow(
      /bad magic number/,
    );
  });

  it('refuses unsorted or empty input, which would break binary search', () => {
    expect(() => encodeSst([], 1, 0, 64)).toThrow(/no entries/);
    expect(() =>
      encodeSst(
        [
          { key: b('b'), seq: 1, value: b('') },
          { key: b('a'), seq: 2, value: b('') },
        ],
        1,
        0,
        64,
      ),
    ).toThrow(/strictly increasing, but entry 1 \(a\) is not after b/);
  });

  it('keeps none of its entries\' arrays: memtable keys cut from a shared slab are not held alive by the file', () => {
    const slab = new ByteSlab(4096, 256);
    const out = new DataOutputView();
    const entries: LsmEntry[] = Array.from({ length: 40 }, (_, i) => {
      out.clear();
      out.writeInt(i);
      const key = out.toBytesIn(slab);
      out.clear();
      out.writeLong(i * 1000);
      return { key, seq: i + 1, value: out.toBytesIn(slab) };
    });
    for (const compression of ['NO_COMPRESSION', 'SNAPPY_COMPRESSION'] as const) {
      const enc = encodeSst(entries, 9, 0, 64, compression);
      expect(enc.blocks.length).toBeGreaterThan(4);
      const slabBuffer = entries[0]!.key.buffer;
      for (const kept of [enc.footer.smallestKey, enc.footer.largestKey, ...enc.blocks.map((bl) => bl.lastKey)]) expect(kept.buffer).not.toBe(slabBuffer);
      expect(Array.from(enc.footer.largestKey)).toEqual(Array.from(entries[39]!.key));
      expect(decodeSst(enc.bytes).entries.map((e) => Array.from(e.value!))).toEqual(entries.map((e) => Array.from(e.value!)));
    }
  });
});
