/** Binary serialization: Flink-style data views, type serializers by name, and the RocksDB composite key. */
export * from './bytes';
export * from './dataOutputView';
export * from './byteSlab';
export * from './dataInputView';
export * from './typeSerializer';
export * from './primitiveSerializers';
export * from './keySerializer';
export * from './namespaceSerializers';
export * from './collectionSerializers';
export * from './averageAccumulatorSerializer';
export * from './serializerRegistry';
export * from './compositeKey';
export * from './plainValueSerializer';
