import { describe, expect, it } from 'vitest';
import { flushAll } from './flush';
import { get, lookup } from './get';
import { createColumnFamily, createLsmDb } from './lsmDb';
import { del, put } from './put';
import { pickCompaction } from './pickCompaction';
import { runCompaction } from './runCompaction';
import { prefixScan, scan } from './scan';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const str = (u: Uint8Array | null): string | null =>
  u === null ? null : new TextDecoder().decode(u);

function layered() {
  // File 1 (a, b, c) moved down to L1 by an L0 compaction; file 2 (b, z) newer in L0.
  const db = createLsmDb({ writeBufferBytes: 10_000, level0FileNumCompactionTrigger: 1 });
  createColumnFamily(db, 's');
  put(db, 's', b('a'), b('a-old'));
  put(db, 's', b('b'), b('b-old'));
  put(db, 's', b('c'), b('c-old'));
  flushAll(db);
  runCompaction(db, pickCompaction(db)!);
  put(db, 's', b('b'), b('b-mid'));
  put(db, 's', b('z'), b('z-old'));
  flushAll(db);
  return db;
}

describe('reads', () => {
  it('takes the newest version: memtable, then L0 newest first, then deeper levels', () => {
    const db = createLsmDb({ writeBufferBytes: 10_000, level0FileNumCompactionTrigger: 2 });
    createColumnFamily(db, 's');
    put(db, 's', b('k'), b('v1'));
    put(db, 's', b('other'), b('o'));
    flushAll(db); // 1
    put(db, 's', b('k'), b('v2'));
    flushAll(db); // 2
    expect(lookup(db, 's', b('k'))).toMatchObject({
      foundIn: { kind: 'sst', fileNumber: 2, level: 0 },
      filesSearched: [2],
    });
    expect(str(get(db, 's', b('other')))).toBe('o');
    // File 2 holds only "k", so its key range rules it out without reading a block.
    expect(lookup(db, 's', b('other')).filesSearched).toEqual([1]);
    put(db, 's', b('k'), b('v3'));
    expect(lookup(db, 's', b('k'))).toMatchObject({
      foundIn: { kind: 'memtable', active: true },
      filesSearched: [],
    });
    expect(str(get(db, 's', b('k')))).toBe('v3');
    expect(get(db, 's', b('missing'))).toBeNull();
    expect(lookup(db, 's', b('missing'))).toMatchObject({
      value: null,
      deleted: false,
      foundIn: { kind: 'none' },
    });
  });

  it('lets a tombstone hide older values in every deeper place', () => {
    const db = layered();
    expect(lookup(db, 's', b('a'))).toMatchObject({
      foundIn: { kind: 'sst', fileNumber: 1, level: 1 },
      filesSearched: [1],
    });
    expect(lookup(db, 's', b('c'))).toMatchObject({
      foundIn: { kind: 'sst', fileNumber: 1, level: 1 },
      filesSearched: [2, 1],
    });
    expect(lookup(db, 's', b('b'))).toMatchObject({
      foundIn: { kind: 'sst', fileNumber: 2, level: 0 },
      filesSearched: [2],
    });
    expect(str(get(db, 's', b('b')))).toBe('b-mid');
    del(db, 's', b('b'));
    expect(get(db, 's', b('b'))).toBeNull();
    expect(lookup(db, 's', b('b'))).toMatchObject({ deleted: true, foundIn: { kind: 'memtable' } });
    flushAll(db);
    expect(get(db, 's', b('b'))).toBeNull();
    expect(lookup(db, 's', b('b'))).toMatchObject({
      deleted: true,
      foundIn: { kind: 'sst', fileNumber: 3, level: 0 },
    });
    put(db, 's', b('b'), b('b-new'));
    expect(str(get(db, 's', b('b')))).toBe('b-new');
  });

  it('scans all sources in unsigned key order, newest wins, deleted keys left out', () => {
    const db = layered();
    put(db, 's', b('b'), b('b-new'));
    del(db, 's', b('c'));
    put(db, 's', new Uint8Array([0x80]), b('high'));
    put(db, 's', new Uint8Array([0x7f]), b('low'));
    const all = scan(db, 's', null, null).map((kv) => [Array.from(kv.key), str(kv.value)]);
    expect(all).toEqual([
      [[0x61], 'a-old'],
      [[0x62], 'b-new'],
      [[0x7a], 'z-old'],
      [[0x7f], 'low'],
      [[0x80], 'high'],
    ]);
    expect(scan(db, 's', b('b'), b('z')).map((kv) => str(kv.key))).toEqual(['b']);
    expect(scan(db, 's', b('a'), null, 2).map((kv) => str(kv.key))).toEqual(['a', 'b']);
    expect(scan(db, 's', null, null, 0)).toEqual([]);
  });

  it('prefix-scans one MapState key or key group, including a 0xff prefix', () => {
    const db = createLsmDb();
    createColumnFamily(db, 'map');
    const k = (...xs: number[]): Uint8Array => new Uint8Array(xs);
    for (const key of [k(1), k(1, 0), k(1, 0xff), k(2), k(0xff), k(0xff, 0xff, 1)])
      put(db, 'map', key, k(9));
    flushAll(db);
    del(db, 'map', k(1, 0));
    expect(prefixScan(db, 'map', k(1)).map((kv) => Array.from(kv.key))).toEqual([[1], [1, 0xff]]);
    expect(prefixScan(db, 'map', k(0xff)).map((kv) => Array.from(kv.key))).toEqual([
      [0xff],
      [0xff, 0xff, 1],
    ]);
    expect(prefixScan(db, 'map', k()).length).toBe(5);
  });
});
