/**
 * Flink's `ChangelogKeyedStateBackend`: a decorator over a keyed state backend (the "state
 * table": here the heap or the RocksDB-like backend) that logs every state write as a change.
 * The key context is the nested backend's; each state handle is a `Changelog*State` around
 * the nested handle, with a {@link KvStateChangeLogger} that sends changes to the sink (in the
 * simulation: the DSTL writer's `append`). Reads only touch the nested backend.
 *
 * Like the other backends it is a thin wrapper: what must survive a copy is plain data (the
 * nested backend's data and {@link ChangelogKeyedStateBackendData}); handles are cached per
 * wrapper. Materialization, checkpoints and sequence numbers are the caller's business: this
 * class only produces the change stream and offers `resetAllWritingMetaFlags` for the moment
 * a materialization is triggered.
 */
import type { Plain } from '../../core/plainData';
import type { KeyGroupRange } from '../../keys/keyGroupRange';
import type {
  InternalAggregatingState,
  InternalKvState,
  InternalListState,
  InternalMapState,
  InternalReducingState,
  InternalValueState,
  KeyedStateBackend,
} from '../../state/keyedStateApi';
import type { StateDescriptor } from '../../state/stateDescriptor';
import type { MapUserKey, StateKey } from '../../state/stateKeyIds';
import type { AbstractChangelogState } from './abstractChangelogState';
import { ChangelogAggregatingState } from './changelogAggregatingState';
import {
  createChangelogKeyedStateBackendData,
  resetAllMetadataFlags,
  type ChangelogKeyedStateBackendData,
} from './changelogKeyedStateBackendData';
import { ChangelogListState } from './changelogListState';
import { ChangelogMapState } from './changelogMapState';
import { ChangelogReducingState } from './changelogReducingState';
import { ChangelogValueState } from './changelogValueState';
import { KvStateChangeLogger } from './kvStateChangeLogger';
import type { StateChangeSink } from './loggedChange';

/** Flink's `ChangelogKeyedStateBackend` (see the module doc). */
export class ChangelogKeyedStateBackend implements KeyedStateBackend {
  /** Flink's `keyValueStatesByName`: the changelog handles created by this wrapper. */
  private readonly states = new Map<string, AbstractChangelogState<InternalKvState>>();

  /**
   * @param keyedStateBackend the nested backend (Flink's `keyedStateBackend` field)
   * @param sink receives every change, METADATA included, in the order they happen
   * @param data the decorator's plain data; pass a restored copy to continue a log
   */
  constructor(
    readonly keyedStateBackend: KeyedStateBackend,
    private readonly sink: StateChangeSink,
    readonly data: ChangelogKeyedStateBackendData = createChangelogKeyedStateBackendData(),
  ) {
    if (keyedStateBackend instanceof ChangelogKeyedStateBackend) {
      throw new TypeError(
        'ChangelogKeyedStateBackend: the nested backend is already a changelog backend',
      );
    }
  }

  /** The nested backend (what a materialization snapshots). */
  getDelegatedKeyedStateBackend(): KeyedStateBackend {
    return this.keyedStateBackend;
  }

  setCurrentKey(key: StateKey): void {
    this.keyedStateBackend.setCurrentKey(key);
  }

  getCurrentKey(): StateKey {
    return this.keyedStateBackend.getCurrentKey();
  }

  getCurrentKeyGroupIndex(): number {
    return this.keyedStateBackend.getCurrentKeyGroupIndex();
  }

  getKeyGroupRange(): KeyGroupRange {
    return this.keyedStateBackend.getKeyGroupRange();
  }

  getNumberOfKeyGroups(): number {
    return this.keyedStateBackend.getNumberOfKeyGroups();
  }

  /** The nested backend's registered states: registration is the nested backend's job. */
  getRegisteredStates(): readonly StateDescriptor[] {
    return this.keyedStateBackend.getRegisteredStates();
  }

  getValueState<V extends Plain = Plain>(descriptor: StateDescriptor): InternalValueState<V> {
    const nested = this.keyedStateBackend.getValueState<V>(descriptor);
    return this.wrap(nested, (l) => new ChangelogValueState<V>(nested, l));
  }

  getListState<T extends Plain = Plain>(descriptor: StateDescriptor): InternalListState<T> {
    const nested = this.keyedStateBackend.getListState<T>(descriptor);
    return this.wrap(nested, (l) => new ChangelogListState<T>(nested, l));
  }

  getMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>(
    descriptor: StateDescriptor,
  ): InternalMapState<UK, UV> {
    const nested = this.keyedStateBackend.getMapState<UK, UV>(descriptor);
    return this.wrap(nested, (l) => new ChangelogMapState<UK, UV>(nested, l));
  }

  getReducingState<V extends Plain = Plain>(descriptor: StateDescriptor): InternalReducingState<V> {
    const nested = this.keyedStateBackend.getReducingState<V>(descriptor);
    return this.wrap(nested, (l) => new ChangelogReducingState<V>(nested, l));
  }

  getAggregatingState<IN = Plain, ACC extends Plain = Plain, OUT = Plain>(
    descriptor: StateDescriptor,
  ): InternalAggregatingState<IN, ACC, OUT> {
    const nested = this.keyedStateBackend.getAggregatingState<IN, ACC, OUT>(descriptor);
    return this.wrap(nested, (l) => new ChangelogAggregatingState<IN, ACC, OUT>(nested, l));
  }

  /**
   * `ChangelogStateFactory.resetAllWritingMetaFlags`, which Flink calls right after a
   * materialization is triggered: the log after that point is all a restore from the
   * materialization reads, so each state's next change is preceded by its METADATA again.
   */
  resetAllWritingMetaFlags(): void {
    resetAllMetadataFlags(this.data);
  }

  /**
   * The changelog handle around a nested handle. The nested backend validated the descriptor
   * (kind, function) and returns the same handle for the same state, so a cached wrapper is
   * reused exactly when it still wraps that handle.
   */
  private wrap<H extends InternalKvState, C extends AbstractChangelogState<H> & H>(
    nested: H,
    create: (logger: KvStateChangeLogger) => C,
  ): C {
    const name = nested.descriptor.name;
    const cached = this.states.get(name);
    if (cached !== undefined && cached.getDelegatedState() === nested)
      return cached as unknown as C;
    const logger = new KvStateChangeLogger(this, this.sink, this.data, nested.descriptor);
    const created = create(logger);
    this.states.set(name, created as unknown as AbstractChangelogState<InternalKvState>);
    return created;
  }
}
