/**
 * A reference keyed state backend: the simplest implementation of the keyed state API that is
 * obviously right, for property tests of the real backends (heap, RocksDB-like, changelog).
 * Values live in JS Maps and are deep-copied on every read and write, so aliasing cannot hide
 * bugs; the state semantics (null handling, merge order, what clears) follow Flink's heap
 * states line by line. Not for production use: it is slow, and it is not plain data.
 */
import type { Plain } from '../core/plainData';
import { clonePlain } from '../core/plainData';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { assignToKeyGroup } from '../keys/keyGroups';
import { illegalKeyGroupError } from './copyOnWriteStateTable';
import type {
  InternalAggregatingState,
  InternalKvState,
  InternalListState,
  InternalMapState,
  InternalReducingState,
  InternalValueState,
  KeyedStateBackend,
  MapStateEntry,
} from './keyedStateApi';
import { checkNamespace, namespaceId, VOID_NAMESPACE, type Namespace } from './namespaces';
import { checkStateDescriptor, sameStateDescriptor, type StateDescriptor } from './stateDescriptor';
import { checkStateKey, stateKeyId, type MapUserKey, type StateKey } from './stateKeyIds';
import { getAggregateFunction, getReduceFunction } from './userFunctions';

type Pairs = Array<[MapUserKey, Plain]>;

/** The reference model of Flink's `KeyedStateBackend` (see module doc). */
export class ReferenceKeyedStateBackend implements KeyedStateBackend {
  private key: StateKey | null = null;
  private keyGroup = -1;
  private readonly handles = new Map<string, RefState>();
  /** state name → "keyId@namespaceId" → stored value */
  readonly values = new Map<string, Map<string, Plain>>();

  constructor(
    readonly maxParallelism: number,
    readonly keyGroupRange: KeyGroupRange = { startKeyGroup: 0, endKeyGroup: maxParallelism - 1 },
  ) {}

  setCurrentKey(key: StateKey): void {
    this.keyGroup = assignToKeyGroup(checkStateKey(key, 'setCurrentKey: key'), this.maxParallelism);
    this.key = key;
  }
  getCurrentKey(): StateKey {
    if (this.key === null) throw new Error('No key set');
    return this.key;
  }
  getCurrentKeyGroupIndex(): number {
    if (this.key === null) throw new Error('No key set');
    return this.keyGroup;
  }
  getKeyGroupRange(): KeyGroupRange {
    return this.keyGroupRange;
  }
  getNumberOfKeyGroups(): number {
    return this.maxParallelism;
  }
  getRegisteredStates(): readonly StateDescriptor[] {
    return [...this.handles.values()].map((h) => h.descriptor);
  }

  getValueState<V extends Plain = Plain>(d: StateDescriptor): InternalValueState<V> {
    return this.handle(d, 'value') as unknown as InternalValueState<V>;
  }
  getListState<T extends Plain = Plain>(d: StateDescriptor): InternalListState<T> {
    return this.handle(d, 'list') as unknown as InternalListState<T>;
  }
  getMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>(
    d: StateDescriptor,
  ): InternalMapState<UK, UV> {
    return this.handle(d, 'map') as unknown as InternalMapState<UK, UV>;
  }
  getReducingState<V extends Plain = Plain>(d: StateDescriptor): InternalReducingState<V> {
    return this.handle(d, 'reducing') as unknown as InternalReducingState<V>;
  }
  getAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>(
    d: StateDescriptor,
  ): InternalAggregatingState<IN, ACC, OUT> {
    return this.handle(d, 'aggregating') as unknown as InternalAggregatingState<IN, ACC, OUT>;
  }

  /** The slot of (current key, namespace); checks the key context like a real backend. */
  slot(ns: Namespace): string {
    if (this.key === null) throw new Error('No key set');
    const r = this.keyGroupRange;
    if (this.keyGroup < r.startKeyGroup || this.keyGroup > r.endKeyGroup)
      throw illegalKeyGroupError(this.keyGroup, r);
    return `${stateKeyId(this.key)}@${namespaceId(ns)}`;
  }

  private handle(d: StateDescriptor, kind: StateDescriptor['kind']): RefState {
    checkStateDescriptor(d);
    if (d.kind !== kind)
      throw new TypeError(`descriptor '${d.name}' is a ${d.kind} state descriptor, not ${kind}`);
    const existing = this.handles.get(d.name);
    if (existing !== undefined) {
      if (!sameStateDescriptor(existing.descriptor, d))
        throw new TypeError(`State '${d.name}' is registered with another kind`);
      return existing;
    }
    const values = new Map<string, Plain>();
    this.values.set(d.name, values);
    const h = new REF_STATES[kind](this, d, values);
    this.handles.set(d.name, h);
    return h;
  }
}

/** Shared part of the reference handles: the current namespace and deep-copying slot access. */
abstract class RefState implements InternalKvState {
  protected ns: Namespace = VOID_NAMESPACE;

  constructor(
    protected readonly backend: ReferenceKeyedStateBackend,
    readonly descriptor: StateDescriptor,
    private readonly store: Map<string, Plain>,
  ) {}

  setCurrentNamespace(ns: Namespace): void {
    this.ns = checkNamespace(ns);
  }
  getCurrentNamespace(): Namespace {
    return this.ns;
  }
  clear(): void {
    this.remove_(this.ns);
  }
  protected read(ns: Namespace = this.ns): Plain | null {
    const v = this.store.get(this.backend.slot(ns));
    return v === undefined ? null : clonePlain(v);
  }
  protected write(v: Plain, ns: Namespace = this.ns): void {
    this.store.set(this.backend.slot(ns), clonePlain(v));
  }
  protected remove_(ns: Namespace): void {
    this.store.delete(this.backend.slot(ns));
  }
}

class RefValueState extends RefState {
  value(): Plain | null {
    return this.read();
  }
  update(v: Plain | null): void {
    if (v === null || v === undefined) this.clear();
    else this.write(v);
  }
}

/** getInternal/updateInternal/mergeNamespaces exactly as Flink's AbstractHeapMergingState defines them. */
abstract class RefMergingState extends RefState {
  protected abstract mergeState(a: Plain, b: Plain): Plain;
  getInternal(): Plain | null {
    return this.read();
  }
  updateInternal(v: Plain | null): void {
    if (v === null || v === undefined) this.clear();
    else this.write(v);
  }
  mergeNamespaces(target: Namespace, sources: readonly Namespace[]): void {
    const t = checkNamespace(target);
    if (sources.length === 0) return;
    const srcs = sources.map((s) => checkNamespace(s));
    let merged: Plain | null = null;
    for (const s of srcs) {
      const v = this.read(s);
      this.remove_(s);
      if (merged !== null && v !== null) merged = this.mergeState(merged, v);
      else if (merged === null) merged = v;
    }
    if (merged === null) return;
    const current = this.read(t);
    this.write(current === null ? merged : this.mergeState(current, merged), t);
  }
}

class RefListState extends RefMergingState {
  get(): Plain[] {
    return (this.read() as Plain[] | null) ?? [];
  }
  add(v: Plain): void {
    if (v === null || v === undefined) throw new TypeError('ListState.add: null');
    this.write([...this.get(), v]);
  }
  addAll(vs: readonly Plain[]): void {
    checkList(vs);
    if (vs.length > 0) this.write([...this.get(), ...vs]);
  }
  update(vs: readonly Plain[]): void {
    checkList(vs);
    if (vs.length === 0) this.clear();
    else this.write([...vs]);
  }
  protected mergeState(a: Plain, b: Plain): Plain {
    return [...(a as Plain[]), ...(b as Plain[])];
  }
}

class RefReducingState extends RefMergingState {
  get(): Plain | null {
    return this.read();
  }
  add(v: Plain): void {
    if (v === null || v === undefined) return this.clear();
    const prev = this.read();
    this.write(prev === null ? v : getReduceFunction(this.descriptor.fn!).reduce(prev, v));
  }
  protected mergeState(a: Plain, b: Plain): Plain {
    return getReduceFunction(this.descriptor.fn!).reduce(a, b);
  }
}

class RefAggregatingState extends RefMergingState {
  get(): Plain | null {
    const acc = this.read();
    return acc === null ? null : getAggregateFunction(this.descriptor.fn!).getResult(acc);
  }
  add(v: Plain): void {
    if (v === null || v === undefined) return this.clear();
    const f = getAggregateFunction(this.descriptor.fn!);
    this.write(f.add(v, this.read() ?? f.createAccumulator()));
  }
  protected mergeState(a: Plain, b: Plain): Plain {
    return getAggregateFunction(this.descriptor.fn!).merge(clonePlain(a), b);
  }
}

/** MapState stored as [userKey, value] pairs in insertion order; user keys compare with ===. */
class RefMapState extends RefState {
  private pairs(ns: Namespace = this.ns): Pairs | null {
    return this.read(ns) as Pairs | null;
  }
  get(uk: MapUserKey): Plain | null {
    const p = this.pairs()?.find(([k]) => k === uk);
    return p === undefined ? null : p[1];
  }
  put(uk: MapUserKey, uv: Plain): void {
    checkUserEntry(uk, uv);
    this.write(putPair(this.pairs() ?? [], uk, uv));
  }
  putAll(entries: ReadonlyArray<readonly [MapUserKey, Plain]>): void {
    for (const [k, v] of entries) checkUserEntry(k, v);
    let p = this.pairs() ?? []; // Flink creates the (possibly empty) map even for an empty putAll
    for (const [k, v] of entries) p = putPair(p, k, v);
    this.write(p);
  }
  remove(uk: MapUserKey): void {
    const p = this.pairs();
    if (p === null) return;
    const rest = p.filter(([k]) => k !== uk);
    if (rest.length === 0) this.clear();
    else this.write(rest);
  }
  contains(uk: MapUserKey): boolean {
    return this.pairs()?.some(([k]) => k === uk) ?? false;
  }
  entries(): Pairs {
    return this.pairs() ?? [];
  }
  keys(): MapUserKey[] {
    return this.entries().map(([k]) => k);
  }
  values(): Plain[] {
    return this.entries().map(([, v]) => v);
  }
  isEmpty(): boolean {
    return this.entries().length === 0;
  }
  iterator(): Generator<MapStateEntry<MapUserKey, Plain>, void, undefined> {
    return this.iterate(this.ns, this.keys());
  }
  private *iterate(
    ns: Namespace,
    userKeys: MapUserKey[],
  ): Generator<MapStateEntry<MapUserKey, Plain>, void, undefined> {
    const at = (): Pairs => this.pairs(ns) ?? [];
    const exists = (): boolean => this.pairs(ns) !== null;
    const write = (p: Pairs): void => this.write(p, ns);
    for (const uk of userKeys) {
      if (!at().some(([k]) => k === uk)) continue;
      yield {
        key: uk,
        get value(): Plain {
          return at().find(([k]) => k === uk)![1];
        },
        setValue(v: Plain): void {
          checkUserEntry(uk, v);
          if (!exists()) throw new Error('MapState iterator: the map was cleared during iteration');
          write(putPair(at(), uk, v));
        },
        remove(): void {
          // Like Flink's iterator: removing the last entry leaves an empty map behind.
          if (exists()) write(at().filter(([k]) => k !== uk));
        },
      };
    }
  }
}

function checkUserEntry(k: MapUserKey, v: Plain): void {
  checkStateKey(k, 'MapState: user key');
  if (v === null || v === undefined) throw new TypeError('MapState: null user value');
}

const REF_STATES = {
  value: RefValueState,
  list: RefListState,
  map: RefMapState,
  reducing: RefReducingState,
  aggregating: RefAggregatingState,
} as const;

function putPair(p: Pairs, k: MapUserKey, v: Plain): Pairs {
  const i = p.findIndex(([x]) => x === k);
  if (i >= 0) p[i] = [k, v];
  else p.push([k, v]);
  return p;
}

function checkList(vs: readonly Plain[]): readonly Plain[] {
  if (!Array.isArray(vs)) throw new TypeError('ListState: values must be an array');
  if (vs.some((v) => v === null || v === undefined)) throw new TypeError('ListState: null element');
  return vs;
}
