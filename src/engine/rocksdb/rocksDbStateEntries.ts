/**
 * Read-only listings of what a RocksDB backend stores, for the UI and tests. They scan each
 * state's column family and decode the keys (`RocksDBKeySerializationUtils`), reading the
 * plain data directly, never through the state API (which sets the key context, a write), so
 * they work on frozen, recorded steps. The output has the heap listing's shape, so a view can
 * show either backend.
 */
import { assertNever } from '../core/assertNever';
import { deepFreeze, type Plain } from '../core/plainData';
import type { StateValueView } from '../events';
import { columnFamily, forEachLiveEntry, scan, sstPart, sstPartKey, sstPartValue, type SstPart } from '../lsm';
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

/** One live RocksDB entry decoded (for MapState, one user key's entry). */
interface DecodedEntry {
  keyGroup: number;
  key: StateKey;
  /** `namespaceId` of the namespace. */
  namespace: string;
  prefixLength: number;
  userKey: MapUserKey | undefined;
  /** Frozen: an entry decoded from an SST is shared by every later read of the same files. */
  stored: Plain;
}

/**
 * Decoded entries of each cached SST part (lsm/sstPart.ts), per decoder (key layout and state),
 * filled index by index as reads reach them: a read decodes only what the memtables hold and SST
 * entries no read decoded before. Weakly keyed, so it goes when the part leaves the cache.
 */
const decodedParts = new WeakMap<SstPart, Map<string, (DecodedEntry | undefined)[]>>();

function decodedOf(part: SstPart, decoder: string): (DecodedEntry | undefined)[] {
  let byDecoder = decodedParts.get(part);
  if (byDecoder === undefined) {
    byDecoder = new Map();
    decodedParts.set(part, byDecoder);
  }
  let decoded = byDecoder.get(decoder);
  if (decoded === undefined) {
    decoded = new Array<DecodedEntry | undefined>(part.size);
    byDecoder.set(decoder, decoded);
  }
  return decoded;
}

/**
 * Every (state, key group, key, namespace) entry of a RocksDB backend, in key-group order:
 * `keyedStateEntries` for this backend. What `rocksDbStoredEntries` lists, presented; but
 * incremental, as the views call it on every step: the SSTs of each column family are merged and
 * decoded once per set of files (lsm/sstPart.ts) and each read merges only the memtables on top.
 */
export function rocksDbStateEntries(data: RocksDbKeyedBackendData): KeyedStateEntryView[] {
  const out: KeyedStateEntryView[] = [];
  const layout = rocksDbKeyLayout(data.maxParallelism);
  const input = new DataInputView(new Uint8Array(0));
  for (const state of data.states) {
    const { name, kind, fn } = state.descriptor;
    const serializer = stateValueSerializer(state.descriptor);
    const cf = columnFamily(data.db, state.columnFamily);
    const part = sstPart(cf);
    const cached = decodedOf(part, `${data.maxParallelism}\u0000${name}\u0000${kind}\u0000${fn ?? ''}`);
    const isMap = kind === 'map';
    const decode = (key: Uint8Array, value: Uint8Array): DecodedEntry => {
      const k = decodeRocksDbKey(layout, key, isMap, input);
      let stored: Plain;
      if (isMap) {
        input.reset(value);
        if (input.readBoolean()) throw new Error(`rocksDbStoredEntries: state '${name}' holds a null user value`);
        stored = serializer.deserialize(input);
      } else stored = decodeValue(kind, value, serializer, input, name);
      return { keyGroup: k.keyGroup, key: k.key, namespace: namespaceId(k.namespace), prefixLength: k.prefixLength, userKey: k.userKey, stored: deepFreeze(stored) };
    };
    const groups: Array<{ view: KeyedStateEntryView; pairs: Array<[MapUserKey, Plain]> }> = [];
    let groupPrefix: Uint8Array | null = null;
    forEachLiveEntry(cf, part, (entry, sstIndex) => {
      let d = sstIndex >= 0 ? cached[sstIndex] : undefined;
      if (d === undefined) {
        d = entry !== null ? decode(entry.key, entry.value!) : decode(sstPartKey(part, sstIndex), sstPartValue(part, sstIndex)!);
        if (sstIndex >= 0) cached[sstIndex] = d;
      }
      if (!isMap) {
        out.push({ state: name, kind, keyGroup: d.keyGroup, key: d.key, namespace: d.namespace, value: presentRocksDbValue(kind, fn, d.stored) });
        return;
      }
      // A map's user-key entries are adjacent (same composite-key prefix): fold them into one entry.
      const key = entry !== null ? entry.key : sstPartKey(part, sstIndex);
      if (groupPrefix === null || !samePrefix(groupPrefix, key, d.prefixLength)) {
        groupPrefix = key.subarray(0, d.prefixLength);
        const view: KeyedStateEntryView = { state: name, kind, keyGroup: d.keyGroup, key: d.key, namespace: d.namespace, value: 0 };
        out.push(view);
        groups.push({ view, pairs: [] });
      }
      groups[groups.length - 1]!.pairs.push([d.userKey as MapUserKey, d.stored]);
    });
    for (const g of groups) g.view.value = presentRocksDbValue(kind, fn, g.pairs);
  }
  return out;
}
