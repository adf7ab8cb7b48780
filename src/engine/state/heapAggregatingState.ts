import type { Plain } from '../core/plainData';
import { AbstractHeapMergingState } from './abstractHeapState';
import type { CopyOnWriteStateTable } from './copyOnWriteStateTable';
import type { HeapKeyedStateBackendData } from './heapKeyedStateBackend';
import type { InternalAggregatingState } from './keyedStateApi';
import { getAggregateFunction, type AggregateFunction } from './userFunctions';

/** Flink's `HeapAggregatingState`: an `AggregateFunction` accumulator per (key, namespace). */
export class HeapAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>
  extends AbstractHeapMergingState<ACC>
  implements InternalAggregatingState<IN, ACC, OUT>
{
  private readonly aggFunction: AggregateFunction<Plain, Plain, Plain>;
  private readonly aggregateTransformation = (accumulator: Plain | null, value: IN): Plain =>
    this.aggFunction.add(
      value as Plain,
      accumulator !== null ? accumulator : this.aggFunction.createAccumulator(),
    );

  constructor(backend: HeapKeyedStateBackendData, table: CopyOnWriteStateTable) {
    super(backend, table);
    this.aggFunction = getAggregateFunction(table.descriptor.fn ?? '');
  }

  get(): OUT | null {
    const acc = this.getCurrent();
    return acc === null ? null : (this.aggFunction.getResult(acc) as OUT);
  }

  add(value: IN): void {
    if (value === null || value === undefined) this.clear();
    else this.transformCurrent(value, this.aggregateTransformation);
  }

  protected mergeState(a: ACC, b: ACC): ACC {
    return this.aggFunction.merge(a, b) as ACC;
  }
}
