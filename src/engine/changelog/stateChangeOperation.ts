/**
 * Flink's `StateChangeOperation`: the code written before every change in the DSTL, shared by
 * the changelog backend (which logs them) and the DSTL (which stores and reads them).
 */
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

/** The DSTL's name for the same table. */
export const STATE_CHANGE_OPERATION_CODES = StateChangeOperation;

export type StateChangeOperation = (typeof StateChangeOperation)[keyof typeof StateChangeOperation];

export const STATE_CHANGE_OPERATION_NAMES: readonly string[] = Object.keys(StateChangeOperation);

/** The operation with code `code`; a clear error for an unknown code (a corrupt change). */
export function stateChangeOperationByCode(code: number): StateChangeOperation {
  if (!Number.isInteger(code) || code < 0 || code >= STATE_CHANGE_OPERATION_NAMES.length) {
    throw new RangeError(`StateChangeOperation: unknown operation code ${JSON.stringify(code)} (valid: 0..${STATE_CHANGE_OPERATION_NAMES.length - 1})`);
  }
  return code as StateChangeOperation;
}

/** `StateChangeOperation.name()`. */
export function stateChangeOperationName(op: StateChangeOperation): string {
  return STATE_CHANGE_OPERATION_NAMES[stateChangeOperationByCode(op)]!;
}
