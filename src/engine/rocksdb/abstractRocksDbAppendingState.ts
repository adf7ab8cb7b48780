/**
 * Flink's `AbstractRocksDBAppendingState`, the base of the reducing and aggregating states:
 * the stored value is one serialized object per (key, namespace), read with `getInternal` and
 * written with `updateInternal`; `add` is a read-modify-write (RocksDB has no user-function
 * merge here either). Merging namespaces is Flink's algorithm for both kinds.
 */
import type { Plain } from '../core/plainData';
import type { TypeSerializer } from '../serialization';
import type { Namespace } from '../state/namespaces';
import { AbstractRocksDbState, checkMergeArguments } from './abstractRocksDbState';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import { stateValueSerializer } from './rocksDbStateSerializers';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

/** Flink's `AbstractRocksDBAppendingState` plus the shared `mergeNamespaces` of `RocksDBReducingState` / `RocksDBAggregatingState`. */
export abstract class AbstractRocksDbAppendingState<SV extends Plain> extends AbstractRocksDbState {
  protected readonly valueSerializer: TypeSerializer<SV>;

  constructor(backend: RocksDbKeyedBackendData, state: RocksDbRegisteredState, keyBuilder: SerializedCompositeKeyBuilder) {
    super(backend, state, keyBuilder);
    this.valueSerializer = stateValueSerializer(state.descriptor) as TypeSerializer<SV>;
  }

  /** `mergeState(a, b)`: the user function that folds b into a (reduce or `AggregateFunction.merge`). */
  protected abstract mergeState(a: SV, b: SV): SV;

  getInternal(): SV | null {
    return this.readAt(this.currentKeyBytes());
  }

  updateInternal(valueToStore: SV | null): void {
    if (valueToStore === null || valueToStore === undefined) this.clear();
    else this.dbPut(this.currentKeyBytes(), this.serializeValue(valueToStore, this.valueSerializer));
  }

  /** The stored value at a RocksDB key, deserialized (a fresh object), or null. */
  protected readAt(key: Uint8Array): SV | null {
    const bytes = this.dbGet(key);
    return bytes === null ? null : this.deserializeValue(bytes, this.valueSerializer);
  }

  /**
   * Flink's `RocksDBReducingState.mergeNamespaces`: each source in order is read, deleted and
   * folded into the running result; then the target's value, if any, is folded in last and the
   * result is put under the target. A target that is also a source was deleted by then, so its
   * value takes its place among the sources (as in the heap backend). Unlike Flink, the handle's
   * current namespace is left unchanged.
   */
  mergeNamespaces(target: Namespace, sources: readonly Namespace[]): void {
    const args = checkMergeArguments(this.name, target, sources);
    if (args.sources.length === 0) return;
    let current: SV | null = null;
    for (const source of args.sources) {
      const key = this.keyBytesFor(source);
      const value = this.readAt(key);
      if (value === null) continue;
      this.dbDelete(key);
      current = current === null ? value : this.mergeState(current, value);
    }
    if (current === null) return;
    const targetKey = this.keyBytesFor(args.target);
    const targetValue = this.readAt(targetKey);
    if (targetValue !== null) current = this.mergeState(current, targetValue);
    this.dbPut(targetKey, this.serializeValue(current, this.valueSerializer));
  }
}
