/**
 * The in-memory RecordStore: the fallback when IndexedDB cannot be used (private windows,
 * policies, a database from a newer version). Data lives as long as the page. It keeps
 * IndexedDB's rules so that the mirror behaves the same on it: records are structured-cloned
 * in and out (no aliasing with the caller's objects), transactions run one at a time and are
 * atomic (writes go to copies of the touched tables, swapped in only when `work` succeeds), a
 * write in a readonly transaction or to a store outside the scope fails, a `tx` used after its
 * transaction has finished throws as IndexedDB's does, and an index lists exactly the records
 * IndexedDB would index (its keys are computed from the records when read, so they are never stale).
 */
import { PersistenceError } from './persistenceError';
import { compareKeys, type IndexEntry, type RecordKey, type RecordStore, type RecordTx, type StoredEntry } from './recordStore';
import { FILE_LISTING_KEY_PATH } from './records';
import { STORE_NAMES, type IndexName, type ListedStore, type SessionRangeStore, type StoreName } from './schema';
import { toPersistenceError } from './toPersistenceError';

/** Each store's key path; must equal what the migrations create (a test compares them). */
export const MEMORY_KEY_PATHS: Readonly<Record<StoreName, string | readonly string[]>> = {
  files: ['sessionId', 'path'],
  checkpoints: ['sessionId', 'checkpointId'],
  sessions: 'sessionId',
  registry: 'sessionId',
  lessonProgress: 'lessonId',
  userLessons: 'id',
};

/** Each index's key path by store; must equal what the migrations create (a test compares them). */
export const MEMORY_INDEX_KEY_PATHS: Readonly<Partial<Record<StoreName, Readonly<Partial<Record<IndexName, readonly string[]>>>>>> = {
  files: { byListing: FILE_LISTING_KEY_PATH },
};

/**
 * The index key of `record`, or undefined when IndexedDB would leave it out of the index (a
 * field missing or not a valid key). Only string and number fields count as keys here: the
 * indexed fields of this app's records are never dates or binary, and a record holding one
 * there is damaged whichever way it is treated.
 */
function indexKeyOf(record: unknown, keyPath: readonly string[]): unknown[] | undefined {
  const key: unknown[] = [];
  for (const name of keyPath) {
    const v = (record as Record<string, unknown>)[name];
    if (typeof v !== 'string' && (typeof v !== 'number' || Number.isNaN(v))) return undefined;
    key.push(v);
  }
  return key;
}

type Table = Map<string, StoredEntry>;

function keyOf(store: StoreName, record: object): RecordKey {
  const path = MEMORY_KEY_PATHS[store];
  const field = (name: string): string | number => {
    const v = (record as Record<string, unknown>)[name];
    if (typeof v !== 'string' && (typeof v !== 'number' || Number.isNaN(v))) throw new DOMException(`The record has no valid key field "${name}" for store "${store}"`, 'DataError');
    return v;
  };
  return typeof path === 'string' ? (field(path) as string) : (path.map(field) as unknown as RecordKey);
}

function sorted(entries: Iterable<StoredEntry>): StoredEntry[] {
  return [...entries].sort((a, b) => compareKeys(a.key, b.key));
}

/** Records in memory, lost on reload. */
export class MemoryRecordStore implements RecordStore {
  readonly durable = false;
  private readonly tables = new Map<StoreName, Table>(STORE_NAMES.map((n) => [n, new Map()]));
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  transact<T>(stores: readonly StoreName[], mode: 'readonly' | 'readwrite', operation: string, work: (tx: RecordTx) => Promise<T>): Promise<T> {
    // One at a time, like overlapping readwrite transactions in IndexedDB: two interleaved
    // copy-on-write transactions would otherwise lose each other's writes.
    const run = (): Promise<T> => this.run(stores, mode, operation, work);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  close(): void {
    this.closed = true;
  }

  private async run<T>(stores: readonly StoreName[], mode: 'readonly' | 'readwrite', operation: string, work: (tx: RecordTx) => Promise<T>): Promise<T> {
    if (this.closed) {
      throw new PersistenceError({ kind: 'unavailable', operation, recovery: ['reload'], message: 'Temporary (in-memory) data was closed by the app. Reload the page.' });
    }
    const scope = new Set(stores);
    const staged = new Map<StoreName, Table>();
    let finished = false;
    const live = (store: StoreName): void => {
      if (finished) throw new DOMException('The transaction has finished', 'TransactionInactiveError');
      if (!scope.has(store)) throw new DOMException(`Store "${store}" is not in this transaction's scope`, 'NotFoundError');
    };
    const reading = (store: StoreName): Table => {
      live(store);
      return staged.get(store) ?? this.tables.get(store)!;
    };
    const writing = (store: StoreName): Table => {
      live(store);
      if (mode === 'readonly') throw new DOMException('The transaction is read-only', 'ReadOnlyError');
      let t = staged.get(store);
      if (!t) {
        t = new Map(this.tables.get(store)!);
        staged.set(store, t);
      }
      return t;
    };
    const put = (store: StoreName, record: object): void => {
      const t = writing(store);
      const key = keyOf(store, record);
      t.set(JSON.stringify(key), { key, value: structuredClone(record) });
    };
    const inSession = (t: Table, sessionId: string): StoredEntry[] => sorted([...t.values()].filter((e) => Array.isArray(e.key) && e.key[0] === sessionId));
    const tx: RecordTx = {
      get: async (store, key) => {
        const e = reading(store).get(JSON.stringify(key));
        return e === undefined ? undefined : structuredClone(e.value);
      },
      getSessionEntries: async (store: SessionRangeStore, sessionId) => inSession(reading(store), sessionId).map((e) => ({ key: e.key, value: structuredClone(e.value) })),
      getSessionKeys: async (store: SessionRangeStore, sessionId) => inSession(reading(store), sessionId).map((e) => e.key),
      getSessionIndexKeys: async (store: SessionRangeStore, index: IndexName, sessionId) => {
        const t = reading(store);
        const keyPath = MEMORY_INDEX_KEY_PATHS[store]?.[index];
        if (!keyPath) throw new DOMException(`Store "${store}" has no index "${index}"`, 'NotFoundError');
        const entries: IndexEntry[] = [];
        for (const e of inSession(t, sessionId)) {
          const key = indexKeyOf(e.value, keyPath);
          if (key) entries.push({ key, primaryKey: e.key });
        }
        return entries.sort((a, b) => compareKeys(a.key, b.key) || compareKeys(a.primaryKey, b.primaryKey));
      },
      getAllEntries: async (store: ListedStore) => sorted(reading(store).values()).map((e) => ({ key: e.key, value: structuredClone(e.value) })),
      put: async (store, record) => put(store, record),
      delete: async (store, key) => {
        writing(store).delete(JSON.stringify(key));
      },
      write: async (ops) => {
        for (const op of ops) {
          if ('put' in op) put(op.store, op.put);
          else writing(op.store).delete(JSON.stringify(op.delete));
        }
      },
      deleteSession: async (store: SessionRangeStore, sessionId) => {
        const t = writing(store);
        for (const e of inSession(t, sessionId)) t.delete(JSON.stringify(e.key));
      },
    };
    try {
      const result = await work(tx);
      for (const [name, table] of staged) this.tables.set(name, table);
      return result;
    } catch (e) {
      throw toPersistenceError(e, operation);
    } finally {
      finished = true;
    }
  }
}
