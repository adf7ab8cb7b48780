/**
 * Flink's `ChangelogBackendLogApplier` with the per-kind `StateChangeApplier`s
 * (`ValueStateChangeApplier`, `ListStateChangeApplier`, `MapStateChangeApplier`,
 * `ReducingStateChangeApplier`, `AggregatingStateChangeApplier`): the restore path. A logged
 * change is re-applied to a nested backend through the ordinary state API, so the changes of
 * a HashMap-backed job can be replayed into a RocksDB backend and the other way round.
 *
 * METADATA registers the state. A data change is skipped when its key group is not owned by
 * the backend (after a rescale each subtask reads the whole log and keeps its own key groups);
 * otherwise the key context and the namespace are set from the change's scope and the
 * operation is performed. Payloads are copied before they are handed over, so the log is never
 * changed by a replay and can be replayed again (every restore re-reads the same DSTL files).
 */
import { clonePlain, type Plain } from '../../core/plainData';
import { keyGroupRangeContains } from '../../keys/keyGroupRange';
import type {
  InternalKvState,
  InternalListState,
  InternalMapState,
  InternalMergingState,
  InternalValueState,
  KeyedStateBackend,
} from '../../state/keyedStateApi';
import { checkNamespace, type Namespace } from '../../state/namespaces';
import { checkStateDescriptor, type StateDescriptor } from '../../state/stateDescriptor';
import { checkStateKey, type MapUserKey } from '../../state/stateKeyIds';
import { ChangelogKeyedStateBackend } from './changelogKeyedStateBackend';
import type { LoggedChange } from './loggedChange';
import {
  StateChangeOperation as Op,
  stateChangeOperationByCode,
  stateChangeOperationName,
} from './stateChangeOperation';

/**
 * `ChangelogBackendLogApplier.apply`: re-applies one change to `backend`. Given a
 * `ChangelogKeyedStateBackend`, it applies to the nested backend, as Flink's applier works on
 * the delegated states: replayed changes are already in the log and must not be logged again.
 */
export function applyChange(backend: KeyedStateBackend, change: LoggedChange): void {
  const target =
    backend instanceof ChangelogKeyedStateBackend
      ? backend.getDelegatedKeyedStateBackend()
      : backend;
  const op = stateChangeOperationByCode(change.op);
  if (op === Op.METADATA) {
    applyMetadataChange(target, change);
    return;
  }
  if (!keyGroupRangeContains(target.getKeyGroupRange(), change.keyGroup)) return;
  const descriptor = target.getRegisteredStates().find((d) => d.name === change.state);
  if (descriptor === undefined) {
    throw new Error(
      `ChangelogBackendLogApplier: ${stateChangeOperationName(op)} for state '${change.state}', which is not registered: its METADATA must come first in the log (or the state must be in the restored base)`,
    );
  }
  // KvStateChangeApplier: the key context comes from the change's scope. Flink recomputes the
  // key group from the key; a different one means the log was written with another max
  // parallelism or is corrupt, and applying it would put state in the wrong key group.
  target.setCurrentKey(checkStateKey(change.key, 'ChangelogBackendLogApplier: key'));
  if (target.getCurrentKeyGroupIndex() !== change.keyGroup) {
    throw new Error(
      `ChangelogBackendLogApplier: key ${JSON.stringify(change.key)} is in key group ${target.getCurrentKeyGroupIndex()}, but the change says ${change.keyGroup}`,
    );
  }
  const state = stateHandle(target, descriptor);
  state.setCurrentNamespace(
    checkNamespace(change.namespace, 'ChangelogBackendLogApplier: namespace'),
  );
  const payload = clonePlain(change.payload);
  const where = `${stateChangeOperationName(op)} on ${descriptor.kind} state '${descriptor.name}'`;
  switch (descriptor.kind) {
    case 'value':
      return applyToValueState(state as InternalValueState, op, payload, where);
    case 'list':
      return applyToListState(state as InternalListState, op, payload, where);
    case 'map':
      return applyToMapState(state as InternalMapState, op, payload, where);
    case 'reducing':
    case 'aggregating':
      return applyToReducingOrAggregatingState(
        state as InternalMergingState<unknown, Plain, unknown>,
        op,
        payload,
        where,
      );
  }
}

/**
 * The nested backend's handle of a registered state, by kind. Asking for it is also how a
 * state is registered (Flink's restore creates states through the regular API too).
 */
export function stateHandle(
  backend: KeyedStateBackend,
  descriptor: StateDescriptor,
): InternalKvState {
  switch (descriptor.kind) {
    case 'value':
      return backend.getValueState(descriptor);
    case 'list':
      return backend.getListState(descriptor);
    case 'map':
      return backend.getMapState(descriptor);
    case 'reducing':
      return backend.getReducingState(descriptor);
    case 'aggregating':
      return backend.getAggregatingState(descriptor);
  }
}

/** `applyMetaDataChange`: registers the state the payload describes (again is fine). */
function applyMetadataChange(backend: KeyedStateBackend, change: LoggedChange): void {
  const p = change.payload;
  if (p === null || typeof p !== 'object' || Array.isArray(p) || p instanceof Uint8Array) {
    throw new TypeError(
      `ChangelogBackendLogApplier: METADATA payload must be a state descriptor, got ${JSON.stringify(p)}`,
    );
  }
  const descriptor = checkStateDescriptor(clonePlain(p) as unknown as StateDescriptor);
  if (descriptor.name !== change.state) {
    throw new TypeError(
      `ChangelogBackendLogApplier: METADATA of state '${change.state}' describes '${descriptor.name}'`,
    );
  }
  stateHandle(backend, descriptor);
}

/** `ValueStateChangeApplier`. */
function applyToValueState(state: InternalValueState, op: Op, payload: Plain, where: string): void {
  switch (op) {
    case Op.SET:
      return state.update(payload);
    case Op.CLEAR:
      return state.clear();
    default:
      throw unknownOperation(where);
  }
}

/** `ListStateChangeApplier`. */
function applyToListState(state: InternalListState, op: Op, payload: Plain, where: string): void {
  switch (op) {
    case Op.ADD:
      return state.addAll(asArray(payload, where));
    case Op.ADD_ELEMENT:
      return state.add(payload);
    case Op.SET:
      return state.update(asArray(payload, where));
    case Op.SET_INTERNAL:
      return state.updateInternal(asArray(payload, where));
    case Op.MERGE_NS:
      return applyMergeNamespaces(state, payload, where);
    case Op.CLEAR:
      return state.clear();
    default:
      throw unknownOperation(where);
  }
}

/** `MapStateChangeApplier` (ADD_ELEMENT is accepted as a put, as Flink does). */
function applyToMapState(state: InternalMapState, op: Op, payload: Plain, where: string): void {
  switch (op) {
    case Op.ADD:
      return state.putAll(asArray(payload, where).map((e) => asEntry(e, where)));
    case Op.ADD_ELEMENT:
    case Op.ADD_OR_UPDATE_ELEMENT: {
      const [k, v] = asEntry(payload, where);
      return state.put(k, v);
    }
    case Op.REMOVE_ELEMENT:
      return state.remove(checkStateKey(payload, `${where}: user key`));
    case Op.CLEAR:
      return state.clear();
    default:
      throw unknownOperation(where);
  }
}

/** `ReducingStateChangeApplier` / `AggregatingStateChangeApplier`: both replay SET and SET_INTERNAL as `updateInternal`. */
function applyToReducingOrAggregatingState(
  state: InternalMergingState<unknown, Plain, unknown>,
  op: Op,
  payload: Plain,
  where: string,
): void {
  switch (op) {
    case Op.SET:
    case Op.SET_INTERNAL:
      return state.updateInternal(payload);
    case Op.MERGE_NS:
      return applyMergeNamespaces(state, payload, where);
    case Op.CLEAR:
      return state.clear();
    default:
      throw unknownOperation(where);
  }
}

/**
 * `KvStateChangeApplier.applyMergeNamespaces`: merges again. The merge runs the state's own
 * merge (list concatenation, or the user's reduce/merge function, which Flink reaches through
 * `FunctionDelegationHelper` once the job has registered the state).
 */
function applyMergeNamespaces(
  state: InternalMergingState<unknown, Plain, unknown>,
  payload: Plain,
  where: string,
): void {
  const p = payload as { target?: Plain; sources?: Plain } | null;
  if (p === null || typeof p !== 'object' || !Array.isArray(p.sources)) {
    throw new TypeError(
      `${where}: payload must be { target, sources }, got ${JSON.stringify(payload)}`,
    );
  }
  const target = checkNamespace(p.target, `${where}: target namespace`);
  const sources: Namespace[] = p.sources.map((s) =>
    checkNamespace(s, `${where}: source namespace`),
  );
  state.mergeNamespaces(target, sources);
}

function asArray(payload: Plain, where: string): Plain[] {
  if (!Array.isArray(payload))
    throw new TypeError(`${where}: payload must be an array, got ${JSON.stringify(payload)}`);
  return payload;
}

function asEntry(payload: Plain, where: string): [MapUserKey, Plain] {
  if (!Array.isArray(payload) || payload.length !== 2) {
    throw new TypeError(
      `${where}: payload must be a [userKey, value] pair, got ${JSON.stringify(payload)}`,
    );
  }
  return [checkStateKey(payload[0], `${where}: user key`), payload[1]!];
}

function unknownOperation(where: string): Error {
  return new TypeError(`ChangelogBackendLogApplier: unknown state change operation: ${where}`);
}
