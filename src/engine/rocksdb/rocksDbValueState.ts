import type { Plain } from '../core/plainData';
import type { TypeSerializer } from '../serialization';
import type { InternalValueState } from '../state/keyedStateApi';
import { AbstractRocksDbState } from './abstractRocksDbState';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import { stateValueSerializer } from './rocksDbStateSerializers';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

/**
 * Flink's `RocksDBValueState`: one RocksDB entry per (key, namespace) holding the serialized
 * value. Every `value()` deserializes a fresh copy and every `update` serializes again: the
 * per-access cost the heap backend does not pay.
 */
export class RocksDbValueState<V extends Plain = Plain> extends AbstractRocksDbState implements InternalValueState<V> {
  private readonly valueSerializer: TypeSerializer<V>;

  constructor(backend: RocksDbKeyedBackendData, state: RocksDbRegisteredState, keyBuilder: SerializedCompositeKeyBuilder) {
    super(backend, state, keyBuilder);
    this.valueSerializer = stateValueSerializer(state.descriptor) as TypeSerializer<V>;
  }

  value(): V | null {
    const bytes = this.dbGet(this.currentKeyBytes());
    return bytes === null ? null : this.deserializeValue(bytes, this.valueSerializer);
  }

  update(value: V | null): void {
    if (value === null || value === undefined) this.clear();
    else this.dbPut(this.currentKeyBytes(), this.serializeValue(value, this.valueSerializer));
  }
}
