import type { Plain } from '../core/plainData';
import type { InternalReducingState } from '../state/keyedStateApi';
import { getReduceFunction, type ReduceFunction } from '../state/userFunctions';
import { AbstractRocksDbAppendingState } from './abstractRocksDbAppendingState';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

/**
 * Flink's `RocksDBReducingState`: the serialized running `ReduceFunction` result per
 * (key, namespace); `add` reads it, reduces and writes it back.
 */
export class RocksDbReducingState<V extends Plain = Plain> extends AbstractRocksDbAppendingState<V> implements InternalReducingState<V> {
  private readonly reduceFunction: ReduceFunction<Plain>;

  constructor(backend: RocksDbKeyedBackendData, state: RocksDbRegisteredState, keyBuilder: SerializedCompositeKeyBuilder) {
    super(backend, state, keyBuilder);
    this.reduceFunction = getReduceFunction(state.descriptor.fn ?? '');
  }

  get(): V | null {
    return this.getInternal();
  }

  /** `add`: reduce(old, value), or the value itself for the first one; null clears (as in the heap backend). */
  add(value: V): void {
    if (value === null || value === undefined) return this.clear();
    const key = this.currentKeyBytes();
    const old = this.readAt(key);
    const next = old === null ? value : (this.reduceFunction.reduce(old, value) as V);
    this.dbPut(key, this.serializeValue(next, this.valueSerializer));
  }

  protected mergeState(a: V, b: V): V {
    return this.reduceFunction.reduce(a, b) as V;
  }
}
