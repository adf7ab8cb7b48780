/**
 * Runs one unit of work in one IndexedDB transaction and waits until it has committed.
 *
 * Atomicity comes from IndexedDB itself: a transaction that fails (a request error, a quota
 * error at commit, an exception in `work`) is aborted and rolled back as a whole. This helper
 * makes sure that every failure does abort it, that the caller only hears "done" after
 * `tx.done` (commit) and not merely after the last request, and that the failure comes back
 * as a PersistenceError.
 *
 * The rule for `work`: await only IndexedDB requests of `tx`. A transaction commits by itself as
 * soon as no request is pending, so awaiting anything else (a fetch, `crypto.subtle`, a timer)
 * ends it and the next request throws TransactionInactiveError. Do such work before.
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import type { CheckpointLabSchema, StoreName } from './schema';
import { errorName, toPersistenceError } from './toPersistenceError';

/** The transaction `work` receives. */
export type LabTransaction<Mode extends IDBTransactionMode> = IDBPTransaction<CheckpointLabSchema, StoreName[], Mode>;

/**
 * Runs `work` in a transaction over `stores` and resolves with its result once committed.
 * `operation` says what is being done, in words for the user ("saving 3 files of session …").
 */
export async function runTransaction<T, Mode extends IDBTransactionMode>(
  db: IDBPDatabase<CheckpointLabSchema>,
  stores: readonly StoreName[],
  mode: Mode,
  operation: string,
  work: (tx: LabTransaction<Mode>) => Promise<T>,
): Promise<T> {
  let tx: LabTransaction<Mode>;
  try {
    tx = db.transaction([...stores], mode);
  } catch (e) {
    // InvalidStateError: the connection is closed; NotFoundError: a store is missing.
    throw toPersistenceError(e, operation);
  }
  // Observe `done` from the start: if work fails first, its rejection must not go unhandled.
  const done = tx.done.then(
    () => null,
    (e: unknown) => ({ error: e }),
  );
  let result: T;
  try {
    result = await work(tx);
  } catch (e) {
    let alreadyEnded = false;
    try {
      tx.abort();
    } catch {
      // Already aborted (by a failed request, the browser, or someone else) or finished.
      alreadyEnded = true;
    }
    const failure = await done;
    throw toPersistenceError(causeOf(tx, e, alreadyEnded && failure !== null), operation);
  }
  const failure = await done;
  if (failure) throw toPersistenceError(tx.error ?? failure.error, operation);
  return result;
}

/**
 * The error to report for a failed `work`. The transaction's own error comes first: when the
 * browser aborts (e.g. quota at commit), requests only see a generic AbortError. When the
 * transaction was aborted under `work` without an error (someone called abort()), `work` fails
 * with InvalidStateError or TransactionInactiveError on its next request; that is an abort.
 */
function causeOf(tx: IDBPTransaction<CheckpointLabSchema, StoreName[], IDBTransactionMode>, workError: unknown, abortedUnderWork: boolean): unknown {
  if (tx.error) return tx.error;
  const name = errorName(workError);
  if (abortedUnderWork && (name === 'InvalidStateError' || name === 'TransactionInactiveError')) return new DOMException('The transaction was aborted', 'AbortError');
  return workError;
}
