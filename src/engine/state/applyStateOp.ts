/**
 * Operations of the keyed-state property harness (see stateOps): what a generated sequence may
 * touch, the operations themselves, and how one is applied to any {@link KeyedStateBackend} and
 * observed through the API alone. No fast-check here, so it also works outside tests.
 */
import { clonePlain, type Plain } from '../core/plainData';
import type { KeyedStateBackend } from './keyedStateApi';
import { namespaceId, timeWindow, VOID_NAMESPACE, type Namespace } from './namespaces';
import {
  aggregatingStateDescriptor,
  listStateDescriptor,
  mapStateDescriptor,
  reducingStateDescriptor,
  valueStateDescriptor,
  type StateDescriptor,
  type StateKind,
} from './stateDescriptor';
import { compareStateKeys, stateKeyId, type MapUserKey, type StateKey } from './stateKeyIds';

/** What a generated sequence may touch: one descriptor per kind, keys, namespaces, user keys. */
export interface StateOpsUniverse {
  readonly descriptors: { readonly [K in StateKind]: StateDescriptor };
  readonly keys: readonly StateKey[];
  readonly namespaces: readonly Namespace[];
  readonly userKeys: readonly MapUserKey[];
}

/** The default universe: small, so that operations collide on the same entries often. */
export const DEFAULT_STATE_OPS_UNIVERSE: StateOpsUniverse = {
  descriptors: {
    value: valueStateDescriptor('v'),
    list: listStateDescriptor('l'),
    map: mapStateDescriptor('m'),
    reducing: reducingStateDescriptor('r', 'sum'),
    aggregating: aggregatingStateDescriptor('a', 'average'),
  },
  keys: [1, 2, 'a', 'b', '1', 100000],
  namespaces: [VOID_NAMESPACE, timeWindow(0, 10), timeWindow(10, 20), timeWindow(0, 20)],
  userKeys: [1, 2, '1', 'x'],
};

/** One step of a sequence. Values are small integers so sums and averages stay exact. */
export type StateOp =
  | { t: 'setKey'; key: StateKey }
  | { t: 'clear'; state: StateKind; ns: Namespace }
  | {
      t: 'merge';
      state: 'list' | 'reducing' | 'aggregating';
      target: Namespace;
      sources: Namespace[];
    }
  | {
      t: 'value.get' | 'list.get' | 'list.getInternal' | 'reducing.get' | 'aggregating.get';
      ns: Namespace;
    }
  | { t: 'reducing.getInternal' | 'aggregating.getInternal'; ns: Namespace }
  | { t: 'value.update'; ns: Namespace; value: number | null }
  | {
      t: 'list.add' | 'reducing.add' | 'aggregating.add' | 'reducing.updateInternal';
      ns: Namespace;
      value: number;
    }
  | { t: 'list.addAll' | 'list.update' | 'list.updateInternal'; ns: Namespace; values: number[] }
  | { t: 'aggregating.updateInternal'; ns: Namespace; acc: { sum: number; count: number } }
  | { t: 'map.get' | 'map.remove' | 'map.contains'; ns: Namespace; key: MapUserKey }
  | { t: 'map.put'; ns: Namespace; key: MapUserKey; value: number }
  | { t: 'map.putAll'; ns: Namespace; entries: Array<[MapUserKey, number]> }
  | { t: 'map.entries' | 'map.keys' | 'map.values' | 'map.isEmpty'; ns: Namespace }
  | {
      t: 'map.iterate';
      ns: Namespace;
      setKeys: MapUserKey[];
      removeKeys: MapUserKey[];
      delta: number;
    };

const byKey = (a: [MapUserKey, Plain], b: [MapUserKey, Plain]) => compareStateKeys(a[0], b[0]);
const byNumber = (a: Plain, b: Plain) => (a as number) - (b as number);

/**
 * Applies one operation and returns what it observed (reads) or null (writes). Map results are
 * sorted, because iteration order is backend-specific. Errors become `{ error: true }`, so a
 * backend that throws where the reference does not (or the reverse) shows up as a difference.
 */
export function applyStateOp(
  backend: KeyedStateBackend,
  op: StateOp,
  u: StateOpsUniverse = DEFAULT_STATE_OPS_UNIVERSE,
): Plain {
  try {
    // Reads may return the backend's own objects (valid until the next write): keep a copy.
    return clonePlain(applyUnchecked(backend, op, u));
  } catch {
    return { error: true };
  }
}

function applyUnchecked(b: KeyedStateBackend, op: StateOp, u: StateOpsUniverse): Plain {
  const d = u.descriptors;
  if (op.t === 'setKey') {
    b.setCurrentKey(op.key);
    return null;
  }
  const ns = op.t === 'merge' ? VOID_NAMESPACE : op.ns;
  const value = b.getValueState<number>(d.value);
  const list = b.getListState<number>(d.list);
  const map = b.getMapState<MapUserKey, number>(d.map);
  const red = b.getReducingState<number>(d.reducing);
  const agg = b.getAggregatingState<number, { sum: number; count: number }, number>(d.aggregating);
  for (const s of [value, list, map, red, agg]) s.setCurrentNamespace(ns);
  switch (op.t) {
    case 'clear':
      ({ value, list, map, reducing: red, aggregating: agg })[op.state].clear();
      return null;
    case 'merge':
      ({ list, reducing: red, aggregating: agg })[op.state].mergeNamespaces(op.target, op.sources);
      return null;
    case 'value.get':
      return value.value();
    case 'value.update':
      value.update(op.value);
      return null;
    case 'list.get':
      return [...list.get()];
    case 'list.getInternal':
      return list.getInternal();
    case 'list.add':
      list.add(op.value);
      return null;
    case 'list.addAll':
      list.addAll(op.values);
      return null;
    case 'list.update':
      list.update(op.values);
      return null;
    case 'list.updateInternal':
      list.updateInternal(op.values.length === 0 ? null : [...op.values]);
      return null;
    case 'reducing.get':
      return red.get();
    case 'reducing.getInternal':
      return red.getInternal();
    case 'reducing.add':
      red.add(op.value);
      return null;
    case 'reducing.updateInternal':
      red.updateInternal(op.value);
      return null;
    case 'aggregating.get':
      return agg.get();
    case 'aggregating.getInternal':
      return agg.getInternal();
    case 'aggregating.add':
      agg.add(op.value);
      return null;
    case 'aggregating.updateInternal':
      agg.updateInternal({ ...op.acc });
      return null;
    case 'map.get':
      return map.get(op.key);
    case 'map.contains':
      return map.contains(op.key);
    case 'map.put':
      map.put(op.key, op.value);
      return null;
    case 'map.putAll':
      map.putAll(op.entries);
      return null;
    case 'map.remove':
      map.remove(op.key);
      return null;
    case 'map.entries':
      return map.entries().sort(byKey);
    case 'map.keys':
      return map.keys().sort(compareStateKeys);
    case 'map.values':
      return map.values().sort(byNumber);
    case 'map.isEmpty':
      return map.isEmpty();
    case 'map.iterate': {
      const seen: Array<[MapUserKey, number]> = [];
      for (const e of map.iterator()) {
        seen.push([e.key, e.value]);
        if (op.removeKeys.includes(e.key)) e.remove();
        else if (op.setKeys.includes(e.key)) e.setValue(e.value + op.delta);
      }
      return seen.sort(byKey);
    }
  }
}

/**
 * Everything observable through the API: for each state kind, key of the universe that the
 * backend owns, and namespace, the stored value (absent and empty values are left out).
 * Sorted by (kind, key, namespace), so it compares across backends.
 */
export function observeKeyedState(
  backend: KeyedStateBackend,
  u: StateOpsUniverse = DEFAULT_STATE_OPS_UNIVERSE,
): Plain {
  const out: Plain[] = [];
  const d = u.descriptors;
  const keys = [...u.keys].sort((a, b) => (stateKeyId(a) < stateKeyId(b) ? -1 : 1));
  const nss = [...u.namespaces].sort((a, b) => (namespaceId(a) < namespaceId(b) ? -1 : 1));
  for (const key of keys) {
    backend.setCurrentKey(key);
    const kg = backend.getCurrentKeyGroupIndex();
    const r = backend.getKeyGroupRange();
    if (kg < r.startKeyGroup || kg > r.endKeyGroup) continue;
    for (const ns of nss) {
      const at = (kind: StateKind, v: Plain): void => {
        if (v !== null) out.push([kind, key, namespaceId(ns), v]);
      };
      const value = backend.getValueState(d.value);
      value.setCurrentNamespace(ns);
      at('value', value.value());
      const list = backend.getListState(d.list);
      list.setCurrentNamespace(ns);
      at('list', list.get().length === 0 ? null : [...list.get()]);
      const map = backend.getMapState(d.map);
      map.setCurrentNamespace(ns);
      at('map', map.isEmpty() ? null : map.entries().sort(byKey));
      const red = backend.getReducingState(d.reducing);
      red.setCurrentNamespace(ns);
      at('reducing', red.getInternal());
      const agg = backend.getAggregatingState(d.aggregating);
      agg.setCurrentNamespace(ns);
      at('aggregating', agg.getInternal());
    }
  }
  return out;
}
