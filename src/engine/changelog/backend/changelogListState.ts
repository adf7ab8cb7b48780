/**
 * Flink's `ChangelogListState`: a ListState that logs its writes. `add` logs ADD_ELEMENT of the
 * element, `addAll` ADD of the elements (also when there are none: Flink does not check),
 * `update` SET of the whole list (an empty list is logged as SET of [], which replays as a
 * clear, exactly as Flink's `valueUpdated` only turns null into CLEAR), `updateInternal`
 * SET_INTERNAL (CLEAR for null), `mergeNamespaces` MERGE_NS, `clear` CLEAR.
 */
import type { Plain } from '../../core/plainData';
import type { InternalListState } from '../../state/keyedStateApi';
import { AbstractChangelogMergingState } from './abstractChangelogState';

/** Flink's `ChangelogListState` (see the module doc). */
export class ChangelogListState<T extends Plain = Plain>
  extends AbstractChangelogMergingState<T, T[], readonly T[], InternalListState<T>>
  implements InternalListState<T>
{
  override get(): readonly T[] {
    return this.delegatedState.get();
  }

  /** Logs only the element, not the list: the change stays small however long the list is. */
  add(value: T): void {
    this.delegatedState.add(value);
    this.changeLogger.valueElementAdded(value, this.getCurrentNamespace());
  }

  addAll(values: readonly T[]): void {
    this.delegatedState.addAll(values);
    this.changeLogger.valueAdded([...values], this.getCurrentNamespace());
  }

  update(values: readonly T[]): void {
    this.delegatedState.update(values);
    this.changeLogger.valueUpdated([...values], this.getCurrentNamespace());
  }
}
