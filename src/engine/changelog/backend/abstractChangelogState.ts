/**
 * Flink's `AbstractChangelogState` and its merging part: the base of the `Changelog*State`
 * decorators. Each wraps the nested backend's handle ("delegated state") and a
 * {@link KvStateChangeLogger}. Reads go to the delegated state only; every write goes to the
 * delegated state first and is logged after it succeeded, so a write the nested state rejects
 * (null element, key group not owned) leaves no change in the log.
 *
 * The wrapper holds no state of its own: the current namespace is the delegated handle's (kept
 * in the nested backend's plain data). Flink keeps a copy of it in the wrapper; reading it
 * through is equivalent and keeps the wrapper recreatable over restored data.
 */
import type { Plain } from '../../core/plainData';
import type { InternalKvState, InternalMergingState } from '../../state/keyedStateApi';
import type { Namespace } from '../../state/namespaces';
import type { StateDescriptor } from '../../state/stateDescriptor';
import type { KvStateChangeLogger } from './kvStateChangeLogger';

/** Flink's `AbstractChangelogState`: namespace delegation and a logged `clear`. */
export abstract class AbstractChangelogState<S extends InternalKvState> implements InternalKvState {
  constructor(
    protected readonly delegatedState: S,
    protected readonly changeLogger: KvStateChangeLogger,
  ) {
    // Flink checks the same: a changelog state never wraps another one (it would log twice).
    if (delegatedState instanceof AbstractChangelogState) {
      throw new TypeError(
        `Changelog state '${delegatedState.descriptor.name}' cannot wrap another changelog state`,
      );
    }
  }

  get descriptor(): StateDescriptor {
    return this.delegatedState.descriptor;
  }

  /** `getDelegatedState`: the nested backend's handle (what restore applies changes to). */
  getDelegatedState(): S {
    return this.delegatedState;
  }

  /** `getStateChangeLogger`. */
  getStateChangeLogger(): KvStateChangeLogger {
    return this.changeLogger;
  }

  setCurrentNamespace(namespace: Namespace): void {
    this.delegatedState.setCurrentNamespace(namespace);
  }

  getCurrentNamespace(): Namespace {
    return this.delegatedState.getCurrentNamespace();
  }

  /** Clears the delegated value and logs CLEAR, even when there was nothing to clear (as Flink). */
  clear(): void {
    this.delegatedState.clear();
    this.changeLogger.valueCleared(this.getCurrentNamespace());
  }

  /** `resetWritingMetaFlag`: this state's next change logs its METADATA again. */
  resetWritingMetaFlag(): void {
    this.changeLogger.resetWritingMetaFlag();
  }
}

/**
 * The part Flink's `ChangelogListState`, `ChangelogReducingState` and
 * `ChangelogAggregatingState` share: raw access (`getInternal` is a read, `updateInternal` logs
 * SET_INTERNAL) and namespace merging (logs MERGE_NS).
 */
export abstract class AbstractChangelogMergingState<
  IN,
  SV extends Plain,
  OUT,
  S extends InternalMergingState<IN, SV, OUT> = InternalMergingState<IN, SV, OUT>,
>
  extends AbstractChangelogState<S>
  implements InternalMergingState<IN, SV, OUT>
{
  abstract add(value: IN): void;

  get(): OUT {
    return this.delegatedState.get();
  }

  getInternal(): SV | null {
    return this.delegatedState.getInternal();
  }

  /** Logs SET_INTERNAL of the stored value, or CLEAR for null. */
  updateInternal(valueToStore: SV | null): void {
    this.delegatedState.updateInternal(valueToStore);
    this.changeLogger.valueUpdatedInternal(valueToStore, this.getCurrentNamespace());
  }

  /**
   * Logs MERGE_NS with target and sources, not the merged value: replay must also remove the
   * source namespaces, and re-merging gives the same value because merging is deterministic
   * for the same inputs.
   */
  mergeNamespaces(target: Namespace, sources: readonly Namespace[]): void {
    this.delegatedState.mergeNamespaces(target, sources);
    this.changeLogger.namespacesMerged(target, sources);
  }
}
