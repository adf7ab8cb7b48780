import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../core/plainData';
import { compactFiles } from './compactFiles';
import { flushAll, flushOldest } from './flush';
import { ingestSst } from './ingestSst';
import { columnFamily, createColumnFamily, createLsmDb, type LsmDb } from './lsmDb';
import { liveSstFiles } from './nativeCheckpoint';
import { pickCompaction } from './pickCompaction';
import { del, put } from './put';
import { runCompaction } from './runCompaction';
import { scan, type KeyValue } from './scan';
import { forEachLiveEntry, sstPart, sstPartKey, sstPartValue, SST_PART_CACHE_ENTRIES } from './sstPart';

const CFS = ['default', 'count', 'window'];
const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const asPairs = (kvs: readonly KeyValue[]): [string, string][] => kvs.map((kv) => [hex(kv.key), hex(kv.value)]);

/** The incremental read: the cached SST part with the memtables merged on top. */
function incremental(db: LsmDb, cf: string): { pairs: [string, string][]; fromSst: number } {
  const c = columnFamily(db, cf);
  const part = sstPart(c);
  const out: KeyValue[] = [];
  let fromSst = 0;
  forEachLiveEntry(c, part, (e, i) => {
    if (i >= 0) {
      expect(e).toBeNull();
      fromSst++;
      out.push({ key: sstPartKey(part, i), value: sstPartValue(part, i)! });
    } else out.push({ key: e!.key, value: e!.value! });
  });
  return { pairs: asPairs(out), fromSst };
}

const byteArb = fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0xff);
const keyArb = fc.array(byteArb, { maxLength: 3 }).map((a) => new Uint8Array(a));
const cfArb = fc.constantFrom(...CFS);
type Cmd =
  | { op: 'put'; cf: string; key: Uint8Array; value: Uint8Array }
  | { op: 'del'; cf: string; key: Uint8Array }
  | { op: 'flushOldest'; cf: string }
  | { op: 'flushAll' }
  | { op: 'compactFiles'; picks: number[] }
  | { op: 'autoCompact' }
  | { op: 'ingest'; cf: string; keys: Uint8Array[] }
  | { op: 'copy' };
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ op: fc.constant('put' as const), cf: cfArb, key: keyArb, value: fc.uint8Array({ maxLength: 8 }) }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('del' as const), cf: cfArb, key: keyArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('flushOldest' as const), cf: cfArb }) },
  { weight: 1, arbitrary: fc.constant({ op: 'flushAll' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('compactFiles' as const), picks: fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }) }) },
  { weight: 3, arbitrary: fc.constant({ op: 'autoCompact' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('ingest' as const), cf: cfArb, keys: fc.array(keyArb, { maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.constant({ op: 'copy' as const }) },
);
const configArb = fc.record({
  writeBufferBytes: fc.integer({ min: 64, max: 160 }),
  maxWriteBufferNumber: fc.integer({ min: 2, max: 3 }),
  blockSizeBytes: fc.integer({ min: 16, max: 48 }),
  level0FileNumCompactionTrigger: fc.integer({ min: 1, max: 4 }),
  maxBytesForLevelBase: fc.integer({ min: 100, max: 400 }),
  maxBytesForLevelMultiplier: fc.integer({ min: 1, max: 3 }),
  targetFileSizeBase: fc.integer({ min: 24, max: 160 }),
  numLevels: fc.integer({ min: 2, max: 5 }),
});

describe('sstPart + forEachLiveEntry (incremental whole-column-family reads)', () => {
  it('list exactly what a full scan lists, after every put, delete, flush, compaction and ingest, on copies too', () => {
    let sstEntriesSeen = 0;
    fc.assert(
      fc.property(configArb, fc.array(cmdArb, { minLength: 1, maxLength: 150, size: 'max' }), (config, cmds) => {
        let db = createLsmDb(config);
        for (const cf of CFS.slice(1)) createColumnFamily(db, cf);
        for (const cmd of cmds) {
          switch (cmd.op) {
            case 'put':
              put(db, cmd.cf, cmd.key, cmd.value);
              break;
            case 'del':
              del(db, cmd.cf, cmd.key);
              break;
            case 'flushOldest':
              flushOldest(db, cmd.cf);
              break;
            case 'flushAll':
              flushAll(db);
              break;
            case 'compactFiles': {
              const live = liveSstFiles(db);
              if (live.length === 0) break;
              try {
                compactFiles(db, [...new Set(cmd.picks.map((p) => live[p % live.length]!.fileNumber))]);
              } catch (e) {
                expect((e as Error).message).toMatch(/column family|unsafe/);
              }
              break;
            }
            case 'autoCompact':
              for (let plan = pickCompaction(db), i = 0; plan !== null && i < 50; plan = pickCompaction(db), i++) runCompaction(db, plan);
              break;
            case 'ingest': {
              // A file from another DB (restore and rescale ingest them), tombstones included.
              const other = createLsmDb();
              cmd.keys.forEach((k, i) => (i % 3 === 2 ? del(other, 'default', k) : put(other, 'default', k, new Uint8Array([i]))));
              flushAll(other);
              const file = liveSstFiles(other)[0];
              if (file === undefined) break;
              try {
                ingestSst(db, cmd.cf, file.bytes);
              } catch {
                // Refused (memtables hold keys in its range): the DB is unchanged.
              }
              break;
            }
            case 'copy':
              // A view reads a new deep copy on every step; the copy shares the SST bytes.
              db = clonePlain(db);
              break;
          }
          for (const cf of CFS) {
            const got = incremental(db, cf);
            sstEntriesSeen += got.fromSst;
            expect(got.pairs).toEqual(asPairs(scan(db, cf, null, null)));
          }
        }
      }),
      { numRuns: 150 },
    );
    expect(sstEntriesSeen).toBeGreaterThan(1000);
  });

  it('returns the same part for the same files, in another copy of the DB too, and a new one when the files change', () => {
    const db = createLsmDb({ writeBufferBytes: 64 });
    createColumnFamily(db, 'count');
    for (let i = 0; i < 20; i++) put(db, 'count', new Uint8Array([i]), new Uint8Array([i, i]));
    flushAll(db);
    const part = sstPart(columnFamily(db, 'count'));
    expect(part.size).toBe(20);
    const copy = clonePlain(db);
    put(copy, 'count', new Uint8Array([3]), new Uint8Array([9]));
    expect(sstPart(columnFamily(copy, 'count'))).toBe(part);
    expect(sstPart(columnFamily(db, 'default')).size).toBe(0);
    flushAll(copy);
    expect(sstPart(columnFamily(copy, 'count'))).not.toBe(part);
    expect(sstPart(columnFamily(db, 'count'))).toBe(part);
  });

  it('keeps at most SST_PART_CACHE_ENTRIES keys merged, dropping the least recently used sets', () => {
    const keys = SST_PART_CACHE_ENTRIES / 4 + 1;
    const dbs = Array.from({ length: 4 }, (_, n) => {
      const db = createLsmDb({ writeBufferBytes: 1 << 20 });
      for (let k = 0; k < keys; k++) put(db, 'default', new Uint8Array([k >> 8, k & 0xff]), new Uint8Array([n]));
      flushAll(db);
      return db;
    });
    const parts = dbs.map((db) => sstPart(columnFamily(db, 'default')));
    expect(parts.map((p) => p.size)).toEqual([keys, keys, keys, keys]);
    // The first set was dropped when the fourth came in; the second is still there.
    expect(sstPart(columnFamily(dbs[1]!, 'default'))).toBe(parts[1]);
    const again = sstPart(columnFamily(dbs[0]!, 'default'));
    expect(again).not.toBe(parts[0]);
    expect(again).toEqual(parts[0]);
  });
});
