/**
 * The RecordStore over an open IndexedDB connection: each `transact` is one IndexedDB
 * transaction run by `runTransaction`.
 */
import { unwrap, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import { PersistenceError } from './persistenceError';
import type { IndexEntry, RecordKey, RecordStore, RecordTx, StoredEntry, WriteOp } from './recordStore';
import { runTransaction, type LabTransaction } from './runTransaction';
import type { CheckpointLabSchema, IndexName, ListedStore, SessionRangeStore, StoreName } from './schema';

// Typed as readwrite so put/delete exist; in a readonly transaction IndexedDB itself refuses them.
type LooseStore = IDBPObjectStore<unknown, ArrayLike<string>, string, 'readwrite'>;

/** All keys [sessionId, …]: arrays sort after numbers and strings, so [id, []] bounds them all. */
function sessionRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId], [sessionId, []]);
}

function zip(keys: IDBValidKey[], values: unknown[]): StoredEntry[] {
  return keys.map((key, i) => ({ key: key as RecordKey, value: values[i] }));
}

/**
 * The bulk write on native requests: idb would wrap each request in a promise with its own
 * listeners, a cost per file the bulk path does not need. IndexedDB runs a transaction's
 * requests in order, and a failed request aborts the transaction (so every later request fails
 * too, and runTransaction reports the transaction's error): the last request succeeding means
 * all of them did.
 *
 * Requests are issued for at most WRITE_SLICE_MS at a time, the next ones from the success of the
 * last one issued (a task of its own; the transaction stays open while a request is pending).
 * Each put serializes its record on the calling thread, and the ops' producer digests and copies
 * each file's bytes: after a far seek in a big run the storage mirror rewrote thousands of files
 * in one task of the page's thread (over 150 ms measured, bench/diag/profileSeeking.ts).
 */
function writeAll(os: (name: StoreName) => LooseStore, ops: Iterable<WriteOp>): Promise<void> {
  const natives = new Map<StoreName, IDBObjectStore>();
  const native = (name: StoreName): IDBObjectStore => {
    let s = natives.get(name);
    if (!s) natives.set(name, (s = unwrap(os(name))));
    return s;
  };
  const it = ops[Symbol.iterator]();
  return new Promise((resolve, reject) => {
    const issue = (): void => {
      try {
        const until = performance.now() + WRITE_SLICE_MS;
        let last: IDBRequest | null = null;
        let next = it.next();
        for (; !next.done; next = it.next()) {
          const op = next.value;
          last = 'put' in op ? native(op.store).put(op.put) : native(op.store).delete(op.delete as IDBValidKey);
          if (performance.now() >= until) break;
        }
        if (!last) return resolve();
        const request = last;
        const more = !next.done;
        request.addEventListener('success', () => (more ? issue() : resolve()));
        request.addEventListener('error', () => reject(request.error));
      } catch (e) {
        // A record IndexedDB cannot store, or the ops' producer failing: the caller's transaction fails with it.
        reject(e);
      }
    };
    issue();
  });
}

/** How long one task issues write requests for (see writeAll). */
const WRITE_SLICE_MS = 8;

/**
 * A session's index entries by a key cursor (IndexedDB has no "all index keys" request: an
 * index's getAllKeys gives primary keys only). Native callbacks rather than idb's promise per
 * step; the browser prefetches key cursor steps in batches.
 */
function indexKeys(store: IDBObjectStore, index: IndexName, sessionId: string): Promise<IndexEntry[]> {
  return new Promise((resolve, reject) => {
    const out: IndexEntry[] = [];
    const request = store.index(index).openKeyCursor(sessionRange(sessionId));
    request.addEventListener('success', () => {
      const cursor = request.result;
      if (!cursor) return resolve(out);
      out.push({ key: cursor.key as unknown[], primaryKey: cursor.primaryKey as RecordKey });
      cursor.continue();
    });
    request.addEventListener('error', () => reject(request.error));
  });
}

function adapt(tx: LabTransaction<IDBTransactionMode>): RecordTx {
  // The typed schema cannot express "any store by name"; records are checked on read anyway.
  const os = (name: StoreName): LooseStore => tx.objectStore(name) as unknown as LooseStore;
  return {
    get: (store, key) => os(store).get(key as IDBValidKey),
    async getSessionEntries(store: SessionRangeStore, sessionId) {
      const s = os(store);
      const range = sessionRange(sessionId);
      // Two requests in one transaction see the same records in the same order.
      const [keys, values] = await Promise.all([s.getAllKeys(range), s.getAll(range)]);
      return zip(keys, values);
    },
    getSessionKeys: async (store: SessionRangeStore, sessionId) => (await os(store).getAllKeys(sessionRange(sessionId))) as RecordKey[],
    getSessionIndexKeys: (store: SessionRangeStore, index, sessionId) => indexKeys(unwrap(os(store)), index, sessionId),
    async getAllEntries(store: ListedStore) {
      const s = os(store);
      const [keys, values] = await Promise.all([s.getAllKeys(), s.getAll()]);
      return zip(keys, values);
    },
    put: async (store, record) => {
      await os(store).put(record);
    },
    delete: (store, key) => os(store).delete(key as IDBValidKey),
    write: (ops) => writeAll(os, ops),
    deleteSession: (store: SessionRangeStore, sessionId) => os(store).delete(sessionRange(sessionId)),
  };
}

/** IndexedDB-backed records: durable, atomic per transaction. */
export class IdbRecordStore implements RecordStore {
  readonly durable = true;
  private closedReason: PersistenceError | null = null;

  constructor(private readonly db: IDBPDatabase<CheckpointLabSchema>) {}

  /** Records that the connection was closed from outside (another tab, the browser). */
  markClosed(reason: PersistenceError): void {
    this.closedReason ??= reason;
  }

  transact<T>(stores: readonly StoreName[], mode: 'readonly' | 'readwrite', operation: string, work: (tx: RecordTx) => Promise<T>): Promise<T> {
    // Without this, the caller would get a generic InvalidStateError instead of the reason.
    if (this.closedReason) return Promise.reject(this.closedReason);
    return runTransaction(this.db, stores, mode, operation, (tx) => work(adapt(tx)));
  }

  close(): void {
    this.markClosed(
      new PersistenceError({
        kind: 'unavailable',
        operation: 'saving data',
        recovery: ['reload'],
        message: 'Saved data was closed by the app (for a reset or a reload). Reload the page to reconnect.',
      }),
    );
    this.db.close();
  }
}
