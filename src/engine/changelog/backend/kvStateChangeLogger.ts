/**
 * Flink's `KvStateChangeLoggerImpl` (with its base `AbstractStateChangeLogger`): one per keyed
 * state, it turns each write of a `Changelog*State` into a {@link LoggedChange} and hands it to
 * the sink. The scope of a change is the key context at logging time (key and key group) and
 * the namespace the state wrote to. Before a state's first change it logs the state's
 * METADATA, once, until the flags are reset at a materialization.
 *
 * Payloads are deep-copied here. Flink serializes them at this point, and that matters: a
 * backend may later mutate the object it stored (an aggregate function that updates its
 * accumulator in place), and the log must keep the value as it was when written.
 */
import { clonePlain, type Plain } from '../../core/plainData';
import type { KeyContext } from '../../state/keyedStateApi';
import { VOID_NAMESPACE, type Namespace } from '../../state/namespaces';
import type { StateDescriptor } from '../../state/stateDescriptor';
import type { MapUserKey, StateKey } from '../../state/stateKeyIds';
import {
  isMetadataLogged,
  markMetadataLogged,
  type ChangelogKeyedStateBackendData,
} from './changelogKeyedStateBackendData';
import {
  descriptorToPlain,
  META_KEY_GROUP,
  namespaceToPlain,
  type LoggedChange,
  type StateChangeSink,
} from './loggedChange';
import { StateChangeOperation } from './stateChangeOperation';

/** The key part of a change's scope (Flink's `serializeScope` writes the key, the writer gets the key group). */
export interface ChangeKeyScope {
  readonly key: StateKey;
  readonly keyGroup: number;
}

/** Flink's `KvStateChangeLoggerImpl` / `AbstractStateChangeLogger` (see the module doc). */
export class KvStateChangeLogger {
  constructor(
    private readonly keyContext: KeyContext,
    private readonly sink: StateChangeSink,
    private readonly data: ChangelogKeyedStateBackendData,
    readonly descriptor: StateDescriptor,
  ) {}

  /** The current key and key group, for writes that must be logged under the scope of an earlier moment (map iterators). */
  currentKeyScope(): ChangeKeyScope {
    return {
      key: this.keyContext.getCurrentKey(),
      keyGroup: this.keyContext.getCurrentKeyGroupIndex(),
    };
  }

  /** `valueUpdated`: SET of the new value; null means the value was cleared (CLEAR). */
  valueUpdated(newValue: Plain | null, ns: Namespace): void {
    if (newValue === null || newValue === undefined) this.valueCleared(ns);
    else this.log(StateChangeOperation.SET, ns, newValue);
  }

  /** `valueUpdatedInternal`: SET_INTERNAL of the new stored value; null logs CLEAR. */
  valueUpdatedInternal(newValue: Plain | null, ns: Namespace): void {
    if (newValue === null || newValue === undefined) this.valueCleared(ns);
    else this.log(StateChangeOperation.SET_INTERNAL, ns, newValue);
  }

  /** `valueAdded`: ADD of several elements (list elements or map entries), even none. */
  valueAdded(added: Plain, ns: Namespace): void {
    this.log(StateChangeOperation.ADD, ns, added);
  }

  /** `valueCleared`: CLEAR, whether or not there was a value. */
  valueCleared(ns: Namespace): void {
    this.log(StateChangeOperation.CLEAR, ns, null);
  }

  /** `valueElementAdded`: ADD_ELEMENT of one list element. */
  valueElementAdded(element: Plain, ns: Namespace): void {
    this.log(StateChangeOperation.ADD_ELEMENT, ns, element);
  }

  /** `valueElementAddedOrUpdated`: ADD_OR_UPDATE_ELEMENT of one map entry. */
  valueElementAddedOrUpdated(
    userKey: MapUserKey,
    value: Plain,
    ns: Namespace,
    scope?: ChangeKeyScope,
  ): void {
    this.log(StateChangeOperation.ADD_OR_UPDATE_ELEMENT, ns, [userKey, value], scope);
  }

  /** `valueElementRemoved`: REMOVE_ELEMENT of one map user key (logged even if it was absent). */
  valueElementRemoved(userKey: MapUserKey, ns: Namespace, scope?: ChangeKeyScope): void {
    this.log(StateChangeOperation.REMOVE_ELEMENT, ns, userKey, scope);
  }

  /**
   * `namespacesMerged`: MERGE_NS scoped to the target, with target and sources as payload.
   * Flink logs the merge itself rather than the merged value, because the sources must be
   * removed on replay too.
   */
  namespacesMerged(target: Namespace, sources: readonly Namespace[]): void {
    this.log(StateChangeOperation.MERGE_NS, target, {
      target: namespaceToPlain(target),
      sources: sources.map(namespaceToPlain),
    });
  }

  /** `resetWritingMetaFlag`: the next change of this state logs METADATA first again. */
  resetWritingMetaFlag(): void {
    const i = this.data.metadataLogged.indexOf(this.descriptor.name);
    if (i >= 0) this.data.metadataLogged.splice(i, 1);
  }

  private log(
    op: StateChangeOperation,
    ns: Namespace,
    payload: Plain,
    scope?: ChangeKeyScope,
  ): void {
    const s = scope ?? this.currentKeyScope();
    this.logMetaIfNeeded();
    const change: LoggedChange = {
      op,
      state: this.descriptor.name,
      keyGroup: s.keyGroup,
      key: s.key,
      namespace: ns === VOID_NAMESPACE ? VOID_NAMESPACE : { start: ns.start, end: ns.end },
      payload: clonePlain(payload),
    };
    this.sink(change);
  }

  /** `logMetaIfNeeded`: the state's metadata goes into the log before its first change. */
  private logMetaIfNeeded(): void {
    const name = this.descriptor.name;
    if (isMetadataLogged(this.data, name)) return;
    this.sink({
      op: StateChangeOperation.METADATA,
      state: name,
      keyGroup: META_KEY_GROUP,
      key: '',
      namespace: VOID_NAMESPACE,
      payload: descriptorToPlain(this.descriptor),
    });
    markMetadataLogged(this.data, name);
  }
}
