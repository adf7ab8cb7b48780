/**
 * Keys of keyed state, and string ids for MapState / BroadcastState user keys. A user map is
 * stored as a plain JS object, so a user key must become a property name: a type prefix keeps
 * the number 1 and the string '1' apart (different Java objects: Integer vs String), keeps every
 * id non-integer-like (so property order stays insertion order instead of JS's numeric order of
 * integer-like names) and can never be '__proto__'.
 */

/** A keyed-state key as scenarios carry it: a Java String or Integer/Long. */
export type StateKey = string | number;

/** A MapState / BroadcastState user key. */
export type MapUserKey = string | number;

/** Id of a key or user key: 's' + string or 'n' + number. */
export function stateKeyId(key: StateKey): string {
  return typeof key === 'number' ? 'n' + key : 's' + key;
}

/** Inverse of {@link stateKeyId}. */
export function decodeStateKeyId(id: string): StateKey {
  const tag = id.charCodeAt(0);
  if (tag === 115 /* s */) return id.slice(1);
  if (tag === 110 /* n */) return Number(id.slice(1));
  throw new RangeError(
    `decodeStateKeyId: not a key id (must start with 's' or 'n'), got ${JSON.stringify(id)}`,
  );
}

/** Checks a key or user key: a string, or a finite number; `what` names the argument in the error. */
export function checkStateKey(key: unknown, what: string): StateKey {
  if (typeof key === 'string') return key;
  if (typeof key === 'number' && Number.isFinite(key)) return key;
  throw new TypeError(
    `${what} must be a string or a finite number, got ${key === undefined ? 'undefined' : JSON.stringify(key)}`,
  );
}

/** Orders keys the same way everywhere (numbers before strings, then by value): for canonical dumps. */
export function compareStateKeys(a: StateKey, b: StateKey): number {
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
