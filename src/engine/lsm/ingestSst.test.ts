import { describe, expect, it } from 'vitest';
import { flushAll } from './flush';
import { get } from './get';
import { ingestSst } from './ingestSst';
import { createColumnFamily, createLsmDb, type LsmDb } from './lsmDb';
import { lsmInvariantViolations } from './lsmInvariants';
import { liveSstFiles } from './nativeCheckpoint';
import { del, put } from './put';
import { scan } from './scan';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const str = (u: Uint8Array | null): string | null =>
  u === null ? null : new TextDecoder().decode(u);

/** An SST from another task's DB (its own numbering and column family ids). */
function foreignSst(pairs: [string, string | null][]): Uint8Array {
  const other = createLsmDb();
  createColumnFamily(other, 'a');
  createColumnFamily(other, 'count');
  for (const [k, v] of pairs)
    if (v === null) del(other, 'count', b(k));
    else put(other, 'count', b(k), b(v));
  flushAll(other);
  return liveSstFiles(other)[0]!.bytes;
}

const fresh = (): LsmDb => {
  const db = createLsmDb();
  createColumnFamily(db, 'count');
  return db;
};

describe('ingestSst (restore and rescale by file)', () => {
  it('places a file that overlaps nothing at the bottom level, renumbered in this DB', () => {
    const db = fresh();
    put(db, 'count', b('zzz'), b('own'));
    flushAll(db); // file 1
    const r = ingestSst(
      db,
      'count',
      foreignSst([
        ['k1', '1'],
        ['k2', '2'],
      ]),
    );
    expect(r).toMatchObject({ sourceFileNumber: 1, sourceCfId: 2, globalSeq: 2 });
    expect(r.file).toMatchObject({
      fileNumber: 2,
      cfId: 1,
      level: 6,
      origin: 'ingest',
      entryCount: 2,
      smallestSeq: 2,
      largestSeq: 2,
    });
    expect(str(get(db, 'count', b('k2')))).toBe('2');
    expect(lsmInvariantViolations(db, true)).toEqual([]);
  });

  it('puts an overlapping file in L0 as the newest data, so its values win', () => {
    const db = fresh();
    put(db, 'count', b('k1'), b('old'));
    put(db, 'count', b('k9'), b('old'));
    flushAll(db);
    const r = ingestSst(
      db,
      'count',
      foreignSst([
        ['k1', 'new'],
        ['k5', null],
      ]),
    );
    expect(r.file!.level).toBe(0);
    expect(str(get(db, 'count', b('k1')))).toBe('new');
    expect(scan(db, 'count', null, null).map((kv) => str(kv.key))).toEqual(['k1', 'k9']);
  });

  it('keeps only the key range a rescaled task owns', () => {
    const db = fresh();
    const r = ingestSst(
      db,
      'count',
      foreignSst([
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
        ['d', '4'],
      ]),
      { fromKey: b('b'), toKeyExclusive: b('d') },
    );
    expect(scan(db, 'count', null, null).map((kv) => str(kv.key))).toEqual(['b', 'c']);
    expect(r.file).toMatchObject({ entryCount: 2 });
    expect(
      ingestSst(db, 'count', foreignSst([['x', '1']]), { toKeyExclusive: b('c') }).file,
    ).toBeNull();
  });

  it('refuses while a memtable holds keys in the range, and names a damaged file', () => {
    const db = fresh();
    put(db, 'count', b('k2'), b('pending'));
    expect(() =>
      ingestSst(
        db,
        'count',
        foreignSst([
          ['k1', '1'],
          ['k3', '3'],
        ]),
      ),
    ).toThrow(
      /memtable \d+ of column family "count" holds key k2 inside the ingested range \[k1 … k3\] of external SST; flush it first/,
    );
    const bad = foreignSst([['q', '1']]);
    bad[3] = bad[3]! ^ 0xff;
    expect(() => ingestSst(db, 'count', bad, { fileName: 'chk-2/000017.sst' })).toThrow(
      /^chk-2\/000017\.sst is corrupt: checksum mismatch/,
    );
  });
});
