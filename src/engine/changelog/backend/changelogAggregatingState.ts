/**
 * Flink's `ChangelogAggregatingState`: an AggregatingState that logs its writes. `add` logs
 * SET_INTERNAL of the whole accumulator after the add (the aggregate function is user code and
 * need not be deterministic on replay; the accumulator may also be much smaller or larger than
 * the input, so Flink simply stores the result). `updateInternal` logs SET_INTERNAL,
 * `mergeNamespaces` MERGE_NS, `clear` CLEAR.
 */
import type { Plain } from '../../core/plainData';
import type { InternalAggregatingState } from '../../state/keyedStateApi';
import { AbstractChangelogMergingState } from './abstractChangelogState';

/** Flink's `ChangelogAggregatingState` (see the module doc). */
export class ChangelogAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>
  extends AbstractChangelogMergingState<IN, ACC, OUT | null>
  implements InternalAggregatingState<IN, ACC, OUT>
{
  add(value: IN): void {
    this.delegatedState.add(value);
    // The accumulator may be mutated in place by the next add; the logger copies it now.
    this.changeLogger.valueUpdatedInternal(
      this.delegatedState.getInternal(),
      this.getCurrentNamespace(),
    );
  }
}
