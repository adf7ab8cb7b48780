// Migration 2 on a database written by version 1 (fixtures/v1-database.json: the raw records, the
// listFiles/readFiles results and a session export, all captured from the version-1 code): the
// upgraded database gives the same results, converts what it can, and fails as a whole.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '../engine/storage/remoteStorage';
import { openDatabase } from './db';
import { exportRawDatabase } from './exportRawDatabase';
import v1 from './fixtures/v1-database.json';
import { fromJsonSafe } from './jsonSafe';
import { MIGRATIONS } from './migrations';
import { openPersistence } from './openPersistence';
import { FILE_FORMAT_VERSION } from './records';
import { STORE_NAMES } from './schema';
import type { StorageMirror } from './storageMirror';
import { freshFactory, memoryMirror, rawDb, rejection, testClock } from './testFixtures';

const SESSIONS = ['v1-session', 'other'] as const;
const v1Listing = (s: (typeof SESSIONS)[number]) => v1.listFiles[s];
const v1Bytes = (s: (typeof SESSIONS)[number]) => fromJsonSafe(v1.readFiles[s]) as Map<string, Uint8Array>;

/** A version-1 database holding the fixture's records, plus `extra` raw files records. */
async function v1Database(extra: object[] = []): Promise<IDBFactory> {
  const factory = freshFactory();
  const db = await openDatabase({ factory, migrations: MIGRATIONS.slice(0, 1) });
  expect(db.version).toBe(1);
  const raw = db as unknown as { put(store: string, value: unknown): Promise<unknown> };
  for (const [store, entries] of Object.entries(v1.raw.stores)) for (const { value } of entries) await raw.put(store, fromJsonSafe(value));
  for (const value of extra) await raw.put('files', value);
  db.close();
  return factory;
}

async function upgraded(factory: IDBFactory): Promise<StorageMirror> {
  const opened = await openPersistence({ factory, appVersion: 'test-2', now: testClock() });
  expect(opened.problem).toBeNull();
  return opened.mirror;
}

afterEach(() => vi.restoreAllMocks());

describe('migration 2 (files records carry their listing; fileIndex goes)', () => {
  it('gives identical listFiles and readFiles results after upgrading a version-1 database', async () => {
    const mirror = await upgraded(await v1Database());
    for (const s of SESSIONS) {
      const listing = await mirror.listFiles(s);
      expect(listing).toEqual(v1Listing(s));
      expect(await mirror.readFiles(s, listing.map((f) => f.path))).toEqual(v1Bytes(s));
    }
    // Reconciling to what version 1 held finds every file sound and unchanged.
    const model: Record<string, StoredFile> = {};
    for (const f of v1Listing('v1-session')) model[f.path] = { path: f.path, bytes: v1Bytes('v1-session').get(f.path)!, meta: f.meta as StoredFile['meta'] };
    expect(await mirror.reconcile('v1-session', model, { verifyBytes: true })).toMatchObject({ added: 0, replaced: 0, deleted: 0, unchanged: v1Listing('v1-session').length });
  });

  it('converts every files record, drops fileIndex and leaves the other stores as they were', async () => {
    const factory = await v1Database();
    (await upgraded(factory)).close();
    const dump = await exportRawDatabase({ factory, now: () => 0 });
    expect(dump.databaseVersion).toBe(4); // migrations 2, 3 (lessonProgress) and 4 (userLessons) all ran
    expect(Object.keys(dump.stores).sort()).toEqual([...STORE_NAMES].sort());
    for (const store of ['checkpoints', 'sessions', 'registry'] as const) expect(dump.stores[store]).toEqual(v1.raw.stores[store]);
    // The same records with `meta` as `metaJson` (the same fields, in the same order) and format 2.
    expect(dump.stores.files).toEqual(
      v1.raw.stores.files.map(({ key, value: { meta, ...rest } }) => ({ key, value: { ...rest, formatVersion: FILE_FORMAT_VERSION, metaJson: JSON.stringify(meta) } })),
    );
    const raw = await rawDb(factory);
    const indexed = await raw.transaction('files').store.index('byListing').getAllKeys();
    expect(indexed).toEqual(v1.raw.stores.files.map((e) => e.key));
    raw.close();
  });

  it('exports the upgraded session as version 1 did, and an export made by version 1 still imports', async () => {
    const mirror = await upgraded(await v1Database());
    expect(await mirror.exportSession('v1-session')).toEqual({ ...v1.exportSession, exportedAtMs: expect.any(Number), exportedBy: 'test-2' });
    for (const target of [mirror, (await memoryMirror()).mirror]) {
      const summary = await target.importSession(JSON.parse(JSON.stringify(v1.exportSession)), 'copy');
      expect(summary).toMatchObject({ sessionId: 'copy', title: 'Saved by version 1', cursor: 4 });
      const listing = await target.listFiles('copy');
      expect(listing).toEqual(v1Listing('v1-session'));
      expect(await target.readFiles('copy', listing.map((f) => f.path))).toEqual(v1Bytes('v1-session'));
    }
  });

  it('leaves a damaged version-1 record as it is: listing reports it, reconciling replaces it', async () => {
    const damaged = { formatVersion: 1, sessionId: 'v1-session', path: 'job/zz-damaged', bytes: new Uint8Array(2), size: 2, digest: 'x' }; // no meta
    const mirror = await upgraded(await v1Database([damaged]));
    const e = await rejection(mirror.listFiles('v1-session'));
    expect([e.kind, e.store, e.key]).toEqual(['corrupt', 'files', '["v1-session","job/zz-damaged"]']);
    expect(e.message).toContain('formatVersion 1, but this version reads only 2');
    const model: Record<string, StoredFile> = { 'job/zz-damaged': { path: 'job/zz-damaged', bytes: new Uint8Array([1, 2]), meta: v1Listing('v1-session')[0]!.meta as StoredFile['meta'] } };
    for (const f of v1Listing('v1-session')) model[f.path] = { path: f.path, bytes: v1Bytes('v1-session').get(f.path)!, meta: f.meta as StoredFile['meta'] };
    expect(await mirror.reconcile('v1-session', model)).toMatchObject({ replaced: 1, unchanged: v1Listing('v1-session').length });
    expect(await mirror.readFile('v1-session', 'job/zz-damaged')).toEqual(new Uint8Array([1, 2]));
    expect(await mirror.listFiles('other')).toEqual(v1Listing('other'));
  });

  it('a conversion that fails part-way leaves the version-1 database untouched, and a later open upgrades it', async () => {
    const factory = await v1Database();
    const before = await exportRawDatabase({ factory, now: () => 0 });
    const update = IDBCursor.prototype.update;
    let calls = 0;
    vi.spyOn(IDBCursor.prototype, 'update').mockImplementation(function (this: IDBCursor, value: unknown) {
      if (++calls === 3) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return update.call(this, value);
    });
    const failed = await openPersistence({ factory });
    expect([failed.durable, failed.problem?.kind]).toEqual([false, 'unknown']);
    expect(failed.problem?.message).toContain('Upgrading saved data to version 4 failed (The quota has been exceeded.)');
    vi.restoreAllMocks();
    expect(await exportRawDatabase({ factory, now: () => 0 })).toEqual(before);
    expect(before.databaseVersion).toBe(1);
    const mirror = await upgraded(factory);
    for (const s of SESSIONS) expect(await mirror.listFiles(s)).toEqual(v1Listing(s));
  });
});
