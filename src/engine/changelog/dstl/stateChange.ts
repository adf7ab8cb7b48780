/**
 * Flink's `StateChange`: one entry of the changelog, tagged with the key group it belongs to.
 * Flink keeps the change as opaque bytes written by `AbstractStateChangeLogger`; the engine keeps
 * the decoded fields as plain data (so views can show them) and serializes them the same way when
 * sizing a change set or writing a file (see stateChangeSerializer.ts).
 *
 * Metadata (the state descriptor, logged once per state before its first data change) lives in the
 * pseudo key group `META_KEY_GROUP` = -1, which is why the file format writes it first: on replay
 * the state must be registered before any of its changes is applied.
 */
import type { Plain } from '../../core/plainData';
import type { ScenarioKey } from '../../serialization/keySerializer';
import { checkNamespace, type Namespace } from '../../state/namespaces';
import { isStateChangeOperation, type StateChangeOperation } from './stateChangeOperation';

/** `StateChange.META_KEY_GROUP`: the key group of metadata changes (FLINK-23035). */
export const META_KEY_GROUP = -1;

/**
 * A `StateChange` as plain data. `payload` is the operation's argument: the new value (SET,
 * SET_INTERNAL, ADD), the element (ADD_ELEMENT), the map entry `[userKey, value]`
 * (ADD_OR_UPDATE_ELEMENT), the removed user key (REMOVE_ELEMENT), the merged source namespaces
 * (MERGE_NS, target = `namespace`), the state descriptor (METADATA), or null (CLEAR).
 * `key` and `namespace` are null exactly for METADATA.
 */
export interface StateChange {
  readonly keyGroup: number;
  readonly op: StateChangeOperation;
  /** The state's name (Flink writes a short state id registered by the metadata entry). */
  readonly state: string;
  readonly key: ScenarioKey | null;
  readonly namespace: Namespace | null;
  readonly payload: Plain;
}

/** What a state backend hands to `FsStateChangelogWriter#append`: a data change without its key group. */
export interface LoggedChange {
  readonly op: Exclude<StateChangeOperation, 'METADATA'>;
  readonly state: string;
  readonly key: ScenarioKey;
  readonly namespace: Namespace;
  readonly payload: Plain;
}

/** `StateChange.ofDataChange(keyGroup, bytes)`: a data change in key group `keyGroup` (≥ 0). */
export function dataChange(keyGroup: number, change: LoggedChange): StateChange {
  if (!Number.isInteger(keyGroup) || keyGroup < 0) {
    throw new RangeError(`StateChange: a data change needs a key group ≥ 0, got ${keyGroup} (state '${change.state}')`);
  }
  if (!isStateChangeOperation(change.op) || change.op === 'METADATA') {
    throw new TypeError(
      `StateChange: ${JSON.stringify(change.op)} is not a data operation (state '${change.state}'); use metadataChange for METADATA`,
    );
  }
  checkStateName(change.state);
  checkKey(change.key, change.state);
  const namespace = checkNamespace(change.namespace, `StateChange namespace of state '${change.state}'`);
  return { keyGroup, op: change.op, state: change.state, key: change.key, namespace, payload: change.payload };
}

/** `StateChange.ofMetadataChange(bytes)`: the descriptor of state `state`, in `META_KEY_GROUP`. */
export function metadataChange(state: string, descriptor: Plain): StateChange {
  checkStateName(state);
  return { keyGroup: META_KEY_GROUP, op: 'METADATA', state, key: null, namespace: null, payload: descriptor };
}

/** Whether a change is a metadata entry (`keyGroup == META_KEY_GROUP`). */
export function isMetadataChange(change: StateChange): boolean {
  return change.keyGroup === META_KEY_GROUP;
}

function checkStateName(state: unknown): void {
  if (typeof state !== 'string' || state.length === 0) {
    throw new TypeError(`StateChange: the state name must be a non-empty string, got ${JSON.stringify(state)}`);
  }
}

function checkKey(key: unknown, state: string): void {
  if (typeof key === 'string') return;
  if (typeof key === 'number' && Number.isSafeInteger(key)) return;
  throw new TypeError(
    `StateChange: the key of a change to state '${state}' must be a string or a safe integer, got ${JSON.stringify(key)}`,
  );
}
