/**
 * "Reset saved data": deletes the whole database, the way out of `version-too-new` and
 * `corrupt`. Offer an export first (exportSession, or exportRawDatabase when that fails).
 *
 * Open connections get a `versionchange` event and must close before the delete can happen.
 * Ours (in every tab running this version) close themselves; an older tab that does not makes
 * the delete `blocked`. The browser keeps the delete request queued, so it completes as soon
 * as that tab closes, even after this function has given up waiting.
 */
import { PersistenceError } from './persistenceError';
import { DB_NAME } from './schema';
import { toPersistenceError } from './toPersistenceError';

/** Options of `resetDatabase`. */
export interface ResetDatabaseOptions {
  /** Defaults to `globalThis.indexedDB`. */
  factory?: IDBFactory;
  /** Defaults to `checkpoint-lab`. */
  name?: string;
  /** Called as soon as another tab blocks the delete (the UI asks to close other tabs). */
  onBlocked?: (error: PersistenceError) => void;
  /** How long to wait for blocking tabs before rejecting with `blocked`. Default 10 s. */
  timeoutMs?: number;
}

function blockedReset(): PersistenceError {
  return new PersistenceError({
    kind: 'blocked',
    operation: 'resetting saved data',
    recovery: ['retry'],
    message:
      'Saved data cannot be reset yet: another Checkpoint Lab tab still has it open. ' +
      'Close the other Checkpoint Lab tabs; the reset finishes by itself as soon as they are closed.',
  });
}

/** Deletes the database. Resolves once it is gone; rejects with a PersistenceError. */
export function resetDatabase(options: ResetDatabaseOptions = {}): Promise<void> {
  const operation = 'resetting saved data';
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      const factory = options.factory ?? globalThis.indexedDB;
      if (!factory) throw new DOMException('IndexedDB is not available in this browser', 'SecurityError');
      request = factory.deleteDatabase(options.name ?? DB_NAME);
    } catch (e) {
      reject(toPersistenceError(e, operation));
      return;
    }
    let settled = false;
    let blocked = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            blocked
              ? blockedReset()
              : new PersistenceError({ kind: 'unavailable', operation, recovery: ['retry', 'reload'], message: 'The browser did not answer when asked to reset saved data. Try again, or reload the page.' }),
          ),
        ),
      options.timeoutMs ?? 10_000,
    );
    request.addEventListener('blocked', () => {
      if (blocked || settled) return;
      blocked = true;
      options.onBlocked?.(blockedReset());
    });
    request.addEventListener('success', () => settle(resolve));
    request.addEventListener('error', () => settle(() => reject(toPersistenceError(request.error, operation))));
  });
}
