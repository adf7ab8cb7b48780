/**
 * Flink's `ChangelogReducingState`: a ReducingState that logs its writes. `add` logs
 * SET_INTERNAL of the whole reduced value after the add, not the added value: the reduce
 * function is user code that need not give the same result on replay, so restore only stores
 * what the function produced. `updateInternal` logs SET_INTERNAL, `mergeNamespaces` MERGE_NS,
 * `clear` CLEAR.
 */
import type { Plain } from '../../core/plainData';
import type { InternalReducingState } from '../../state/keyedStateApi';
import { AbstractChangelogMergingState } from './abstractChangelogState';

/** Flink's `ChangelogReducingState` (see the module doc). */
export class ChangelogReducingState<V extends Plain = Plain>
  extends AbstractChangelogMergingState<V, V, V | null>
  implements InternalReducingState<V>
{
  add(value: V): void {
    this.delegatedState.add(value);
    this.changeLogger.valueUpdatedInternal(
      this.delegatedState.getInternal(),
      this.getCurrentNamespace(),
    );
  }
}
