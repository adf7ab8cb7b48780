/**
 * Keyed state (five kinds, namespaces, the HashMap backend with copy-on-write state tables) and
 * operator state (list, union list, broadcast; round-robin repartitioning).
 * Test support (`stateOps`, `referenceModel`) is imported by path, not from here.
 */
export * from './namespaces';
export * from './stateKeyIds';
export * from './stateDescriptor';
export * from './userFunctions';
export * from './keyedStateApi';
export * from './copyOnWriteStateMap';
export * from './copyOnWriteStateTable';
export * from './abstractHeapState';
export * from './heapValueState';
export * from './heapListState';
export * from './heapMapState';
export * from './heapReducingState';
export * from './heapAggregatingState';
export * from './heapKeyedStateBackend';
export * from './defaultOperatorStateBackend';
export * from './partitionableListState';
export * from './heapBroadcastState';
export * from './roundRobinOperatorStateRepartitioner';
