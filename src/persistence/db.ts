/**
 * Opening the versioned `checkpoint-lab` database. This does what idb's `openDB` does (upgrade,
 * blocked, versionchange and close callbacks), over an IDBFactory passed in: `openDB` always
 * uses the global `indexedDB`, and tests need an isolated factory per test, while the fallback
 * logic needs to be tested without touching globals. The result is idb's promise-based wrapper.
 *
 * Multi-tab protocol: this connection closes itself on `versionchange` (another tab wants to
 * upgrade or delete the database) so that tab is never blocked by us, and reports why through
 * `onClosed`. If an older tab does not close, our open is `blocked`: `onBlocked` fires at once
 * (the UI asks the user to close other tabs) and the open keeps waiting until `timeoutMs`.
 */
import { wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { MIGRATIONS, checkMigrations, runMigrations, type Migration } from './migrations';
import { PersistenceError } from './persistenceError';
import { DB_NAME, type CheckpointLabSchema } from './schema';
import { errorName, toPersistenceError } from './toPersistenceError';

/** How to open the database. */
export interface OpenDatabaseOptions {
  /** The IndexedDB factory: `globalThis.indexedDB` in the app, a fresh fake one in tests. */
  factory: IDBFactory;
  /** Defaults to `checkpoint-lab`. */
  name?: string;
  /** Defaults to MIGRATIONS; tests add migrations to simulate a newer app. */
  migrations?: readonly Migration[];
  /** Called as soon as another tab blocks the open; the open keeps waiting until `timeoutMs`. */
  onBlocked?: (error: PersistenceError) => void;
  /** Called at most once, when the open connection is closed later and this tab stops saving. */
  onClosed?: (error: PersistenceError) => void;
  /** How long to wait for the browser (or a blocking tab) before giving up. Default 10 s. */
  timeoutMs?: number;
}

const OPERATION = 'opening saved data';

/** The error reported while another tab blocks the open. */
export function blockedError(): PersistenceError {
  return new PersistenceError({
    kind: 'blocked',
    operation: OPERATION,
    recovery: ['retry'],
    message:
      'Saved data cannot be opened yet: another Checkpoint Lab tab is still using an older version of it and does not let go. ' +
      'Close (or reload) the other Checkpoint Lab tabs, then try again.',
  });
}

function openFailed(e: unknown): PersistenceError {
  const name = errorName(e);
  if (name === 'VersionError' || name === 'QuotaExceededError') return toPersistenceError(e, OPERATION);
  return new PersistenceError({
    kind: 'unavailable',
    operation: OPERATION,
    recovery: ['reload'],
    cause: e,
    message:
      `The browser refused to open saved data (${name ?? String(e)}). Private windows and some privacy settings or policies do this. ` +
      'Use a normal window or allow site data for this page, then reload.',
  });
}

function upgradeFailed(e: unknown, version: number): PersistenceError {
  return new PersistenceError({
    kind: 'unknown',
    operation: `upgrading saved data to version ${version}`,
    recovery: ['retry', 'export', 'reset'],
    cause: e,
    message: `Upgrading saved data to version ${version} failed (${e instanceof Error ? e.message : String(e)}); the data was left as it was. Reload to try again, or reset saved data.`,
  });
}

function closedError(newVersion: number | null | 'terminated'): PersistenceError {
  const message =
    newVersion === 'terminated'
      ? 'The browser closed the connection to saved data (site data was cleared, or the disk became unavailable), so this tab stopped saving. Reload the page.'
      : newVersion === null
        ? 'Saved data was reset from another tab, so this tab stopped saving. Reload the page to continue with empty saved data.'
        : 'Another tab opened a newer version of Checkpoint Lab, which upgrades saved data, so this tab stopped saving to let it. Reload this page to use the newer version.';
  return new PersistenceError({ kind: 'unavailable', operation: 'saving data', recovery: ['reload'], message });
}

/** Opens (creating or upgrading) the database; rejects with a PersistenceError. */
export function openDatabase(options: OpenDatabaseOptions): Promise<IDBPDatabase<CheckpointLabSchema>> {
  const migrations = options.migrations ?? MIGRATIONS;
  checkMigrations(migrations);
  const version = migrations.length;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = options.factory.open(options.name ?? DB_NAME, version);
    } catch (e) {
      // Some browsers throw right away (old Firefox private windows, sandboxed iframes).
      reject(openFailed(e));
      return;
    }
    let settled = false;
    let blocked = false;
    let upgradeError: unknown = null;
    const settle = (fn: () => void): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      fn();
      return true;
    };
    const timer = setTimeout(() => {
      settle(() =>
        reject(
          blocked
            ? blockedError()
            : new PersistenceError({
                kind: 'unavailable',
                operation: OPERATION,
                recovery: ['retry', 'reload'],
                message: `The browser did not answer within ${Math.round(timeoutMs / 1000)} s when asked to open saved data. Try again, or reload the page.`,
              }),
        ),
      );
    }, timeoutMs);

    request.addEventListener('upgradeneeded', (event) => {
      const tx = request.transaction;
      const fail = (e: unknown): void => {
        // Aborting the upgrade transaction keeps the database at its old version, untouched.
        upgradeError ??= e;
        try {
          tx?.abort();
        } catch {
          // Already finished: the open request reports the failure anyway.
        }
      };
      try {
        if (!tx) throw new Error('the browser gave no upgrade transaction');
        const upgrade = wrap(tx) as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
        // If the upgrade aborts, the open request reports it; idb's `done` must not go unhandled.
        upgrade.done.catch(() => undefined);
        // Migrations that convert records finish later, in the same upgrade transaction.
        runMigrations(migrations, wrap(request.result) as IDBPDatabase<unknown>, upgrade, event.oldVersion, event.newVersion ?? version).catch(fail);
      } catch (e) {
        fail(e);
      }
    });
    request.addEventListener('blocked', () => {
      if (blocked || settled) return;
      blocked = true;
      options.onBlocked?.(blockedError());
    });
    request.addEventListener('success', () => {
      const raw = request.result;
      // If we gave up already, close the late connection: unused, it would block other tabs.
      if (!settle(() => resolve(attach(raw, options.onClosed)))) raw.close();
    });
    request.addEventListener('error', () => {
      settle(() => reject(upgradeError !== null ? upgradeFailed(upgradeError, version) : openFailed(request.error)));
    });
  });
}

function attach(raw: IDBDatabase, onClosed: ((e: PersistenceError) => void) | undefined): IDBPDatabase<CheckpointLabSchema> {
  let reported = false;
  const report = (e: PersistenceError): void => {
    if (reported) return;
    reported = true;
    onClosed?.(e);
  };
  raw.addEventListener('versionchange', (event) => {
    // Let the other tab upgrade or delete: holding on would block it.
    raw.close();
    report(closedError(event.newVersion));
  });
  // Fired only when the browser closes the connection abnormally, never for close().
  raw.addEventListener('close', () => report(closedError('terminated')));
  return wrap(raw) as IDBPDatabase<CheckpointLabSchema>;
}
