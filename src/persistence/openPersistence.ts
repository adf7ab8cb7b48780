/**
 * The app's entry point to persistence: opens the IndexedDB mirror, or, when that is not
 * possible, an in-memory mirror with the same API plus the reason and a notice for the user.
 * It never rejects: the app always gets a working mirror and decides what to show.
 *
 * Falls back to memory when: there is no IndexedDB (`indexedDB` missing or throwing on access),
 * `open` throws or fails (private windows, policies), another tab blocks the open past the
 * timeout (`blocked`), the database is from a newer app (`version-too-new`), or its layout (stores
 * and indexes) is not what the migrations make (`corrupt`).
 */
import type { IDBPDatabase } from 'idb';
import { openDatabase } from './db';
import { IdbRecordStore } from './idbRecordStore';
import { MemoryRecordStore } from './memoryRecordStore';
import type { Migration } from './migrations';
import { PersistenceError, isPersistenceError } from './persistenceError';
import { INDEX_NAMES, STORE_NAMES, type CheckpointLabSchema } from './schema';
import { StorageMirror, type StorageMirrorOptions } from './storageMirror';
import { toPersistenceError } from './toPersistenceError';

/** Options of `openPersistence`. */
export interface OpenPersistenceOptions extends StorageMirrorOptions {
  /** The factory to use; default `globalThis.indexedDB`; `null` means "IndexedDB is unavailable". */
  factory?: IDBFactory | null;
  /** Database name; default `checkpoint-lab`. */
  name?: string;
  /** Default MIGRATIONS; tests pass more to play a newer app. */
  migrations?: readonly Migration[];
  /** How long to wait for the browser or a blocking tab; default 10 s. */
  timeoutMs?: number;
  /** Called at once when another tab blocks the open (show "close other tabs" while waiting). */
  onBlocked?: (error: PersistenceError) => void;
  /** Called when the open connection is closed later (another tab upgraded or reset it; the browser closed it). */
  onConnectionLost?: (error: PersistenceError) => void;
}

/** What `openPersistence` gives the app. */
export interface OpenedPersistence {
  mirror: StorageMirror;
  /** Same as `mirror.durable`: false means nothing survives a reload. */
  durable: boolean;
  /** Why the mirror is not durable; null when it is. */
  problem: PersistenceError | null;
  /** The sentence(s) to show when not durable: the problem plus what falling back means. */
  notice: string | null;
}

const MEMORY_ONLY = 'Until this is solved, Checkpoint Lab keeps your work in this tab’s memory only: it will be lost when you reload or close the page.';

function defaultFactory(): IDBFactory | null {
  try {
    // Reading `indexedDB` itself throws in some locked-down contexts (e.g. sandboxed iframes).
    return globalThis.indexedDB ?? null;
  } catch {
    return null;
  }
}

function noIndexedDb(): PersistenceError {
  return new PersistenceError({
    kind: 'unavailable',
    operation: 'opening saved data',
    recovery: ['reload'],
    message: 'This browser offers no IndexedDB to this page (private window, or site data blocked by a setting or policy), so nothing can be saved. Use a normal window or allow site data, then reload.',
  });
}

function missingLayout(what: string): PersistenceError {
  return new PersistenceError({
    kind: 'corrupt',
    operation: 'opening saved data',
    recovery: ['export', 'reset'],
    message: `Saved data does not have the layout this version expects (${what}). Export the raw data if you need it, then reset saved data.`,
  });
}

/** What of our layout `db` lacks (stores, then indexes), or null when it has all of it. */
function missingFrom(db: IDBPDatabase<CheckpointLabSchema>): string | null {
  const stores = STORE_NAMES.filter((n) => !db.objectStoreNames.contains(n));
  if (stores.length > 0) return `missing stores: ${stores.join(', ')}`;
  const tx = db.transaction([...new Set(INDEX_NAMES.map((i) => i.store))]);
  // Typed per store, the index names of a store chosen at run time come out as `never`.
  const indexes = INDEX_NAMES.filter((i) => !(tx.objectStore(i.store).indexNames as DOMStringList).contains(i.index));
  return indexes.length > 0 ? `missing indexes: ${indexes.map((i) => `${i.store}.${i.index}`).join(', ')}` : null;
}

/** Opens persistence, falling back to memory; never rejects. */
export async function openPersistence(options: OpenPersistenceOptions = {}): Promise<OpenedPersistence> {
  const factory = options.factory === undefined ? defaultFactory() : options.factory;
  const fallback = (problem: PersistenceError): OpenedPersistence => ({
    mirror: new StorageMirror(new MemoryRecordStore(), options),
    durable: false,
    problem,
    notice: `${problem.message} ${MEMORY_ONLY}`,
  });
  if (!factory) return fallback(noIndexedDb());
  let store: IdbRecordStore | null = null;
  try {
    const db = await openDatabase({
      factory,
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.migrations === undefined ? {} : { migrations: options.migrations }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.onBlocked === undefined ? {} : { onBlocked: options.onBlocked }),
      onClosed: (e) => {
        store?.markClosed(e);
        options.onConnectionLost?.(e);
      },
    });
    const missing = missingFrom(db);
    if (missing) {
      db.close();
      return fallback(missingLayout(missing));
    }
    store = new IdbRecordStore(db);
    return { mirror: new StorageMirror(store, options), durable: true, problem: null, notice: null };
  } catch (e) {
    return fallback(isPersistenceError(e) ? e : toPersistenceError(e, 'opening saved data'));
  }
}
