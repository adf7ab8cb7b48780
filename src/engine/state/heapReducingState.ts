import type { Plain } from '../core/plainData';
import { AbstractHeapMergingState } from './abstractHeapState';
import type { CopyOnWriteStateTable } from './copyOnWriteStateTable';
import type { HeapKeyedStateBackendData } from './heapKeyedStateBackend';
import type { InternalReducingState } from './keyedStateApi';
import { getReduceFunction, type ReduceFunction } from './userFunctions';

/** Flink's `HeapReducingState`: the running `ReduceFunction` result per (key, namespace). */
export class HeapReducingState<V extends Plain = Plain>
  extends AbstractHeapMergingState<V>
  implements InternalReducingState<V>
{
  private readonly reduceFunction: ReduceFunction<Plain>;
  private readonly reduceTransformation = (previous: Plain | null, value: V): Plain =>
    previous !== null ? this.reduceFunction.reduce(previous, value) : value;

  constructor(backend: HeapKeyedStateBackendData, table: CopyOnWriteStateTable) {
    super(backend, table);
    this.reduceFunction = getReduceFunction(table.descriptor.fn ?? '');
  }

  get(): V | null {
    return this.getCurrent() as V | null;
  }

  add(value: V): void {
    if (value === null || value === undefined) this.clear();
    else this.transformCurrent(value, this.reduceTransformation);
  }

  protected mergeState(a: V, b: V): V {
    return this.reduceFunction.reduce(a, b) as V;
  }
}
