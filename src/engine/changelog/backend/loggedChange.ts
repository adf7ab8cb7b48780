/**
 * The record the changelog backend emits for each state change: Flink's `StateChange` (a key
 * group plus bytes) before serialization. Flink writes op code, state id, key, namespace and an
 * op-specific payload into the bytes (`AbstractStateChangeLogger.serialize`); here the same
 * fields stay plain data, so views can show them and the DSTL writer can size and store them.
 *
 * Payload per operation (all plain data, deep-copied when logged, like Flink's serialization):
 *   CLEAR                 null
 *   SET                   value state: the value; list state: the whole list (possibly empty)
 *   SET_INTERNAL          the whole stored value (list, reduced value, accumulator)
 *   ADD                   list state: the added elements; map state: the [userKey, value] pairs
 *   ADD_ELEMENT           the appended list element
 *   ADD_OR_UPDATE_ELEMENT [userKey, value]
 *   REMOVE_ELEMENT        userKey
 *   MERGE_NS              { target, sources } (the scope namespace is the target too)
 *   METADATA              the state descriptor { name, kind, fn? }
 */
import type { Plain } from '../../core/plainData';
import type { Namespace } from '../../state/namespaces';
import { checkNamespace, VOID_NAMESPACE } from '../../state/namespaces';
import type { StateDescriptor } from '../../state/stateDescriptor';
import type { StateKey } from '../../state/stateKeyIds';
import type { StateChangeOperation } from './stateChangeOperation';

/**
 * Key group of metadata records: Flink's `StateChange.META_KEY_GROUP` (-1). Metadata belongs to
 * no key group, so every subtask restoring from the log applies it.
 */
export const META_KEY_GROUP = -1;

/** One logged state change: Flink's `StateChange`, unserialized (see the module doc). */
export interface LoggedChange {
  readonly op: StateChangeOperation;
  /** The state's name (Flink writes a short state id that METADATA maps to the name). */
  readonly state: string;
  /** Key group of `key`, or {@link META_KEY_GROUP} for METADATA. */
  readonly keyGroup: number;
  /** The key of the change's scope; '' for METADATA, which has no key. */
  readonly key: StateKey;
  /** The namespace of the change's scope; VoidNamespace for METADATA. */
  readonly namespace: Namespace;
  readonly payload: Plain;
}

/**
 * Where the changes go: Flink's `StateChangelogWriter.append` / `appendMeta`. The simulation
 * passes one that appends to the DSTL writer; tests pass one that collects into an array.
 */
export type StateChangeSink = (change: LoggedChange) => void;

/** A namespace as a plain payload value (a TimeWindow becomes a fresh `{ start, end }`). */
export function namespaceToPlain(ns: Namespace): Plain {
  return ns === VOID_NAMESPACE ? VOID_NAMESPACE : { start: ns.start, end: ns.end };
}

/** Reads a namespace back from a payload value; fails on anything else. */
export function namespaceFromPlain(value: Plain, what: string): Namespace {
  return checkNamespace(value, what);
}

/** A state descriptor as a METADATA payload: Flink's `StateMetaInfoSnapshot` of the state. */
export function descriptorToPlain(d: StateDescriptor): Plain {
  return d.fn === undefined
    ? { name: d.name, kind: d.kind }
    : { name: d.name, kind: d.kind, fn: d.fn };
}
