/**
 * The way out when the normal export cannot run: a database written by a newer version of the
 * app (this version may not open it) or too damaged to validate. It dumps every record of every
 * store as JSON, unvalidated, so the user keeps everything before a reset; a newer version of
 * the app, or a person, can make sense of it later.
 */
import { wrap, type IDBPDatabase } from 'idb';
import { toJsonSafe, type Json } from './jsonSafe';
import { DB_NAME } from './schema';
import { toPersistenceError } from './toPersistenceError';

/** Identifies the raw export format. */
export const RAW_EXPORT_FORMAT = 'checkpoint-lab/raw-database-export';

/** Every record of the database as JSON. */
export interface RawDatabaseExport {
  format: typeof RAW_EXPORT_FORMAT;
  databaseName: string;
  /** 0 when there was no database. */
  databaseVersion: number;
  exportedAtMs: number;
  stores: Record<string, { key: Json; value: Json }[]>;
}

/** Opens the database at whatever version it has, without creating or upgrading it; null if it does not exist. */
function openAsIs(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let missing = false;
    const request = factory.open(name);
    request.addEventListener('upgradeneeded', () => {
      // Opening without a version creates the database when it does not exist; that empty
      // version-1 database would later keep the real migrations from running. Abort instead.
      missing = true;
      request.transaction?.abort();
    });
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', (event) => {
      event.preventDefault();
      if (missing) resolve(null);
      else reject(request.error);
    });
  });
}

/** Options of `exportRawDatabase`. */
export interface ExportRawDatabaseOptions {
  /** Defaults to `globalThis.indexedDB`. */
  factory?: IDBFactory;
  /** Defaults to `checkpoint-lab`. */
  name?: string;
  now?: () => number;
}

/** Dumps every record of every store as JSON, without validating or upgrading anything. */
export async function exportRawDatabase(options: ExportRawDatabaseOptions = {}): Promise<RawDatabaseExport> {
  const operation = 'exporting all saved data';
  const name = options.name ?? DB_NAME;
  const now = options.now ?? Date.now;
  const empty: RawDatabaseExport = { format: RAW_EXPORT_FORMAT, databaseName: name, databaseVersion: 0, exportedAtMs: now(), stores: {} };
  let raw: IDBDatabase | null;
  try {
    const factory = options.factory ?? globalThis.indexedDB;
    if (!factory) throw new DOMException('IndexedDB is not available in this browser', 'SecurityError');
    raw = await openAsIs(factory, name);
  } catch (e) {
    throw toPersistenceError(e, operation);
  }
  if (!raw) return empty;
  // Not ours to hold: let a newer tab upgrade or a reset delete while we read.
  raw.addEventListener('versionchange', () => raw.close());
  const db = wrap(raw) as IDBPDatabase<unknown>;
  try {
    const names = [...db.objectStoreNames];
    const stores: RawDatabaseExport['stores'] = {};
    if (names.length > 0) {
      const tx = db.transaction(names, 'readonly');
      const all = await Promise.all(names.map((n) => Promise.all([tx.objectStore(n).getAllKeys(), tx.objectStore(n).getAll()])));
      names.forEach((n, i) => {
        const [keys, values] = all[i]!;
        stores[n] = keys.map((k, j) => ({ key: toJsonSafe(k), value: toJsonSafe(values[j]) }));
      });
    }
    return { ...empty, databaseVersion: db.version, stores };
  } catch (e) {
    throw toPersistenceError(e, operation);
  } finally {
    db.close();
  }
}
