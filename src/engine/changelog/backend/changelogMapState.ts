/**
 * Flink's `ChangelogMapState`: a MapState that logs its writes, including the ones made through
 * its iterator. `put` logs ADD_OR_UPDATE_ELEMENT of [userKey, value], `putAll` ADD of the
 * [userKey, value] pairs (also when there are none), `remove` REMOVE_ELEMENT of the user key
 * (also when it was absent), `clear` CLEAR. Through `iterator()`: an entry's `setValue` logs
 * ADD_OR_UPDATE_ELEMENT and its `remove` logs REMOVE_ELEMENT (Flink's `loggingMapEntry` and
 * `StateChangeLoggingIterator`). `entries()`, `keys()` and `values()` return arrays here, which
 * cannot write, so only the iterator needs wrapping.
 */
import type { Plain } from '../../core/plainData';
import type { InternalMapState, MapStateEntry } from '../../state/keyedStateApi';
import type { Namespace } from '../../state/namespaces';
import type { MapUserKey } from '../../state/stateKeyIds';
import { AbstractChangelogState } from './abstractChangelogState';
import type { ChangeKeyScope } from './kvStateChangeLogger';

/** Flink's `ChangelogMapState` (see the module doc). */
export class ChangelogMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>
  extends AbstractChangelogState<InternalMapState<UK, UV>>
  implements InternalMapState<UK, UV>
{
  get(key: UK): UV | null {
    return this.delegatedState.get(key);
  }

  put(key: UK, value: UV): void {
    this.delegatedState.put(key, value);
    this.changeLogger.valueElementAddedOrUpdated(key, value, this.getCurrentNamespace());
  }

  putAll(entries: ReadonlyArray<readonly [UK, UV]>): void {
    this.delegatedState.putAll(entries);
    const pairs: Plain[] = entries.map(([k, v]): Plain => [k, v]);
    this.changeLogger.valueAdded(pairs, this.getCurrentNamespace());
  }

  remove(key: UK): void {
    this.delegatedState.remove(key);
    this.changeLogger.valueElementRemoved(key, this.getCurrentNamespace());
  }

  contains(key: UK): boolean {
    return this.delegatedState.contains(key);
  }

  entries(): Array<[UK, UV]> {
    return this.delegatedState.entries();
  }

  keys(): UK[] {
    return this.delegatedState.keys();
  }

  values(): UV[] {
    return this.delegatedState.values();
  }

  isEmpty(): boolean {
    return this.delegatedState.isEmpty();
  }

  /**
   * Wraps the delegated iterator so that entry writes are logged. The namespace is taken when
   * iteration starts, as in Flink. So is the key: both nested backends bind their iterator to
   * the key current at creation, so logging that key keeps the log true to what was written
   * even if the key context moves on during iteration (Flink logs the key current at the
   * write, which only differs in that case).
   */
  iterator(): IterableIterator<MapStateEntry<UK, UV>> {
    const inner = this.delegatedState.iterator();
    return this.loggingIterator(
      inner,
      this.getCurrentNamespace(),
      this.changeLogger.currentKeyScope(),
    );
  }

  private *loggingIterator(
    inner: IterableIterator<MapStateEntry<UK, UV>>,
    ns: Namespace,
    scope: ChangeKeyScope,
  ): Generator<MapStateEntry<UK, UV>, void, undefined> {
    const logger = this.changeLogger;
    for (const entry of inner) {
      yield {
        key: entry.key,
        get value(): UV {
          return entry.value;
        },
        setValue(value: UV): void {
          entry.setValue(value);
          logger.valueElementAddedOrUpdated(entry.key, value, ns, scope);
        },
        remove(): void {
          entry.remove();
          logger.valueElementRemoved(entry.key, ns, scope);
        },
      };
    }
  }
}
