/**
 * Flink's `StateChangeOperation`: the kind of one logged state change. The codes are Flink's
 * byte codes, so a change can be shown the way it is written into a changelog file. The DSTL
 * writer defines the same numbers; keep both in step until they share one definition.
 */

/** Flink's `StateChangeOperation` codes (`getCode()`). */
export const StateChangeOperation = {
  /** Scope key + namespace: the value is removed (`State.clear`, or an update to null). */
  CLEAR: 0,
  /** Scope key + namespace: the whole value is replaced (`ValueState.update`, `ListState.update`). */
  SET: 1,
  /** Scope key + namespace: the stored value is replaced (`updateInternal`, and reducing/aggregating `add`). */
  SET_INTERNAL: 2,
  /** Scope key + namespace: several elements are added (`ListState.addAll`, `MapState.putAll`). */
  ADD: 3,
  /** Scope key + target namespace, also removing the source namespaces (`mergeNamespaces`). */
  MERGE_NS: 4,
  /** Scope key + namespace + element: one list element is appended (`ListState.add`). */
  ADD_ELEMENT: 5,
  /** Scope key + namespace + element: one map entry is put (`MapState.put`, entry `setValue`). */
  ADD_OR_UPDATE_ELEMENT: 6,
  /** Scope key + namespace + element: one map entry is removed (`MapState.remove`, iterator `remove`). */
  REMOVE_ELEMENT: 7,
  /** The state's metadata (its descriptor); written before the state's first change. */
  METADATA: 8,
} as const;

/** One of the {@link StateChangeOperation} codes. */
export type StateChangeOperation = (typeof StateChangeOperation)[keyof typeof StateChangeOperation];

/** Operation names indexed by code (Flink's enum constant names), for views and error messages. */
export const STATE_CHANGE_OPERATION_NAMES: readonly string[] = Object.keys(StateChangeOperation);

/**
 * `StateChangeOperation.byCode`: checks that a number is an operation code (e.g. one read back
 * from a log) and returns it; Flink fails on an unknown code the same way.
 */
export function stateChangeOperationByCode(code: number): StateChangeOperation {
  if (!Number.isInteger(code) || code < 0 || code >= STATE_CHANGE_OPERATION_NAMES.length) {
    throw new RangeError(
      `StateChangeOperation: unknown operation code ${JSON.stringify(code)} (valid: 0..${STATE_CHANGE_OPERATION_NAMES.length - 1})`,
    );
  }
  return code as StateChangeOperation;
}

/** The Flink name of an operation code, e.g. `ADD_OR_UPDATE_ELEMENT`. */
export function stateChangeOperationName(op: StateChangeOperation): string {
  return STATE_CHANGE_OPERATION_NAMES[stateChangeOperationByCode(op)]!;
}
