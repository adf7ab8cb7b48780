/**
 * RocksDB's SST block compression (RocksDB `BlockBasedTableBuilder::WriteBlock` /
 * `GoodCompressionRatio`, `ReadBlockContents`; Flink `RocksDBConfigurableOptions#COMPRESSION_PER_LEVEL`).
 */
import { describe, expect, it } from 'vitest';
import { unmaskCrc32c, crc32c } from '../codec/crc32c';
import { createRng, nextUint32 } from '../core/rng';
import { decodeSst } from './decodeSst';
import { lsmConfigProblems, LSM_TEACHING_DEFAULTS } from './lsmConfig';
import { createColumnFamily, createLsmDb, type LsmDb, type SstFile } from './lsmDb';
import { decodeOptions, encodeOptions } from './lsmOptionsFile';
import type { LsmEntry } from './memtable';
import { put } from './put';
import { flushAll } from './flush';
import { get } from './get';
import { pickCompaction } from './pickCompaction';
import { runCompaction } from './runCompaction';
import { compressionForLevel, goodCompressionRatio } from './sstCompression';
import { encodeSst } from './sstBuilder';

const liveFiles = (db: LsmDb): SstFile[] => db.columnFamilies.flatMap((cf) => cf.levels.flat());
const b = (s: string): Uint8Array => new TextEncoder().encode(s);

/** State-like entries: keys with a shared prefix, values that repeat — what Snappy feeds on. */
const compressible = Array.from({ length: 60 }, (_, i): LsmEntry => ({
  key: b(`count/key-${String(i).padStart(4, '0')}`),
  seq: i + 1,
  value: b(`value-value-value-${i % 3}`),
}));

describe('SST block compression', () => {
  it('stores Snappy blocks with type byte 0x1 in the trailer and reads the same entries back', () => {
    const plain = encodeSst(compressible, 9, 1, 256, 'NO_COMPRESSION');
    const snappy = encodeSst(compressible, 9, 1, 256, 'SNAPPY_COMPRESSION');
    expect(snappy.blocks.length).toBe(plain.blocks.length);
    // Each trailer: 1 type byte + the masked CRC-32C of contents and type (RocksDB block trailer).
    for (const blk of snappy.blocks) {
      const typeAt = blk.offset + blk.size;
      expect(snappy.bytes[typeAt]).toBe(0x1);
      const view = new DataView(snappy.bytes.buffer, snappy.bytes.byteOffset);
      expect(unmaskCrc32c(view.getUint32(typeAt + 1, true))).toBe(crc32c(snappy.bytes, blk.offset, typeAt + 1));
    }
    for (const blk of plain.blocks) expect(plain.bytes[blk.offset + blk.size]).toBe(0x0);
    expect(decodeSst(snappy.bytes, '000009.sst').entries).toEqual(compressible);
    // S_o is measured on the real blocks: the uncompressed file's size, up to the varint widths of
    // the index offsets (smaller numbers in the smaller file).
    expect(Math.abs(snappy.data.rawSize - plain.bytes.length)).toBeLessThanOrEqual(2 * plain.blocks.length + 4);
    expect(plain.data.rawSize).toBe(plain.bytes.length);
    expect(snappy.bytes.length).toBeLessThan(plain.bytes.length * 0.875);
    expect(snappy.data.compressedBlocks).toBe(snappy.blocks.length);
  });

  it('keeps a block raw when Snappy saves less than 1/8 (GoodCompressionRatio)', () => {
    const rng = createRng(5);
    const random = Array.from({ length: 20 }, (_, i): LsmEntry => ({
      key: b(`k${String(i).padStart(3, '0')}`),
      seq: i + 1,
      value: Uint8Array.from({ length: 24 }, () => nextUint32(rng) & 0xff),
    }));
    const enc = encodeSst(random, 3, 1, 128, 'SNAPPY_COMPRESSION');
    expect(enc.data.compressedBlocks).toBe(0);
    for (const blk of enc.blocks) expect(enc.bytes[blk.offset + blk.size]).toBe(0x0);
    expect(enc.bytes.length).toBe(encodeSst(random, 3, 1, 128, 'NO_COMPRESSION').bytes.length);
    expect(goodCompressionRatio(87, 100)).toBe(true);
    expect(goodCompressionRatio(88, 100)).toBe(false);
  });

  it('refuses a compressed block whose bytes were damaged, naming the block', () => {
    const enc = encodeSst(compressible, 9, 1, 256, 'SNAPPY_COMPRESSION');
    const bad = enc.bytes.slice();
    bad[enc.blocks[1]!.offset + 2]! ^= 0x40;
    // The whole-file CRC fails first; the trailer check catches a block damaged with a fixed-up file CRC too.
    expect(() => decodeSst(bad, '000009.sst')).toThrow(/000009\.sst is corrupt/);
  });

  it('picks the compression by output level: the last entry covers deeper levels', () => {
    const perLevel = ['NO_COMPRESSION', 'SNAPPY_COMPRESSION'] as const;
    expect(compressionForLevel(perLevel, 0)).toBe('NO_COMPRESSION');
    expect(compressionForLevel(perLevel, 1)).toBe('SNAPPY_COMPRESSION');
    expect(compressionForLevel(perLevel, 6)).toBe('SNAPPY_COMPRESSION');
    const db = createLsmDb({ writeBufferBytes: 100_000, level0FileNumCompactionTrigger: 2, compressionPerLevel: [...perLevel] });
    createColumnFamily(db, 's');
    for (let i = 0; i < 40; i++) put(db, 's', b(`key-${String(i).padStart(3, '0')}`), b('aaaaaaaaaaaaaaaa'));
    flushAll(db);
    const l0 = liveFiles(db)[0]!;
    expect(l0.level).toBe(0);
    expect(l0.compressedBlocks).toBe(0);
    expect(l0.rawSizeBytes).toBe(l0.sizeBytes);
    put(db, 's', b('key-001'), b('bbbbbbbbbbbbbbbb')); // a second, overlapping L0 file: the compaction rewrites
    flushAll(db);
    runCompaction(db, pickCompaction(db)!); // L0 → L1
    const l1 = liveFiles(db)[0]!;
    expect(l1).toMatchObject({ level: 1, origin: 'compaction' });
    expect(l1.compressedBlocks).toBeGreaterThan(0);
    expect(l1.sizeBytes).toBeLessThan(l1.rawSizeBytes);
    // Reads go through the uncompressed blocks.
    expect(new TextDecoder().decode(get(db, 's', b('key-017'))!)).toBe('aaaaaaaaaaaaaaaa');
  });

  it('writes compression_per_level into OPTIONS and refuses what the engine does not run', () => {
    const config = { ...LSM_TEACHING_DEFAULTS, compressionPerLevel: ['NO_COMPRESSION' as const, 'SNAPPY_COMPRESSION' as const] };
    const text = new TextDecoder().decode(encodeOptions(config));
    expect(text).toContain('compression_per_level=kNoCompression:kSnappyCompression');
    expect(decodeOptions(encodeOptions(config))).toEqual(config);
    expect(lsmConfigProblems({ ...LSM_TEACHING_DEFAULTS, compressionPerLevel: ['LZ4_COMPRESSION'] })).toEqual([
      'compressionPerLevel[0]: LZ4_COMPRESSION is a RocksDB compression Flink accepts, but this engine implements only NO_COMPRESSION and SNAPPY_COMPRESSION (Snappy with a real codec)',
    ]);
  });
});
