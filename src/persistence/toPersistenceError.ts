/**
 * Maps whatever IndexedDB threw or reported (a DOMException, usually) to a PersistenceError.
 * Browsers differ in the class they throw but agree on `name`, so the mapping goes by name.
 */
import { PersistenceError, isPersistenceError, sentence } from './persistenceError';

/** The DOMException name of an error, or null when it has none. */
export function errorName(e: unknown): string | null {
  if (typeof e === 'object' && e !== null && typeof (e as { name?: unknown }).name === 'string') return (e as { name: string }).name;
  return null;
}

function detail(e: unknown): string {
  const name = errorName(e) ?? 'Error';
  const msg = typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string' ? (e as { message: string }).message : String(e);
  return msg && msg !== name ? `${name}: ${msg}` : name;
}

/**
 * Turns `e` into a PersistenceError for `operation` (what the app was doing, in words a user
 * understands, naming the session or file). PersistenceErrors pass through unchanged.
 */
export function toPersistenceError(e: unknown, operation: string): PersistenceError {
  if (isPersistenceError(e)) return e;
  const what = sentence(operation);
  switch (errorName(e)) {
    case 'QuotaExceededError':
      return new PersistenceError({
        kind: 'quota',
        operation,
        recovery: ['export', 'reset', 'retry'],
        cause: e,
        message:
          `${what} failed: the browser's storage for this site is full. Nothing of this change was saved; what was saved before is intact. ` +
          'Delete sessions you no longer need, or export this session and reset saved data, then try again.',
      });
    case 'AbortError':
      return new PersistenceError({
        kind: 'aborted',
        operation,
        recovery: ['retry'],
        cause: e,
        message: `${what} was interrupted: the browser aborted the transaction, so nothing of it was saved. Try again.`,
      });
    case 'VersionError':
      return new PersistenceError({
        kind: 'version-too-new',
        operation,
        recovery: ['export', 'reset'],
        cause: e,
        message:
          `${what} failed: the saved data was written by a newer version of Checkpoint Lab, which this version cannot read. ` +
          'Open the newer version to keep using it, or export the raw data and reset saved data to start over here.',
      });
    case 'InvalidStateError':
      return new PersistenceError({
        kind: 'unavailable',
        operation,
        recovery: ['reload'],
        cause: e,
        message:
          `${what} failed: the connection to saved data is closed (another tab may have upgraded or reset it, or the browser closed it). ` +
          'Reload the page to reconnect.',
      });
    case 'SecurityError':
      return new PersistenceError({
        kind: 'unavailable',
        operation,
        recovery: ['reload'],
        cause: e,
        message:
          `${what} failed: this browser does not let the page store data (private window, or site data blocked by a setting or policy). ` +
          'Allow site data for this page, or use a normal window, then reload.',
      });
    case 'NotFoundError':
      return new PersistenceError({
        kind: 'corrupt',
        operation,
        recovery: ['export', 'reset'],
        cause: e,
        message: `${what} failed: the saved-data database does not have the layout this version expects (${detail(e)}). Export what you can, then reset saved data.`,
      });
    case 'UnknownError':
      return new PersistenceError({
        kind: 'unknown',
        operation,
        recovery: ['retry', 'export', 'reset'],
        cause: e,
        message:
          `${what} failed: the browser reported an internal storage error (${detail(e)}). This is often temporary: try again; ` +
          'if it keeps failing, export your session and reset saved data.',
      });
    default:
      // DataCloneError, TransactionInactiveError, DataError, TypeError…: a bug on our side.
      return new PersistenceError({
        kind: 'unknown',
        operation,
        recovery: ['retry', 'export'],
        cause: e,
        message: `${what} failed unexpectedly (${detail(e)}). Nothing of this change was saved. Try again; if it keeps failing, export your session and report the problem.`,
      });
  }
}
