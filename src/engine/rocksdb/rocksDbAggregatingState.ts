import type { Plain } from '../core/plainData';
import type { InternalAggregatingState } from '../state/keyedStateApi';
import { getAggregateFunction, type AggregateFunction } from '../state/userFunctions';
import { AbstractRocksDbAppendingState } from './abstractRocksDbAppendingState';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

/**
 * Flink's `RocksDBAggregatingState`: the serialized accumulator per (key, namespace); `add`
 * deserializes it (or creates one), adds, and writes it back. The accumulator a user function
 * mutates is always a freshly deserialized copy, so no copy-on-write is needed.
 */
export class RocksDbAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>
  extends AbstractRocksDbAppendingState<ACC>
  implements InternalAggregatingState<IN, ACC, OUT>
{
  private readonly aggFunction: AggregateFunction<Plain, Plain, Plain>;

  constructor(backend: RocksDbKeyedBackendData, state: RocksDbRegisteredState, keyBuilder: SerializedCompositeKeyBuilder) {
    super(backend, state, keyBuilder);
    this.aggFunction = getAggregateFunction(state.descriptor.fn ?? '');
  }

  get(): OUT | null {
    const acc = this.getInternal();
    return acc === null ? null : (this.aggFunction.getResult(acc) as OUT);
  }

  /** `add`: the accumulator (or a new one) with the value added; null clears (as in the heap backend). */
  add(value: IN): void {
    if (value === null || value === undefined) return this.clear();
    const key = this.currentKeyBytes();
    const acc = this.readAt(key) ?? this.aggFunction.createAccumulator();
    const next = this.aggFunction.add(value as Plain, acc) as ACC;
    this.dbPut(key, this.serializeValue(next, this.valueSerializer));
  }

  protected mergeState(a: ACC, b: ACC): ACC {
    return this.aggFunction.merge(a, b) as ACC;
  }
}
