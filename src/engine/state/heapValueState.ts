import type { Plain } from '../core/plainData';
import { AbstractHeapState } from './abstractHeapState';
import type { InternalValueState } from './keyedStateApi';

/** Flink's `HeapValueState`: one value per (key, namespace) in a copy-on-write state table. */
export class HeapValueState<V extends Plain = Plain>
  extends AbstractHeapState
  implements InternalValueState<V>
{
  value(): V | null {
    return this.getCurrent() as V | null;
  }

  update(value: V | null): void {
    if (value === null || value === undefined) this.clear();
    else this.putCurrent(value);
  }
}
