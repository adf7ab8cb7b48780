import { describe, expect, it } from 'vitest';
import { flushAll, flushOldest } from './flush';
import { get, lookup } from './get';
import { columnFamily, createColumnFamily, createLsmDb } from './lsmDb';
import { MEMTABLE_ENTRY_OVERHEAD_BYTES } from './memtable';
import { liveSstFiles, unflushedWrites } from './nativeCheckpoint';
import { del, needsFlush, put } from './put';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const str = (u: Uint8Array | null): string | null =>
  u === null ? null : new TextDecoder().decode(u);

describe('write path and memtables', () => {
  it('charges every write (overwrites too) to the write buffer: key + value + fixed overhead', () => {
    const db = createLsmDb({ writeBufferBytes: 1000 });
    createColumnFamily(db, 'count');
    put(db, 'count', b('abc'), b('12345'));
    put(db, 'count', b('abc'), b('1'));
    del(db, 'count', b('xy'));
    const mt = columnFamily(db, 'count').active;
    expect(mt.bytes).toBe(3 + 5 + 3 + 1 + 2 + 3 * MEMTABLE_ENTRY_OVERHEAD_BYTES);
    expect(mt.entries.map((e) => str(e.key))).toEqual(['abc', 'xy']);
    expect(mt.overwrites).toBe(1);
    expect(db.lastSeq).toBe(3);
  });

  it('seals the memtable when it reaches writeBufferBytes and asks for a flush instead of doing it', () => {
    const db = createLsmDb({ writeBufferBytes: 100 });
    createColumnFamily(db, 's');
    const results = Array.from({ length: 5 }, (_, i) =>
      put(db, 's', b(`key${i}`), b('x'.repeat(10))),
    );
    // 4 + 10 + 16 = 30 bytes per write: the 4th write crosses 100 bytes.
    expect(results.map((r) => r.sealed !== null)).toEqual([false, false, false, true, false]);
    expect(results[3]!.sealed).toMatchObject({ cf: 's', bytes: 120, entries: 4 });
    expect(results[3]!.needsFlush).toBe(true);
    expect(needsFlush(db, 's')).toBe(true);
    expect(needsFlush(db, 'default')).toBe(false);
    expect(liveSstFiles(db)).toEqual([]);
    // Sealed data stays readable from the immutable memtable.
    expect(lookup(db, 's', b('key0'))).toMatchObject({
      foundIn: { kind: 'memtable', active: false },
    });
    expect(lookup(db, 's', b('key4'))).toMatchObject({
      foundIn: { kind: 'memtable', active: true },
    });
  });

  it('flushes the oldest immutable memtable into L0 SSTs numbered 1, 2, … in creation order', () => {
    const db = createLsmDb({ writeBufferBytes: 64, maxWriteBufferNumber: 3 });
    createColumnFamily(db, 's');
    for (let i = 0; i < 4; i++) put(db, 's', b(`k${i}`), b('0123456789012345678'));
    expect(columnFamily(db, 's').immutables).toHaveLength(2);
    const first = flushOldest(db, 's')!;
    expect(first.file).toMatchObject({
      fileNumber: 1,
      level: 0,
      entryCount: 2,
      origin: 'flush',
      inputs: [],
      lineage: [1],
    });
    expect(str(first.file!.smallestKey)).toBe('k0');
    expect(flushOldest(db, 's')!.file!.fileNumber).toBe(2);
    expect(flushOldest(db, 's')).toBeNull();
    expect(get(db, 's', b('k0'))).toEqual(b('0123456789012345678'));
  });

  it('when every memtable slot is taken, flushes the oldest inside the write (RocksDB would stall) and reports it', () => {
    const db = createLsmDb({ writeBufferBytes: 64, maxWriteBufferNumber: 2 });
    createColumnFamily(db, 's');
    const r1 = put(db, 's', b('a'), b('x'.repeat(50)));
    expect(r1.sealed).not.toBeNull();
    expect(r1.stallFlush).toBeNull();
    const r2 = put(db, 's', b('b'), b('x'.repeat(50)));
    expect(r2.stallFlush).toMatchObject({
      reason: 'writeStall',
      memtableId: r1.sealed!.memtableId,
      file: { fileNumber: 1 },
    });
    expect(r2.sealed).not.toBeNull();
    expect(columnFamily(db, 's').immutables).toHaveLength(1);
  });

  it('flushAll writes every column family’s memtables (Flink’s sync phase) and leaves nothing unflushed', () => {
    const db = createLsmDb({ writeBufferBytes: 70, maxWriteBufferNumber: 3 });
    createColumnFamily(db, 'a');
    createColumnFamily(db, 'b');
    for (let i = 0; i < 3; i++) put(db, 'a', b(`a${i}`), b('x'.repeat(20)));
    put(db, 'b', b('b0'), b('y'));
    put(db, 'b', b('b0'), b('z'));
    expect(unflushedWrites(db)).toBe(5);
    const results = flushAll(db);
    expect(results.map((r) => [r.cf, r.file?.fileNumber])).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 3],
    ]);
    expect(results[2]!.droppedVersions).toBe(1);
    expect(unflushedWrites(db)).toBe(0);
    expect(flushAll(db)).toEqual([]);
    expect(str(get(db, 'b', b('b0')))).toBe('z');
  });

  it('copies keys and values so the caller may reuse its buffers', () => {
    const db = createLsmDb();
    const key = b('k');
    const value = b('v1');
    put(db, 'default', key, value);
    value[1] = 0x39;
    key[0] = 0x6a;
    expect(str(get(db, 'default', b('k')))).toBe('v1');
  });

  it('gives clear errors for unknown column families and wrong argument types', () => {
    const db = createLsmDb();
    createColumnFamily(db, 'count');
    expect(() => put(db, 'cnt', b('k'), b('v'))).toThrow(
      'unknown column family "cnt" (existing: "default", "count")',
    );
    expect(() => put(db, 'count', 'k' as unknown as Uint8Array, b('v'))).toThrow(
      'key for column family "count" must be a Uint8Array, got string',
    );
    expect(() => put(db, 'count', b('k'), null as unknown as Uint8Array)).toThrow(
      /value for column family "count" must be a Uint8Array/,
    );
    expect(() => createColumnFamily(db, 'count')).toThrow('column family "count" already exists');
  });
});
