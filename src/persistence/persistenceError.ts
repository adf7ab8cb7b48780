/**
 * The one error type the persistence layer throws. Callers switch on `kind` to decide what to do
 * and show `message` to the user: it says what went wrong, where, and what to do next, and
 * `recovery` lists the ways out the UI should offer (in that order).
 */

/**
 * What went wrong.
 * - `unavailable`: IndexedDB cannot be used (private window, site-data policy, connection closed).
 * - `quota`: the browser's storage quota for this site is full.
 * - `blocked`: another tab holds the database open at an older version and does not let go.
 * - `version-too-new`: the saved data was written by a newer version of the app.
 * - `corrupt`: a record is damaged or not ours (wrong format version, missing fields, bad bytes).
 * - `not-found`: a checkpoint file that should be there is not (named in `key`).
 * - `aborted`: the browser aborted the transaction; nothing of it was written.
 * - `unknown`: anything else (including the browser's own `UnknownError`).
 */
export type PersistenceErrorKind = 'unavailable' | 'quota' | 'blocked' | 'version-too-new' | 'corrupt' | 'not-found' | 'aborted' | 'unknown';

/**
 * A way out the UI can offer: try the same thing again, export the session (so nothing is lost),
 * delete all saved data, or reload the page (after another tab upgraded or reset the database).
 */
export type PersistenceRecovery = 'retry' | 'export' | 'reset' | 'reload';

/** Everything needed to build a PersistenceError. */
export interface PersistenceErrorInit {
  kind: PersistenceErrorKind;
  /** The full user-facing sentence(s): what, where, what to do. */
  message: string;
  /** What the app was doing, e.g. `saving 12 checkpoint-file changes of session "demo"`. */
  operation: string;
  /** The object store involved, when one record is to blame. */
  store?: string;
  /** The key of the record to blame, as readable text. */
  key?: string;
  recovery: readonly PersistenceRecovery[];
  cause?: unknown;
}

/** A persistence failure with a kind to switch on and a message to show. */
export class PersistenceError extends Error {
  override readonly name = 'PersistenceError';
  readonly kind: PersistenceErrorKind;
  readonly operation: string;
  readonly store: string | null;
  readonly key: string | null;
  readonly recovery: readonly PersistenceRecovery[];

  constructor(init: PersistenceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.operation = init.operation;
    this.store = init.store ?? null;
    this.key = init.key ?? null;
    this.recovery = Object.freeze([...init.recovery]);
  }
}

/** True for errors thrown by this layer (instanceof alone fails across bundles and realms). */
export function isPersistenceError(e: unknown): e is PersistenceError {
  return e instanceof PersistenceError || (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'PersistenceError' && typeof (e as { kind?: unknown }).kind === 'string');
}

/** Renders a record key for messages: strings quoted, compound keys as `["s1", "a/b"]`. */
export function describeKey(key: unknown): string {
  try {
    return JSON.stringify(key) ?? String(key);
  } catch {
    return String(key);
  }
}

/** Capitalizes the first letter, so an `operation` can start a sentence. */
export function sentence(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** Builds the `corrupt` error for one damaged record; the one place this message is worded. */
export function corruptRecord(store: string, key: unknown, problem: string, operation: string, cause?: unknown): PersistenceError {
  const keyText = describeKey(key);
  return new PersistenceError({
    kind: 'corrupt',
    operation,
    store,
    key: keyText,
    recovery: ['export', 'reset'],
    cause,
    message:
      `Saved data is damaged: the record ${keyText} in the "${store}" store ${problem} (while ${operation}). ` +
      'Export what can still be read (Export session, or Export raw data if that fails), then reset saved data.',
  });
}
