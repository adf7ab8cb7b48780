/**
 * Read-only listings of what a RocksDB backend stores, for the UI and tests. They scan each
 * state's column family and decode the keys (`RocksDBKeySerializationUtils`), reading the
 * plain data directly, never through the state API (which sets the key context, a write), so
 * they work on frozen, recorded steps. The output has the heap listing's shape, so a view can
 * show either backend.
 */
import { assertNever } from '../core/assertNever';
import type { Plain } from '../core/plainData';
import type { StateValueView } from '../events';
import { scan } from '../lsm';
import { DataInputView } from '../serialization';
import { namespaceId, type Namespace } from '../state/namespaces';
import type { StateKind } from '../state/stateDescriptor';
import type { MapUserKey, StateKey } from '../state/stateKeyIds';
import type { KeyedStateEntryView } from '../state/keyedStateEntryView';
import { getAggregateFunction } from '../state/userFunctions';
import { deserializeDelimitedList } from './listDelimitedSerializer';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import { decodeRocksDbKey, rocksDbKeyLayout } from './rocksDbKeySerializationUtils';
import { stateValueSerializer } from './rocksDbStateSerializers';

/** One (state, key group, key, namespace) entry with its stored value decoded; MapState: all user keys as [userKey, value] pairs, in key-byte order. */
export interface RocksDbStoredEntry {
  state: string;
  kind: StateKind;
  keyGroup: number;
  key: StateKey;
  namespace: Namespace;
  stored: Plain;
}

/** Every stored entry of every state, in registration order, then RocksDB key order (so by key group). */
export function rocksDbStoredEntries(data: RocksDbKeyedBackendData): RocksDbStoredEntry[] {
  const out: RocksDbStoredEntry[] = [];
  for (const state of data.states) storedEntriesOf(data, state, out);
  return out;
}

function storedEntriesOf(data: RocksDbKeyedBackendData, state: RocksDbRegisteredState, out: RocksDbStoredEntry[]): void {
  const { name, kind } = state.descriptor;
  const layout = rocksDbKeyLayout(data.maxParallelism);
  const serializer = stateValueSerializer(state.descriptor);
  const input = new DataInputView(new Uint8Array(0));
  const isMap = kind === 'map';
  let group: Array<[MapUserKey, Plain]> | null = null;
  let groupPrefix: Uint8Array | null = null;
  for (const { key, value } of scan(data.db, state.columnFamily, null, null)) {
    const decoded = decodeRocksDbKey(layout, key, isMap, input);
    const entry = { state: name, kind, keyGroup: decoded.keyGroup, key: decoded.key, namespace: decoded.namespace };
    if (!isMap) {
      out.push({ ...entry, stored: decodeValue(kind, value, serializer, input, name) });
      continue;
    }
    // A map's user-key entries are adjacent (same composite-key prefix): fold them into one entry.
    if (group === null || groupPrefix === null || !samePrefix(groupPrefix, key, decoded.prefixLength)) {
      group = [];
      groupPrefix = key.subarray(0, decoded.prefixLength);
      out.push({ ...entry, stored: group });
    }
    input.reset(value);
    if (input.readBoolean()) throw new Error(`rocksDbStoredEntries: state '${name}' holds a null user value`);
    group.push([decoded.userKey as MapUserKey, serializer.deserialize(input)]);
  }
}

function samePrefix(prefix: Uint8Array, key: Uint8Array, prefixLength: number): boolean {
  if (prefix.length !== prefixLength) return false;
  for (let i = 0; i < prefixLength; i++) if (prefix[i] !== key[i]) return false;
  return true;
}

function decodeValue(
  kind: StateKind,
  bytes: Uint8Array,
  serializer: ReturnType<typeof stateValueSerializer>,
  input: DataInputView,
  name: string,
): Plain {
  if (kind === 'list') return deserializeDelimitedList(bytes, serializer, input);
  input.reset(bytes);
  const v = serializer.deserialize(input);
  if (input.remaining !== 0) throw new Error(`rocksDbStoredEntries: state '${name}' has a value with ${input.remaining} trailing byte(s)`);
  return v;
}

/** A stored value as people read it (map user keys as object keys, averages computed), as the heap listing shows it. */
export function presentRocksDbValue(kind: StateKind, fn: string | undefined, stored: Plain): StateValueView {
  switch (kind) {
    case 'value':
    case 'reducing':
      return stored as number;
    case 'list':
      return [...(stored as number[])];
    case 'map': {
      const out: Record<string, number> = {};
      for (const [k, v] of stored as Array<[MapUserKey, Plain]>) out[String(k)] = v as number;
      return out;
    }
    case 'aggregating':
      return getAggregateFunction(fn ?? 'average').getResult(stored) as number;
    default:
      return assertNever(kind, 'state kind');
  }
}

/** Every (state, key group, key, namespace) entry of a RocksDB backend, in key-group order: `keyedStateEntries` for this backend. */
export function rocksDbStateEntries(data: RocksDbKeyedBackendData): KeyedStateEntryView[] {
  const fnOf = new Map(data.states.map((s) => [s.descriptor.name, s.descriptor.fn]));
  return rocksDbStoredEntries(data).map((e) => ({
    state: e.state,
    kind: e.kind,
    keyGroup: e.keyGroup,
    key: e.key,
    namespace: namespaceId(e.namespace),
    value: presentRocksDbValue(e.kind, fnOf.get(e.state), e.stored),
  }));
}
