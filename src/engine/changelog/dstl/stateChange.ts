/**
 * Flink's `StateChange`: one entry of the changelog, tagged with the key group it belongs to.
 * Flink keeps the change as opaque bytes written by `AbstractStateChangeLogger`; the engine keeps
 * the fields as plain data (so views can show them) and serializes them the same way when sizing
 * a change set or writing a file (see stateChangeSerializer.ts). The shape is that of the
 * changelog backend's `LoggedChange` (../backend), so backend output appends as is and restored
 * changes replay as is.
 *
 * Metadata (the state descriptor, logged once per state before its first data change) lives in the
 * pseudo key group `META_KEY_GROUP` = -1, which is why the file format writes it first: on replay
 * the state must be registered before any of its changes is applied.
 */
import { clonePlain, type Plain } from '../../core/plainData';
import type { ScenarioKey } from '../../serialization/keySerializer';
import { checkNamespace, VOID_NAMESPACE, type Namespace } from '../../state/namespaces';
import {
  STATE_CHANGE_OPERATION_CODES as OP,
  stateChangeOperationByCode,
  stateChangeOperationName,
  type StateChangeOperation,
} from './stateChangeOperation';

/** `StateChange.META_KEY_GROUP`: the key group of metadata changes (FLINK-23035). */
export const META_KEY_GROUP = -1;

/**
 * A `StateChange` as plain data. `payload` is the operation's argument: the new value (SET,
 * SET_INTERNAL, ADD), the element (ADD_ELEMENT), the map entry `[userKey, value]`
 * (ADD_OR_UPDATE_ELEMENT), the removed user key (REMOVE_ELEMENT), the merged namespaces
 * (MERGE_NS), the state descriptor (METADATA), or null (CLEAR). A METADATA change has no scope:
 * its key is '' and its namespace `VoidNamespace`.
 */
export interface StateChange {
  readonly keyGroup: number;
  readonly op: StateChangeOperation;
  /** The state's name (Flink writes a short state id registered by the metadata entry). */
  readonly state: string;
  readonly key: ScenarioKey;
  readonly namespace: Namespace;
  readonly payload: Plain;
}

/** What a state backend hands to `FsStateChangelogWriter#append`: a data change (its key group is passed beside it). */
export type ChangeToAppend = Omit<StateChange, 'keyGroup'>;

/**
 * `StateChange.ofDataChange(keyGroup, bytes)`: a data change in key group `keyGroup` (≥ 0). The
 * payload is copied: Flink captures the serialized bytes at append time, so a backend that later
 * changes the object in place (an accumulator updated in place) must not change the log.
 */
export function dataChange(keyGroup: number, change: ChangeToAppend): StateChange {
  if (!Number.isInteger(keyGroup) || keyGroup < 0) {
    throw new RangeError(
      `StateChange: a data change needs a key group ≥ 0, got ${keyGroup} (state '${change.state}')`,
    );
  }
  const op = stateChangeOperationByCode(change.op);
  if (op === OP.METADATA) {
    throw new TypeError(
      `StateChange: METADATA of state '${change.state}' is not a data change; use metadataChange`,
    );
  }
  checkStateName(change.state);
  checkKey(change.key, change.state, op);
  const namespace = checkNamespace(
    change.namespace,
    `StateChange namespace of state '${change.state}'`,
  );
  return {
    keyGroup,
    op,
    state: change.state,
    key: change.key,
    namespace,
    payload: clonePlain(change.payload),
  };
}

/** `StateChange.ofMetadataChange(bytes)`: the descriptor of state `state` (copied), in `META_KEY_GROUP`. */
export function metadataChange(state: string, descriptor: Plain): StateChange {
  checkStateName(state);
  return {
    keyGroup: META_KEY_GROUP,
    op: OP.METADATA,
    state,
    key: '',
    namespace: VOID_NAMESPACE,
    payload: clonePlain(descriptor),
  };
}

/** Whether a change is a metadata entry (`keyGroup == META_KEY_GROUP`). */
export function isMetadataChange(change: StateChange): boolean {
  return change.keyGroup === META_KEY_GROUP;
}

function checkStateName(state: unknown): void {
  if (typeof state !== 'string' || state.length === 0) {
    throw new TypeError(
      `StateChange: the state name must be a non-empty string, got ${JSON.stringify(state)}`,
    );
  }
}

function checkKey(key: unknown, state: string, op: StateChangeOperation): void {
  if (typeof key === 'string') return;
  if (typeof key === 'number' && Number.isSafeInteger(key)) return;
  throw new TypeError(
    `StateChange: the key of a ${stateChangeOperationName(op)} change to state '${state}' must be a string or a safe integer, got ${JSON.stringify(key)}`,
  );
}
