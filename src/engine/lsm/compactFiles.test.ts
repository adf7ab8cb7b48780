import { describe, expect, it } from 'vitest';
import { compactFiles } from './compactFiles';
import { flushAll } from './flush';
import { get } from './get';
import { createColumnFamily, createLsmDb, type LsmDb } from './lsmDb';
import { lsmInvariantViolations } from './lsmInvariants';
import { liveSstFiles } from './nativeCheckpoint';
import { pickCompaction } from './pickCompaction';
import { del, put } from './put';
import { runCompaction } from './runCompaction';
import { decodeSst } from './decodeSst';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const str = (u: Uint8Array | null): string | null =>
  u === null ? null : new TextDecoder().decode(u);

/** A checkpoint's sync phase writes one L0 file from a few updates. */
function checkpointFlush(db: LsmDb, cf: string, updates: [string, string][]): number {
  for (const [k, v] of updates) put(db, cf, b(k), b(v));
  return flushAll(db)[0]!.file!.fileNumber;
}

describe('compactFiles (manual compaction of chosen SSTs)', () => {
  it("reproduces seed 002's table: 1+2+3 become (1,2,3), later (1,2,3)+4+… merge again", () => {
    const db = createLsmDb({ writeBufferBytes: 100_000, level0FileNumCompactionTrigger: 100 });
    createColumnFamily(db, 'count');
    // CP1 uploads 1, 2; CP2 adds 3, 4.
    expect(
      checkpointFlush(db, 'count', [
        ['a', '1'],
        ['b', '1'],
      ]),
    ).toBe(1);
    expect(
      checkpointFlush(db, 'count', [
        ['c', '1'],
        ['a', '2'],
      ]),
    ).toBe(2);
    expect(
      checkpointFlush(db, 'count', [
        ['b', '3'],
        ['d', '1'],
      ]),
    ).toBe(3);
    expect(checkpointFlush(db, 'count', [['e', '1']])).toBe(4);
    const before = liveSstFiles(db).map((f) => f.bytes);

    const merged = compactFiles(db, [1, 2, 3]);
    expect(merged.outputs).toHaveLength(1);
    expect(merged.outputs[0]).toMatchObject({
      fileNumber: 5,
      level: 0,
      inputs: [1, 2, 3],
      lineage: [1, 2, 3],
      origin: 'manualCompaction',
    });
    expect(merged).toMatchObject({ reason: 'manual', deleted: [1, 2, 3], droppedVersions: 2 });
    expect(liveSstFiles(db).map((f) => f.fileNumber)).toEqual([4, 5]);
    expect(
      decodeSst(liveSstFiles(db)[1]!.bytes).entries.map((e) => [str(e.key), str(e.value)]),
    ).toEqual([
      ['a', '2'],
      ['b', '3'],
      ['c', '1'],
      ['d', '1'],
    ]);
    // The bytes of files that stayed live are untouched; the next flush takes the next number.
    expect(liveSstFiles(db)[0]!.bytes).toBe(before[3]);
    expect(checkpointFlush(db, 'count', [['f', '1']])).toBe(6);

    const again = compactFiles(db, [4, 5, 6]);
    expect(again.outputs[0]).toMatchObject({
      fileNumber: 7,
      inputs: [4, 5, 6],
      lineage: [1, 2, 3, 4, 6],
    });
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => str(get(db, 'count', b(k))))).toEqual([
      '2',
      '3',
      '1',
      '1',
      '1',
      '1',
    ]);
    expect(lsmInvariantViolations(db, true)).toEqual([]);
  });

  it('writes one output file whatever its size, into the deepest input level', () => {
    const db = createLsmDb({
      writeBufferBytes: 100_000,
      targetFileSizeBase: 64,
      level0FileNumCompactionTrigger: 1,
    });
    createColumnFamily(db, 's');
    for (let i = 0; i < 50; i++) put(db, 's', b(`k${String(i).padStart(3, '0')}`), b('0123456789'));
    flushAll(db);
    runCompaction(db, pickCompaction(db)!); // file 1 → L1
    checkpointFlush(db, 's', [['k010', 'new']]); // file 2 in L0
    const r = compactFiles(db, [2, 1]);
    expect(r.outputLevel).toBe(1);
    expect(r.outputs).toHaveLength(1);
    expect(r.outputs[0]).toMatchObject({ fileNumber: 3, level: 1, inputs: [1, 2], entryCount: 50 });
    // Far above the 64-byte target even after Snappy (the default compression) shrank its blocks.
    expect(r.outputs[0]!.sizeBytes).toBeGreaterThan(64 * 8);
    expect(str(get(db, 's', b('k010')))).toBe('new');
  });

  it('drops tombstones when the output is the bottom of that key range, and may write no file at all', () => {
    const db = createLsmDb({ writeBufferBytes: 100_000, level0FileNumCompactionTrigger: 100 });
    createColumnFamily(db, 's');
    checkpointFlush(db, 's', [['a', '1']]);
    del(db, 's', b('a'));
    flushAll(db);
    const r = compactFiles(db, [1, 2]);
    expect(r).toMatchObject({
      outputs: [],
      deleted: [1, 2],
      droppedTombstones: 1,
      droppedVersions: 1,
    });
    expect(liveSstFiles(db)).toEqual([]);
    expect(get(db, 's', b('a'))).toBeNull();
  });

  it('explains what is wrong with a bad selection and changes nothing', () => {
    const db = createLsmDb({ writeBufferBytes: 100_000, level0FileNumCompactionTrigger: 100 });
    createColumnFamily(db, 'x');
    createColumnFamily(db, 'y');
    checkpointFlush(db, 'x', [
      ['a', '1'],
      ['m', '1'],
    ]); // 1
    checkpointFlush(db, 'x', [['b', '2']]); // 2 (overlaps 1's range)
    checkpointFlush(db, 'x', [['c', '3']]); // 3
    checkpointFlush(db, 'y', [['a', '1']]); // 4
    const live = liveSstFiles(db).map((f) => f.fileNumber);
    expect(() => compactFiles(db, [])).toThrow('compactFiles: give at least one SST file number');
    expect(() => compactFiles(db, [1, 9, 12])).toThrow(
      'compactFiles: no live SST numbered 9, 12 (live files: 1, 2, 3, 4)',
    );
    expect(() => compactFiles(db, [1, 1])).toThrow('compactFiles: file 1 is listed twice');
    expect(() => compactFiles(db, [0])).toThrow(
      'compactFiles: file numbers are positive integers, got 0',
    );
    expect(() => compactFiles(db, [1, 4])).toThrow(
      'compactFiles: all files must belong to one column family, but file 1 is in "x" and file 4 is in "y"',
    );
    // Merging 1 and 3 around 2 would put 1's older "a…m" data above file 2's newer writes.
    expect(() => compactFiles(db, [1, 3])).toThrow(
      /compactFiles\(\[1, 3\]\) into L0 is unsafe: file 2 \(L0\) overlaps the merged key range \[a … m\] and holds writes made between those of the inputs; include it too/,
    );
    expect(liveSstFiles(db).map((f) => f.fileNumber)).toEqual(live);
    expect(compactFiles(db, [1, 2, 3]).outputs[0]!.fileNumber).toBe(5);
  });
});
