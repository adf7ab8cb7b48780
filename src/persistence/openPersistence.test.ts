// Opening under faults: no IndexedDB, open failing, a newer database, blocking tabs, resets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db';
import { exportRawDatabase } from './exportRawDatabase';
import { MIGRATIONS, type Migration } from './migrations';
import { openPersistence } from './openPersistence';
import { resetDatabase } from './resetDatabase';
import { DB_NAME } from './schema';
import { bytesOf, freshFactory, idbMirror, put, rejection } from './testFixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('opening', () => {
  it('falls back to memory, with a flag and a notice, when there is no indexedDB global', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const opened = await openPersistence();
    expect(opened.durable).toBe(false);
    expect(opened.mirror.durable).toBe(false);
    expect(opened.problem?.kind).toBe('unavailable');
    expect(opened.notice).toContain('lost when you reload');
    // The fallback works like the real thing.
    await opened.mirror.applyOps('s1', [put('a', bytesOf(3))]);
    expect(await opened.mirror.readFile('s1', 'a')).toEqual(bytesOf(3));
  });

  it('falls back to memory when open throws or fails', async () => {
    const throwing = { open: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as IDBFactory;
    const a = await openPersistence({ factory: throwing });
    expect([a.durable, a.problem?.kind]).toEqual([false, 'unavailable']);
    expect(a.problem?.message).toContain('SecurityError');

    // Like Firefox's private mode before 115: the open request fires `error` with InvalidStateError.
    const erroring = {
      open: () => {
        const request = new EventTarget();
        Object.defineProperty(request, 'error', { value: new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError') });
        setTimeout(() => request.dispatchEvent(new Event('error')));
        return request;
      },
    } as unknown as IDBFactory;
    const b = await openPersistence({ factory: erroring });
    expect([b.durable, b.problem?.kind, b.problem?.recovery]).toEqual([false, 'unavailable', ['reload']]);
    expect(b.problem?.message).toContain('The browser refused to open saved data (InvalidStateError)');
    expect(await openPersistence({ factory: null })).toMatchObject({ durable: false, problem: { kind: 'unavailable' } });
  });

  it('falls back to memory when the upgrade is aborted', async () => {
    const factory = freshFactory();
    const original = factory.open.bind(factory);
    vi.spyOn(factory, 'open').mockImplementation((name, version) => {
      const request = original(name, version);
      request.addEventListener('upgradeneeded', () => request.transaction!.abort());
      return request;
    });
    const opened = await openPersistence({ factory });
    expect([opened.durable, opened.problem?.kind]).toEqual([false, 'unknown']);
    expect(opened.problem?.message).toContain(`Upgrading saved data to version ${MIGRATIONS.length} failed`);
  });

  it('opens durably on a working factory', async () => {
    const opened = await openPersistence({ factory: freshFactory() });
    expect(opened).toMatchObject({ durable: true, problem: null, notice: null });
  });

  it('reports version-too-new for a database from a newer app, and can export it raw and reset it', async () => {
    const factory = freshFactory();
    const newer = await openDatabase({ factory, migrations: [...MIGRATIONS, { version: MIGRATIONS.length + 1, description: 'future', migrate: (db) => void db.createObjectStore('future') }] });
    await newer.put('sessions', { formatVersion: 1, sessionId: 'kept', title: 'T', scenario: {}, interventions: [], cursor: 0, appVersion: 'x', createdAtMs: 1, updatedAtMs: 1 });
    newer.close();

    const opened = await openPersistence({ factory });
    expect(opened.durable).toBe(false);
    expect(opened.problem?.kind).toBe('version-too-new');
    expect(opened.problem?.recovery).toEqual(['export', 'reset']);
    expect(opened.problem?.message).toContain('newer version of Checkpoint Lab');

    const dump = await exportRawDatabase({ factory });
    expect(dump.databaseVersion).toBe(MIGRATIONS.length + 1);
    expect(Object.keys(dump.stores).sort()).toEqual(['checkpoints', 'files', 'future', 'lessonProgress', 'registry', 'sessions', 'userLessons']);
    expect(dump.stores.sessions?.[0]?.key).toBe('kept');

    await resetDatabase({ factory });
    expect((await openPersistence({ factory })).durable).toBe(true);
  });

  it('exporting a database that does not exist creates nothing that would break the real open', async () => {
    const factory = freshFactory();
    expect((await exportRawDatabase({ factory })).databaseVersion).toBe(0);
    const opened = await openPersistence({ factory });
    expect(opened.durable).toBe(true);
    await opened.mirror.applyOps('s', [put('a', bytesOf(1))]);
  });

  it('falls back with corrupt when the database lacks our stores', async () => {
    const factory = freshFactory();
    await openDatabase({ factory, migrations: [{ version: 1, description: 'someone else', migrate: (db) => void db.createObjectStore('files') }] }).then((db) => db.close());
    const opened = await openPersistence({ factory });
    expect(opened.problem?.kind).toBe('corrupt');
    expect(opened.problem?.message).toContain('missing stores: checkpoints, sessions, registry');
  });

  it('falls back with corrupt when the database lacks our indexes', async () => {
    const factory = freshFactory();
    const withoutIndex: Migration = { version: 2, description: 'someone else', migrate: (db) => void db.deleteObjectStore('fileIndex') };
    await openDatabase({ factory, migrations: [MIGRATIONS[0]!, withoutIndex] }).then((db) => db.close());
    const opened = await openPersistence({ factory });
    expect([opened.durable, opened.problem?.kind]).toEqual([false, 'corrupt']);
    expect(opened.problem?.message).toContain('missing indexes: files.byListing');
  });
});

/** The current database held open by a connection without a versionchange handler: an old tab that never lets go. */
async function oldTab(factory: IDBFactory): Promise<IDBDatabase> {
  (await openDatabase({ factory })).close();
  return new Promise<IDBDatabase>((resolve) => {
    const r = factory.open(DB_NAME, MIGRATIONS.length);
    r.onsuccess = () => resolve(r.result);
  });
}

describe('other tabs', () => {
  const nextVersion: readonly Migration[] = [...MIGRATIONS, { version: MIGRATIONS.length + 1, description: 'test', migrate: (_db, tx) => void tx.objectStore('files').createIndex('byPath', 'path') }];

  it('an old connection that does not close blocks the upgrade: onBlocked at once, blocked after the timeout', async () => {
    const factory = freshFactory();
    const old = await oldTab(factory);
    const onBlocked = vi.fn();
    const opened = await openPersistence({ factory, migrations: nextVersion, timeoutMs: 100, onBlocked });
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(onBlocked.mock.calls[0]?.[0]).toMatchObject({ kind: 'blocked' });
    expect(opened.durable).toBe(false);
    expect(opened.problem?.kind).toBe('blocked');
    expect(opened.problem?.message).toContain('Close (or reload) the other Checkpoint Lab tabs');
    old.close();
  });

  it('a blocked open goes ahead when the other tab closes in time', async () => {
    const factory = freshFactory();
    const old = await oldTab(factory);
    const opened = await openPersistence({ factory, migrations: nextVersion, timeoutMs: 5000, onBlocked: () => old.close() });
    expect(opened.problem).toBeNull();
    expect(opened.durable).toBe(true);
  });

  it('our connection closes on versionchange so a newer tab can upgrade; later calls say why', async () => {
    const factory = freshFactory();
    const onConnectionLost = vi.fn();
    const ours = await openPersistence({ factory, onConnectionLost });
    await ours.mirror.applyOps('s1', [put('a', bytesOf(2))]);
    const newer = await openPersistence({ factory, migrations: nextVersion, timeoutMs: 1000 });
    expect(newer.durable).toBe(true);
    expect(onConnectionLost).toHaveBeenCalledTimes(1);
    const e = await rejection(ours.mirror.applyOps('s1', [put('b', bytesOf(2))]));
    expect(e.kind).toBe('unavailable');
    expect(e.recovery).toEqual(['reload']);
    expect(e.message).toContain('newer version of Checkpoint Lab');
    expect(await newer.mirror.readFile('s1', 'a')).toEqual(bytesOf(2));
  });

  it('reset from this tab closes our connection and deletes everything', async () => {
    const factory = freshFactory();
    const onConnectionLost = vi.fn();
    const ours = await openPersistence({ factory, onConnectionLost });
    await ours.mirror.applyOps('s1', [put('a', bytesOf(2))]);
    await resetDatabase({ factory });
    expect(onConnectionLost.mock.calls[0]?.[0].message).toContain('reset from another tab');
    const again = await openPersistence({ factory });
    expect(await again.mirror.listFiles('s1')).toEqual([]);
  });

  it('reset is blocked by an old tab that does not close, and finishes when it does', async () => {
    const factory = freshFactory();
    const old = await new Promise<IDBDatabase>((resolve) => {
      const r = factory.open(DB_NAME, 1);
      r.onupgradeneeded = () => r.result.createObjectStore('x');
      r.onsuccess = () => resolve(r.result);
    });
    const onBlocked = vi.fn();
    const e = await rejection(resetDatabase({ factory, timeoutMs: 100, onBlocked }));
    expect(e.kind).toBe('blocked');
    expect(onBlocked).toHaveBeenCalledTimes(1);
    old.close();
    await vi.waitFor(async () => expect((await factory.databases()).length).toBe(0));
  });

  it('a closed mirror refuses work with unavailable', async () => {
    const { mirror } = await idbMirror();
    mirror.close();
    expect((await rejection(mirror.listFiles('s'))).kind).toBe('unavailable');
  });
});

