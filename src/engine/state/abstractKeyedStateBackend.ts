/**
 * Flink's `AbstractKeyedStateBackend`: what every keyed backend shares — the key context
 * (`InternalKeyContextImpl`) kept in plain data, and one cached handle per registered state.
 * Subclasses compute the key group in `setCurrentKey` and create the handle of each state kind.
 */
import type { Plain } from '../core/plainData';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { noKeySetError } from './abstractHeapState';
import type {
  InternalAggregatingState,
  InternalKvState,
  InternalListState,
  InternalMapState,
  InternalReducingState,
  InternalValueState,
  KeyedStateBackend,
} from './keyedStateApi';
import { sameStateDescriptor, type StateDescriptor, type StateKind } from './stateDescriptor';
import type { MapUserKey, StateKey } from './stateKeyIds';

/** The key context fields every backend's plain data has. */
export interface KeyContextData {
  readonly maxParallelism: number;
  readonly keyGroupRange: KeyGroupRange;
  currentKey: StateKey | null;
  currentKeyGroupIndex: number;
}

export abstract class AbstractKeyedStateBackend<D extends KeyContextData, H extends InternalKvState> implements KeyedStateBackend {
  private readonly handles = new Map<string, H>();

  constructor(readonly data: D) {}

  abstract setCurrentKey(key: StateKey): void;

  abstract getRegisteredStates(): readonly StateDescriptor[];

  /** Registers the state if needed and creates its handle (called once per state and wrapper). */
  protected abstract createHandle(descriptor: StateDescriptor, kind: StateKind): H;

  getCurrentKey(): StateKey {
    const k = this.data.currentKey;
    if (k === null) throw noKeySetError('(key context)');
    return k;
  }

  getCurrentKeyGroupIndex(): number {
    if (this.data.currentKey === null) throw noKeySetError('(key context)');
    return this.data.currentKeyGroupIndex;
  }

  getKeyGroupRange(): KeyGroupRange {
    return this.data.keyGroupRange;
  }

  getNumberOfKeyGroups(): number {
    return this.data.maxParallelism;
  }

  getValueState<V extends Plain = Plain>(descriptor: StateDescriptor): InternalValueState<V> {
    return this.handle(descriptor, 'value') as unknown as InternalValueState<V>;
  }

  getListState<T extends Plain = Plain>(descriptor: StateDescriptor): InternalListState<T> {
    return this.handle(descriptor, 'list') as unknown as InternalListState<T>;
  }

  getMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>(descriptor: StateDescriptor): InternalMapState<UK, UV> {
    return this.handle(descriptor, 'map') as unknown as InternalMapState<UK, UV>;
  }

  getReducingState<V extends Plain = Plain>(descriptor: StateDescriptor): InternalReducingState<V> {
    return this.handle(descriptor, 'reducing') as unknown as InternalReducingState<V>;
  }

  getAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>(descriptor: StateDescriptor): InternalAggregatingState<IN, ACC, OUT> {
    return this.handle(descriptor, 'aggregating') as unknown as InternalAggregatingState<IN, ACC, OUT>;
  }

  /** The cached handle of a state; asking with another kind or function for an existing name fails. */
  private handle(descriptor: StateDescriptor, kind: StateKind): H {
    const cached = this.handles.get(descriptor?.name);
    if (cached !== undefined && sameStateDescriptor(cached.descriptor, descriptor) && descriptor.kind === kind) return cached;
    if (descriptor?.kind !== kind) {
      throw new TypeError(`get${kind[0]!.toUpperCase()}${kind.slice(1)}State: descriptor '${descriptor?.name}' is a ${descriptor?.kind} state descriptor`);
    }
    const h = this.createHandle(descriptor, kind);
    this.handles.set(descriptor.name, h);
    return h;
  }
}
