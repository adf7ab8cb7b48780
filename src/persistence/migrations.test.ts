// Migrations: numbered, append-only, run in the upgrade transaction, failures leave data as it was.
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db';
import { MEMORY_INDEX_KEY_PATHS, MEMORY_KEY_PATHS } from './memoryRecordStore';
import { MIGRATIONS, checkMigrations, type Migration } from './migrations';
import { isPersistenceError } from './persistenceError';
import { STORE_NAMES } from './schema';
import { freshFactory } from './testFixtures';

describe('migrations', () => {
  it('are numbered 1…n; the database version is their count', async () => {
    expect(() => checkMigrations(MIGRATIONS)).not.toThrow();
    expect(() => checkMigrations([...MIGRATIONS, { ...MIGRATIONS[0]!, version: MIGRATIONS.length + 2 }])).toThrow(/numbered 1, 2, 3/);
    const db = await openDatabase({ factory: freshFactory() });
    expect(db.version).toBe(MIGRATIONS.length);
    expect(db.version).toBe(4);
  });

  it('create every store and index with the key paths the memory fallback uses', async () => {
    const db = await openDatabase({ factory: freshFactory() });
    expect([...db.objectStoreNames].sort()).toEqual([...STORE_NAMES].sort());
    const tx = db.transaction([...STORE_NAMES]);
    for (const name of STORE_NAMES) {
      const store = tx.objectStore(name);
      expect(store.keyPath).toEqual(MEMORY_KEY_PATHS[name]);
      const indexes = Object.fromEntries([...(store.indexNames as DOMStringList)].map((i) => [i, store.index(i as never).keyPath]));
      expect(indexes).toEqual(MEMORY_INDEX_KEY_PATHS[name] ?? {});
      for (const i of store.indexNames as DOMStringList) expect([store.index(i as never).unique, store.index(i as never).multiEntry]).toEqual([false, false]);
    }
  });

  it('a new migration runs alone on an existing database and keeps its data', async () => {
    const factory = freshFactory();
    const v1 = await openDatabase({ factory });
    await v1.put('sessions', { formatVersion: 1, sessionId: 'a', title: 'A', scenario: {}, interventions: [], cursor: 0, appVersion: 't', createdAtMs: 0, updatedAtMs: 0 });
    v1.close();
    const earlier = MIGRATIONS.map((m) => vi.spyOn(m, 'migrate'));
    const next: Migration = { version: MIGRATIONS.length + 1, description: 'index sessions by update time', migrate: (_db, tx) => void tx.objectStore('sessions').createIndex('byUpdated', 'updatedAtMs') };
    const upgraded = await openDatabase({ factory, migrations: [...MIGRATIONS, next] });
    for (const spy of earlier) expect(spy).not.toHaveBeenCalled();
    expect(upgraded.version).toBe(MIGRATIONS.length + 1);
    expect(await upgraded.getAllKeys('sessions')).toEqual(['a']);
    expect([...upgraded.transaction('sessions').store.indexNames]).toEqual(['byUpdated']);
  });

  it('a failing migration leaves the database at its old version, data intact', async () => {
    const factory = freshFactory();
    const v1 = await openDatabase({ factory });
    await v1.put('registry', { formatVersion: 1, sessionId: 'a', snapshot: {}, savedAtMs: 0 });
    v1.close();
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      description: 'broken',
      migrate: (db) => {
        db.deleteObjectStore('registry');
        throw new Error('step 2 went wrong');
      },
    };
    const e = await openDatabase({ factory, migrations: [...MIGRATIONS, broken] }).catch((x: unknown) => x);
    expect(isPersistenceError(e) && e.kind).toBe('unknown');
    expect(isPersistenceError(e) && e.message).toContain(`Upgrading saved data to version ${MIGRATIONS.length + 1} failed (step 2 went wrong)`);
    const again = await openDatabase({ factory });
    expect(again.version).toBe(MIGRATIONS.length);
    expect(await again.getAllKeys('registry')).toEqual(['a']);
  });
});
