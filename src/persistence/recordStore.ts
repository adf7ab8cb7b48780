/**
 * The small record-level interface the storage mirror is written against, with two
 * implementations: IndexedDB (idbRecordStore.ts) and memory (memoryRecordStore.ts, the fallback
 * when IndexedDB is unavailable). Writing the mirror once over this interface is what makes the
 * fallback "the same interface" in behaviour too, not only in types: the same validation,
 * reconciling and export code runs on both, and the same contract tests check both.
 *
 * The interface keeps IndexedDB's rules so code that works on memory works on IndexedDB: all
 * access happens inside `transact`, which is atomic; `work` must await only its own `tx` calls.
 */
import type { IndexName, ListedStore, SessionRangeStore, StoreName } from './schema';

/** A primary key: a session id, or [sessionId, path] / [sessionId, checkpointId]. */
export type RecordKey = string | readonly [string, string] | readonly [string, number];

/** A record with the key it is stored under (the key is trusted, the value is not). */
export interface StoredEntry {
  key: RecordKey;
  value: unknown;
}

/** An index entry: its key (the indexed fields, trusted to be a key, not to be sound) and the record's primary key. */
export interface IndexEntry {
  key: readonly unknown[];
  primaryKey: RecordKey;
}

/** One write of a bulk `write`: a put of a record (in-line key) or a delete by key. */
export type WriteOp = { store: StoreName; put: object } | { store: StoreName; delete: RecordKey };

/** Access to records inside one transaction. Values read are untrusted `unknown`. */
export interface RecordTx {
  get(store: StoreName, key: RecordKey): Promise<unknown>;
  /** Every record of a session in a [sessionId, …]-keyed store, in key order. */
  getSessionEntries(store: SessionRangeStore, sessionId: string): Promise<StoredEntry[]>;
  /** The keys of a session's records, without loading the values. */
  getSessionKeys(store: SessionRangeStore, sessionId: string): Promise<RecordKey[]>;
  /**
   * The entries of a session in an index whose keys start with sessionId, in index key order,
   * without loading the records. Records that cannot be indexed (a field missing, or not a valid
   * key) have no entry, as in IndexedDB.
   */
  getSessionIndexKeys(store: SessionRangeStore, index: IndexName, sessionId: string): Promise<IndexEntry[]>;
  /** Every record of a session-keyed store, in key order. */
  getAllEntries(store: ListedStore): Promise<StoredEntry[]>;
  /** Stores a record under the key its own fields name (in-line keys). */
  put(store: StoreName, record: object): Promise<void>;
  delete(store: StoreName, key: RecordKey): Promise<void>;
  /**
   * Issues the ops in order as they are pulled from `ops` and resolves once all are done: the
   * bulk path for checkpoint files, without a promise per request. `ops` may build each record
   * lazily (a generator), so preparing the next record overlaps the browser storing the last.
   */
  write(ops: Iterable<WriteOp>): Promise<void>;
  /** Deletes every record of a session in a [sessionId, …]-keyed store. */
  deleteSession(store: SessionRangeStore, sessionId: string): Promise<void>;
}

/** Runs atomic transactions. */
export interface RecordStore {
  /** True for IndexedDB (data survives a reload), false for the in-memory fallback. */
  readonly durable: boolean;
  /**
   * Runs `work` in one transaction over `stores`: either everything it wrote is stored or
   * nothing is. Failures reject with a PersistenceError for `operation`.
   */
  transact<T>(stores: readonly StoreName[], mode: 'readonly' | 'readwrite', operation: string, work: (tx: RecordTx) => Promise<T>): Promise<T>;
  /** Closes the connection; later calls fail with `unavailable`. */
  close(): void;
}

/**
 * Compares keys the way IndexedDB orders them (numbers < strings < arrays; strings by UTF-16
 * code units; arrays element by element), for the memory store's key order.
 */
export function compareKeys(a: unknown, b: unknown): number {
  const rank = (k: unknown): number => (typeof k === 'number' ? 0 : typeof k === 'string' ? 1 : 2);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareKeys(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return (a as number | string) < (b as number | string) ? -1 : (a as number | string) > (b as number | string) ? 1 : 0;
}
