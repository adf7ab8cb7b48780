/**
 * Flink's `ChangelogValueState`: a ValueState that logs its writes. `update` logs SET of the
 * new value (CLEAR when it is null); `clear` logs CLEAR. Reads are not logged.
 */
import type { Plain } from '../../core/plainData';
import type { InternalValueState } from '../../state/keyedStateApi';
import { AbstractChangelogState } from './abstractChangelogState';

/** Flink's `ChangelogValueState` (see the module doc). */
export class ChangelogValueState<V extends Plain = Plain>
  extends AbstractChangelogState<InternalValueState<V>>
  implements InternalValueState<V>
{
  value(): V | null {
    return this.delegatedState.value();
  }

  update(value: V | null): void {
    this.delegatedState.update(value);
    this.changeLogger.valueUpdated(value, this.getCurrentNamespace());
  }
}
