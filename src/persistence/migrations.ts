/**
 * Schema migrations, "migrate, don't change": the database version is the number of migrations,
 * and opening a database at version v runs every migration above v in order, inside the upgrade
 * transaction (so a failed upgrade leaves the old version untouched). Never edit a migration that
 * has shipped, not even its key paths: users' databases were built by it. Add a new one instead.
 * Migrations see an untyped database because the typed schema describes only the newest layout.
 * A migration may convert records: it returns a promise, and may await only requests of `tx`
 * (as in any transaction, awaiting anything else would let the upgrade commit under it).
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';

/** One step from version `version - 1` to `version`. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  migrate(db: IDBPDatabase<unknown>, tx: IDBPTransaction<unknown, string[], 'versionchange'>): void | Promise<void>;
}

/** Every migration so far, in order; the database version is its length. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'Create the files, fileIndex, checkpoints, sessions and registry stores',
    migrate(db) {
      // Compound key paths that start with sessionId: a session's records are one key range.
      db.createObjectStore('files', { keyPath: ['sessionId', 'path'] });
      db.createObjectStore('fileIndex', { keyPath: ['sessionId', 'path'] });
      db.createObjectStore('checkpoints', { keyPath: ['sessionId', 'checkpointId'] });
      db.createObjectStore('sessions', { keyPath: 'sessionId' });
      db.createObjectStore('registry', { keyPath: 'sessionId' });
    },
  },
  {
    version: 2,
    description: 'Keep each file\'s listing in its files record (formatVersion 2, meta as metaJson), listed by the byListing index; drop fileIndex',
    async migrate(db, tx) {
      // Every fileIndex record repeats what its files record holds, so the store goes as it is.
      if (db.objectStoreNames.contains('fileIndex')) db.deleteObjectStore('fileIndex');
      // A database without our stores is not ours to fix: opening reports it (as corrupt).
      if (!db.objectStoreNames.contains('files')) return;
      // Listing reads only this index's keys: no bytes, and no second record to write per file.
      tx.objectStore('files').createIndex('byListing', ['sessionId', 'path', 'formatVersion', 'size', 'digest', 'metaJson']);
      let cursor = await tx.objectStore('files').openCursor();
      while (cursor) {
        const v2 = fileRecordV1ToV2(cursor.value);
        // A record that is not a sound version-1 record stays as it is: listing reports it as
        // damaged and reconciling replaces it, as they do for any damaged record.
        if (v2) await cursor.update(v2);
        cursor = await cursor.continue();
      }
    },
  },
  {
    version: 3,
    description: 'Create the lessonProgress store (one record per lesson id, independent of sessions)',
    migrate(db) {
      if (!db.objectStoreNames.contains('lessonProgress')) db.createObjectStore('lessonProgress', { keyPath: 'lessonId' });
    },
  },
  {
    version: 4,
    description: 'Create the userLessons store (lessons a teacher saved or imported, one record per lesson id)',
    migrate(db) {
      if (!db.objectStoreNames.contains('userLessons')) db.createObjectStore('userLessons', { keyPath: 'id' });
    },
  },
];

/**
 * Migration 2's conversion of a version-1 `files` record, frozen with it: the same record with
 * `meta` as `metaJson` (its six fields in this order), or null when `value` is not a version-1
 * file record whose description JSON can hold.
 */
function fileRecordV1ToV2(value: unknown): object | null {
  if (typeof value !== 'object' || value === null) return null;
  const { meta, ...rest } = value as Record<string, unknown>;
  if (rest.formatVersion !== 1 || typeof rest.size !== 'number' || typeof rest.digest !== 'string' || !(rest.bytes instanceof Uint8Array)) return null;
  if (typeof meta !== 'object' || meta === null) return null;
  const m = meta as Record<string, unknown>;
  const finite = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x);
  if (typeof m.scope !== 'string' || typeof m.kind !== 'string' || typeof m.task !== 'string' || !finite(m.checkpointId) || !finite(m.writtenAtMs) || !(m.sst === null || finite(m.sst))) return null;
  const metaJson = JSON.stringify({ scope: m.scope, kind: m.kind, task: m.task, checkpointId: m.checkpointId, writtenAtMs: m.writtenAtMs, sst: m.sst });
  return { ...rest, formatVersion: 2, metaJson };
}

/** Throws unless the list is versions 1, 2, …, n in order (a mistake a test should catch). */
export function checkMigrations(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Persistence: migration #${i} has version ${m.version}; migrations must be numbered 1, 2, 3… in order`);
  });
}

/**
 * Runs the migrations that take a database from `oldVersion` to `newVersion`, each after the
 * previous one has finished; rejects with the first failure (the caller aborts the upgrade).
 */
export async function runMigrations(
  migrations: readonly Migration[],
  db: IDBPDatabase<unknown>,
  tx: IDBPTransaction<unknown, string[], 'versionchange'>,
  oldVersion: number,
  newVersion: number,
): Promise<void> {
  for (const m of migrations) if (m.version > oldVersion && m.version <= newVersion) await m.migrate(db, tx);
}
