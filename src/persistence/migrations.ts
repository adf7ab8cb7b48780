/**
 * Schema migrations, "migrate, don't change": the database version is the number of migrations,
 * and opening a database at version v runs every migration above v in order, inside the upgrade
 * transaction (so a failed upgrade leaves the old version untouched). Never edit a migration that
 * has shipped, not even its key paths: users' databases were built by it. Add a new one instead.
 * Migrations see an untyped database because the typed schema describes only the newest layout.
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';

/** One step from version `version - 1` to `version`. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  migrate(db: IDBPDatabase<unknown>, tx: IDBPTransaction<unknown, string[], 'versionchange'>): void;
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
];

/** Throws unless the list is versions 1, 2, …, n in order (a mistake a test should catch). */
export function checkMigrations(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Persistence: migration #${i} has version ${m.version}; migrations must be numbered 1, 2, 3… in order`);
  });
}

/** Runs the migrations that take a database from `oldVersion` to `newVersion`. */
export function runMigrations(
  migrations: readonly Migration[],
  db: IDBPDatabase<unknown>,
  tx: IDBPTransaction<unknown, string[], 'versionchange'>,
  oldVersion: number,
  newVersion: number,
): void {
  for (const m of migrations) if (m.version > oldVersion && m.version <= newVersion) m.migrate(db, tx);
}
