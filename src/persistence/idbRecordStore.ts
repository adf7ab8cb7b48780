/**
 * The RecordStore over an open IndexedDB connection: each `transact` is one IndexedDB
 * transaction run by `runTransaction`.
 */
import type { IDBPDatabase, IDBPObjectStore } from 'idb';
import { PersistenceError } from './persistenceError';
import type { RecordKey, RecordStore, RecordTx, StoredEntry } from './recordStore';
import { runTransaction, type LabTransaction } from './runTransaction';
import type { CheckpointLabSchema, SessionKeyedStore, SessionRangeStore, StoreName } from './schema';

// Typed as readwrite so put/delete exist; in a readonly transaction IndexedDB itself refuses them.
type LooseStore = IDBPObjectStore<unknown, ArrayLike<string>, string, 'readwrite'>;

/** All keys [sessionId, …]: arrays sort after numbers and strings, so [id, []] bounds them all. */
function sessionRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId], [sessionId, []]);
}

function zip(keys: IDBValidKey[], values: unknown[]): StoredEntry[] {
  return keys.map((key, i) => ({ key: key as RecordKey, value: values[i] }));
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
    async getAllEntries(store: SessionKeyedStore) {
      const s = os(store);
      const [keys, values] = await Promise.all([s.getAllKeys(), s.getAll()]);
      return zip(keys, values);
    },
    put: async (store, record) => {
      await os(store).put(record);
    },
    delete: (store, key) => os(store).delete(key as IDBValidKey),
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
