import { describe, expect, it } from 'vitest';
import { compareBytes } from './compareBytes';
import { flushAll } from './flush';
import { get } from './get';
import { levelBytes } from './levels';
import { levelTargetBytes } from './lsmConfig';
import { columnFamily, createColumnFamily, createLsmDb, type LsmDb } from './lsmDb';
import { lsmInvariantViolations } from './lsmInvariants';
import { liveSstFiles } from './nativeCheckpoint';
import { levelScores, pickCompaction } from './pickCompaction';
import { del, put } from './put';
import { runCompaction } from './runCompaction';
import { scan } from './scan';
import { decodeSst } from './decodeSst';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const key = (i: number): Uint8Array => b(`key-${String(i).padStart(4, '0')}`);

/** One flushed L0 file per call, holding keys [from, to). */
function flushRange(db: LsmDb, cf: string, from: number, to: number, tag: string): void {
  for (let i = from; i < to; i++) put(db, cf, key(i), b(`${tag}-${i}`));
  flushAll(db);
}

function compactUntilQuiet(db: LsmDb): ReturnType<typeof runCompaction>[] {
  const results = [];
  for (let plan = pickCompaction(db); plan !== null; plan = pickCompaction(db))
    results.push(runCompaction(db, plan));
  return results;
}

describe('leveled compaction', () => {
  it('does nothing until L0 holds level0FileNumCompactionTrigger files, then merges all of L0 into L1', () => {
    const db = createLsmDb({ writeBufferBytes: 100_000, level0FileNumCompactionTrigger: 3 });
    createColumnFamily(db, 's');
    flushRange(db, 's', 0, 10, 'a');
    flushRange(db, 's', 5, 15, 'b');
    expect(pickCompaction(db)).toBeNull();
    expect(levelScores(db, columnFamily(db, 's'))[0]).toMatchObject({ fileCount: 2, target: 3 });
    flushRange(db, 's', 8, 12, 'c');
    const plan = pickCompaction(db)!;
    expect(plan).toMatchObject({
      cf: 's',
      reason: 'level0FileNumTrigger',
      inputLevel: 0,
      outputLevel: 1,
      inputLevelFiles: [1, 2, 3],
      outputLevelFiles: [],
      trivialMove: false,
      score: 1,
    });
    const result = runCompaction(db, plan);
    expect(result.inputs.map((f) => f.fileNumber)).toEqual([1, 2, 3]);
    expect(result.deleted).toEqual([1, 2, 3]);
    expect(result.outputs.map((f) => [f.fileNumber, f.level, f.inputs])).toEqual([
      [4, 1, [1, 2, 3]],
    ]);
    expect(result.outputs[0]!.lineage).toEqual([1, 2, 3]);
    // Shadowed versions: keys 5–7 had 2 versions, 8–9 had 3, 10–11 had 2.
    expect(result.droppedVersions).toBe(3 * 1 + 2 * 2 + 2 * 1);
    const entries = decodeSst(liveSstFiles(db)[0]!.bytes).entries;
    expect(entries).toHaveLength(15);
    for (let i = 1; i < entries.length; i++)
      expect(compareBytes(entries[i - 1]!.key, entries[i]!.key)).toBeLessThan(0);
    expect(new TextDecoder().decode(get(db, 's', key(9))!)).toBe('c-9');
    expect(new TextDecoder().decode(get(db, 's', key(13))!)).toBe('b-13');
  });

  it('cuts compaction output at targetFileSizeBase into non-overlapping L1 files', () => {
    const db = createLsmDb({
      writeBufferBytes: 100_000,
      level0FileNumCompactionTrigger: 2,
      targetFileSizeBase: 300,
      maxBytesForLevelBase: 100_000,
    });
    createColumnFamily(db, 's');
    flushRange(db, 's', 0, 40, 'a');
    flushRange(db, 's', 20, 60, 'b');
    const result = runCompaction(db, pickCompaction(db)!);
    expect(result.outputs.length).toBeGreaterThanOrEqual(3);
    for (const f of result.outputs.slice(0, -1)) expect(f.sizeBytes).toBeGreaterThanOrEqual(300);
    expect(result.outputs.map((f) => f.fileNumber)).toEqual(result.outputs.map((_, i) => 3 + i));
    expect(result.outputs.reduce((s, f) => s + f.entryCount, 0)).toBe(60);
    expect(lsmInvariantViolations(db)).toEqual([]);
  });

  it('cascades down when a level exceeds its byte target, until every level is within target', () => {
    const db = createLsmDb({
      writeBufferBytes: 400,
      level0FileNumCompactionTrigger: 2,
      targetFileSizeBase: 300,
      maxBytesForLevelBase: 900,
      maxBytesForLevelMultiplier: 2,
      numLevels: 5,
    });
    createColumnFamily(db, 's');
    const reasons: string[] = [];
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 20; i++) {
        const r = put(db, 's', key((round * 37 + i * 11) % 300), b(`r${round}`));
        if (r.needsFlush) flushAll(db);
      }
      for (const r of compactUntilQuiet(db)) reasons.push(`${r.reason} L${r.outputLevel}`);
    }
    const cf = columnFamily(db, 's');
    expect(reasons).toContain('level0FileNumTrigger L1');
    expect(reasons).toContain('levelMaxBytes L2');
    expect(reasons).toContain('levelMaxBytes L3');
    for (let level = 1; level < 4; level++)
      expect(levelBytes(cf.levels[level]!)).toBeLessThanOrEqual(levelTargetBytes(db.config, level));
    expect(lsmInvariantViolations(db, true)).toEqual([]);
  });

  it('picks an L1+ file and only the overlapping next-level files; moves a file down unchanged when nothing overlaps', () => {
    const db = createLsmDb({
      writeBufferBytes: 100_000,
      level0FileNumCompactionTrigger: 1,
      targetFileSizeBase: 200,
      maxBytesForLevelBase: 250,
    });
    createColumnFamily(db, 's');
    flushRange(db, 's', 0, 30, 'a');
    const first = runCompaction(db, pickCompaction(db)!);
    expect(first).toMatchObject({ trivialMove: true, deleted: [], bytesWritten: 0 });
    expect(first.outputs[0]).toMatchObject({ fileNumber: 1, level: 1 });
    // L1 (one file, > 250 bytes) is over target; L2 is empty: the file is moved again, same number, same bytes.
    const bytesBefore = liveSstFiles(db)[0]!.bytes;
    const plan = pickCompaction(db)!;
    expect(plan).toMatchObject({
      reason: 'levelMaxBytes',
      inputLevel: 1,
      outputLevel: 2,
      inputLevelFiles: [1],
      outputLevelFiles: [],
      trivialMove: true,
    });
    runCompaction(db, plan);
    expect(liveSstFiles(db)[0]).toMatchObject({ fileNumber: 1, level: 2 });
    expect(liveSstFiles(db)[0]!.bytes).toBe(bytesBefore);
    // New data in L1 over the same range now merges with the overlapping L2 file.
    flushRange(db, 's', 10, 40, 'b');
    runCompaction(db, pickCompaction(db)!); // L0 → L1 (trivial move of file 2)
    const merge = pickCompaction(db)!;
    expect(merge).toMatchObject({
      inputLevel: 1,
      inputLevelFiles: [2],
      outputLevelFiles: [1],
      trivialMove: false,
    });
    const result = runCompaction(db, merge);
    expect(result.outputs.every((f) => f.level === 2 && f.inputs.join() === '1,2')).toBe(true);
    expect(new TextDecoder().decode(get(db, 's', key(15))!)).toBe('b-15');
    expect(new TextDecoder().decode(get(db, 's', key(5))!)).toBe('a-5');
  });

  it('keeps a tombstone while older data may sit beneath the output, and drops it at the bottom', () => {
    const db = createLsmDb({
      writeBufferBytes: 100_000,
      level0FileNumCompactionTrigger: 1,
      numLevels: 3,
      maxBytesForLevelBase: 100_000,
    });
    createColumnFamily(db, 's');
    flushRange(db, 's', 0, 5, 'old');
    runCompaction(db, pickCompaction(db)!); // file 1 → L1
    // Shrinking L1's target (config is plain data) pushes file 1 on to the bottom level, L2.
    db.config.maxBytesForLevelBase = 1;
    runCompaction(db, pickCompaction(db)!);
    db.config.maxBytesForLevelBase = 100_000;
    expect(liveSstFiles(db)[0]).toMatchObject({ fileNumber: 1, level: 2 });

    del(db, 's', key(2));
    put(db, 's', key(3), b('new-3'));
    flushAll(db); // file 2 in L0: tombstone for key 2
    const toL1 = runCompaction(db, pickCompaction(db)!); // trivial move to L1
    expect(toL1.trivialMove).toBe(true);
    put(db, 's', key(3), b('newer-3'));
    put(db, 's', key(4), b('new-4'));
    flushAll(db); // file 3, overlapping file 2 in L1
    const l0ToL1 = runCompaction(db, pickCompaction(db)!);
    // L2 still holds key 2, so the tombstone must survive in L1.
    expect(l0ToL1).toMatchObject({
      trivialMove: false,
      outputLevel: 1,
      droppedTombstones: 0,
      droppedVersions: 1,
    });
    expect(get(db, 's', key(2))).toBeNull();

    // Now merge L1 into the bottom level: the tombstone and the value it hides both go.
    db.config.maxBytesForLevelBase = 1;
    const bottom = runCompaction(db, pickCompaction(db)!);
    expect(bottom.outputLevel).toBe(2);
    expect(bottom.droppedTombstones).toBe(1);
    expect(bottom.droppedVersions).toBe(3); // old-2 under the tombstone, old-3, old-4
    const entries = decodeSst(liveSstFiles(db)[0]!.bytes).entries;
    expect(entries.map((e) => new TextDecoder().decode(e.key))).toEqual([
      'key-0000',
      'key-0001',
      'key-0003',
      'key-0004',
    ]);
    expect(entries.some((e) => e.value === null)).toBe(false);
    expect(scan(db, 's', null, null)).toHaveLength(4);
  });

  it('picks files round-robin when compactionPri is roundRobin', () => {
    const db = createLsmDb({
      writeBufferBytes: 100_000,
      level0FileNumCompactionTrigger: 1,
      targetFileSizeBase: 150,
      maxBytesForLevelBase: 100_000,
      compactionPri: 'roundRobin',
    });
    createColumnFamily(db, 's');
    flushRange(db, 's', 0, 10, 'a');
    flushRange(db, 's', 5, 30, 'a');
    runCompaction(db, pickCompaction(db)!);
    const l1 = columnFamily(db, 's').levels[1]!.map((f) => f.fileNumber);
    expect(l1.length).toBeGreaterThanOrEqual(3);
    db.config.maxBytesForLevelBase = 1;
    const picked = [0, 1, 2].map(() => {
      const plan = pickCompaction(db)!;
      runCompaction(db, plan);
      return plan.inputLevelFiles[0];
    });
    expect(picked).toEqual(l1.slice(0, 3));
  });

  it('refuses a stale plan instead of guessing', () => {
    const db = createLsmDb({ writeBufferBytes: 100_000, level0FileNumCompactionTrigger: 1 });
    createColumnFamily(db, 's');
    flushRange(db, 's', 0, 5, 'a');
    const plan = pickCompaction(db)!;
    runCompaction(db, plan);
    expect(() => runCompaction(db, plan)).toThrow(
      'runCompaction: stale plan for column family "s" L0→L1: file 1 is no longer in L0; call pickCompaction again',
    );
  });
});
