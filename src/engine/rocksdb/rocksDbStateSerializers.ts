/**
 * Which serializer the RocksDB backend uses for each part of a state's entries (Flink:
 * `RegisteredKeyValueStateBackendMetaInfo.getStateSerializer()`). Handles and read-only views
 * both go through here, so what a view decodes is what a handle wrote.
 */
import type { Plain } from '../core/plainData';
import { averageAccumulatorSerializer, keySerializer, type TypeSerializer } from '../serialization';
import type { StateDescriptor } from '../state/stateDescriptor';
import type { MapUserKey } from '../state/stateKeyIds';
import { plainValueSerializer } from '../serialization';

/**
 * Accumulator serializers of the registered aggregate functions (Flink: the
 * `AggregatingStateDescriptor`'s accumulator type); unknown functions fall back to plain data.
 */
const ACCUMULATOR_SERIALIZERS: { readonly [fn: string]: TypeSerializer<Plain> } = {
  average: averageAccumulatorSerializer as unknown as TypeSerializer<Plain>,
};

/**
 * The serializer of what a state stores per RocksDB entry: the value (ValueState), the element
 * (ListState, delimited), the user value (MapState, behind a null flag), the reduced value
 * (ReducingState) or the accumulator (AggregatingState).
 */
export function stateValueSerializer(descriptor: StateDescriptor): TypeSerializer<Plain> {
  if (descriptor.kind === 'aggregating' && descriptor.fn !== undefined && Object.hasOwn(ACCUMULATOR_SERIALIZERS, descriptor.fn)) {
    return ACCUMULATOR_SERIALIZERS[descriptor.fn]!;
  }
  return plainValueSerializer;
}

/**
 * `MapSerializer.getKeySerializer()` for MapState user keys: the same tagged Integer/Long/String
 * serializer as keys, so the user keys 1 and '1' stay different entries.
 */
export const mapUserKeySerializer = keySerializer as TypeSerializer<MapUserKey>;
