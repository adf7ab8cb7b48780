import { describe, expect, it } from 'vitest';
import { digestPlain } from '../core/plainData';
import { flushAll } from './flush';
import { get } from './get';
import { createColumnFamily, createLsmDb, type LsmDb } from './lsmDb';
import { LsmCorruptionError, LsmMissingFileError } from './lsmErrors';
import { lsmInvariantViolations } from './lsmInvariants';
import { decodeManifest, encodeManifest } from './manifest';
import { liveSstFiles, nativeCheckpoint } from './nativeCheckpoint';
import { openDb } from './openDb';
import { pickCompaction } from './pickCompaction';
import { del, put } from './put';
import { runCompaction } from './runCompaction';
import { scan } from './scan';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);

function busyDb(): LsmDb {
  const db = createLsmDb({
    writeBufferBytes: 200,
    level0FileNumCompactionTrigger: 2,
    targetFileSizeBase: 200,
    maxBytesForLevelBase: 600,
    compactionPri: 'roundRobin',
  });
  createColumnFamily(db, 'count');
  createColumnFamily(db, 'window-contents');
  for (let i = 0; i < 400; i++) {
    const cf = i % 3 === 0 ? 'window-contents' : 'count';
    const k = b(`user-${(i * 7) % 53}`);
    const r = i % 11 === 0 ? del(db, cf, k) : put(db, cf, k, b(`v${i}`));
    if (r.needsFlush) flushAll(db);
    for (let p = pickCompaction(db); p !== null; p = pickCompaction(db)) runCompaction(db, p);
  }
  flushAll(db);
  return db;
}

const filesOf = (db: LsmDb): Record<number, Uint8Array> =>
  Object.fromEntries(liveSstFiles(db).map((f) => [f.fileNumber, f.bytes]));
const contents = (db: LsmDb) =>
  db.columnFamilies.map((cf) => [cf.name, scan(db, cf.name, null, null)]);

describe('MANIFEST and openDb (restore from a native checkpoint)', () => {
  it('rebuilds a DB equal to the original from the MANIFEST and SST bytes alone', () => {
    const db = busyDb();
    expect(liveSstFiles(db).some((f) => f.level >= 2)).toBe(true);
    const reopened = openDb(encodeManifest(db), filesOf(db));
    expect(contents(reopened)).toEqual(contents(db));
    const strip = (x: LsmDb) => ({
      ...x,
      nextMemtableId: 0,
      columnFamilies: x.columnFamilies.map((cf) => ({ ...cf, active: null })),
    });
    expect(digestPlain(strip(reopened))).toBe(digestPlain(strip(db)));
    expect(lsmInvariantViolations(reopened, true)).toEqual([]);
    // It continues exactly as the original would: same sequence numbers, same file numbers.
    for (const d of [db, reopened]) {
      put(d, 'count', b('user-1'), b('after'));
      flushAll(d);
      for (let p = pickCompaction(d); p !== null; p = pickCompaction(d)) runCompaction(d, p);
    }
    expect(liveSstFiles(reopened).map(({ bytes: _b, ...m }) => m)).toEqual(
      liveSstFiles(db).map(({ bytes: _b, ...m }) => m),
    );
    expect(new TextDecoder().decode(get(reopened, 'count', b('user-1'))!)).toBe('after');
  });

  it('opens with the restoring job’s options when given, as Flink does', () => {
    const db = busyDb();
    const reopened = openDb(encodeManifest(db), filesOf(db), {
      config: { writeBufferBytes: 4096 },
    });
    expect(reopened.config.writeBufferBytes).toBe(4096);
    expect(reopened.config.compactionPri).toBe('roundRobin');
    expect(() => openDb(encodeManifest(db), filesOf(db), { config: { numLevels: 2 } })).toThrow(
      /files at L\d, but the config allows only 2 levels/,
    );
  });

  it('names the SST that is missing', () => {
    const db = busyDb();
    const files = filesOf(db);
    const victim = liveSstFiles(db)[1]!;
    delete files[victim.fileNumber];
    const open = () => openDb(encodeManifest(db), files);
    expect(open).toThrow(LsmMissingFileError);
    expect(open).toThrow(
      new RegExp(
        `^${victim.fileName} is missing: MANIFEST-000001 lists it in column family "${victim.cfName}" at L${victim.level}`,
      ),
    );
  });

  it('names the SST whose bytes are damaged or belong to another file', () => {
    const db = busyDb();
    const live = liveSstFiles(db);
    const victim = live[0]!;
    const files = filesOf(db);
    const bad = victim.bytes.slice();
    const mid = Math.floor(bad.length / 2);
    bad[mid] = bad[mid]! ^ 1;
    files[victim.fileNumber] = bad;
    expect(() => openDb(encodeManifest(db), files)).toThrow(LsmCorruptionError);
    expect(() => openDb(encodeManifest(db), files)).toThrow(
      `${victim.fileName} is corrupt: checksum mismatch`,
    );
    files[victim.fileNumber] = live[1]!.bytes;
    expect(() => openDb(encodeManifest(db), files)).toThrow(
      `${victim.fileName} is corrupt: does not match MANIFEST-000001: it says it is file ${live[1]!.fileNumber}`,
    );
  });

  it('detects any damaged MANIFEST byte and names the MANIFEST', () => {
    const db = busyDb();
    const manifest = encodeManifest(db);
    const files = filesOf(db);
    for (let i = 0; i < manifest.length; i += 7) {
      const bad = manifest.slice();
      bad[i] = bad[i]! ^ 0x10;
      expect(() => openDb(bad, files)).toThrow(/^MANIFEST-000001 is corrupt: /);
    }
    expect(() => openDb(manifest.subarray(0, 5), files)).toThrow(
      'MANIFEST-000001 is corrupt: only 5 bytes, too short for a MANIFEST',
    );
    expect(() =>
      decodeManifest(manifest.subarray(0, manifest.length - 1), 'chk-7/MANIFEST'),
    ).toThrow(/^chk-7\/MANIFEST is corrupt: checksum mismatch/);
  });

  it('hands a native checkpoint its shared SSTs and private MANIFEST, CURRENT and OPTIONS, but only after a flush', () => {
    const db = createLsmDb();
    createColumnFamily(db, 'count');
    put(db, 'count', b('k'), b('v'));
    expect(() => nativeCheckpoint(db)).toThrow(
      'nativeCheckpoint: 1 write(s) are still in memtables and would be missing from the checkpoint; call flushAll first',
    );
    flushAll(db);
    const cp = nativeCheckpoint(db);
    expect(cp.sstFiles.map((f) => [f.fileNumber, f.fileName, f.inputs])).toEqual([[1, '000001.sst', []]]);
    expect(new TextDecoder().decode(cp.current.bytes)).toBe('MANIFEST-000001\n');
    expect(cp.options.fileName).toBe('OPTIONS-000001');
    expect(new TextDecoder().decode(cp.options.bytes)).toContain('write_buffer_size=4096');
    const restored = openDb(cp.manifest.bytes, { 1: cp.sstFiles[0]!.bytes });
    expect(new TextDecoder().decode(get(restored, 'count', b('k'))!)).toBe('v');
  });
});
