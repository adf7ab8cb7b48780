/**
 * Flink's `StateChangeOperation`: what one logged change does to keyed state. The numeric codes
 * are the byte Flink writes first in every serialized change (`AbstractStateChangeLogger`), so
 * they must never be renumbered. Engine state carries the names (readable in views and events);
 * only the binary format uses the codes.
 */

/** `StateChangeOperation` codes, exactly as Flink numbers them. */
export const STATE_CHANGE_OPERATION_CODES = Object.freeze({
  /** Scope: key + namespace. `State#clear`. */
  CLEAR: 0,
  /** Scope: key + namespace. `ValueState#update`, `ListState#update`. */
  SET: 1,
  /** Scope: key + namespace. Reducing/aggregating `add` log the whole new accumulator. */
  SET_INTERNAL: 2,
  /** Scope: key + namespace. `ListState#addAll`, `MapState#putAll`. */
  ADD: 3,
  /** Scope: key + namespace, also affecting the source namespaces. `mergeNamespaces`. */
  MERGE_NS: 4,
  /** Scope: key + namespace + element. `ListState#add`. */
  ADD_ELEMENT: 5,
  /** Scope: key + namespace + element. `MapState#put`, map iterator `setValue`. */
  ADD_OR_UPDATE_ELEMENT: 6,
  /** Scope: key + namespace + element. `MapState#remove`, iterator `remove`. */
  REMOVE_ELEMENT: 7,
  /** State metadata (the state descriptor), logged once per state before its first change. */
  METADATA: 8,
} as const);

/** A `StateChangeOperation` by name, as engine state holds it. */
export type StateChangeOperation = keyof typeof STATE_CHANGE_OPERATION_CODES;

/** Every operation, in code order (`StateChangeOperation.values()`). */
export const STATE_CHANGE_OPERATIONS: readonly StateChangeOperation[] = Object.freeze(
  (Object.keys(STATE_CHANGE_OPERATION_CODES) as StateChangeOperation[]).sort(
    (a, b) => STATE_CHANGE_OPERATION_CODES[a] - STATE_CHANGE_OPERATION_CODES[b],
  ),
);

/** `StateChangeOperation#getCode`. */
export function stateChangeOperationCode(op: StateChangeOperation): number {
  const code = STATE_CHANGE_OPERATION_CODES[op];
  if (code === undefined) throw new TypeError(`stateChangeOperationCode: unknown operation ${JSON.stringify(op)}`);
  return code;
}

/** `StateChangeOperation.byCode`: the operation of a code byte; an unknown code is corrupt input. */
export function stateChangeOperationByCode(code: number): StateChangeOperation {
  const op = STATE_CHANGE_OPERATIONS[code];
  if (op === undefined || !Number.isInteger(code)) {
    throw new RangeError(`stateChangeOperationByCode: unknown StateChangeOperation code ${code} (valid: 0..8)`);
  }
  return op;
}

/** Whether a value names a `StateChangeOperation`. */
export function isStateChangeOperation(x: unknown): x is StateChangeOperation {
  return typeof x === 'string' && Object.hasOwn(STATE_CHANGE_OPERATION_CODES, x);
}
