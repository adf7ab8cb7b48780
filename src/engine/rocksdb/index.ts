/**
 * The RocksDB keyed state backend (`EmbeddedRocksDBStateBackend` / `RocksDBKeyedStateBackend`)
 * on the engine's LSM: the only import surface of this folder for the rest of the engine.
 */
export { RocksDbKeyedStateBackend } from './rocksDbKeyedStateBackend';
export {
  createRocksDbKeyedBackendData,
  findRocksDbState,
  registerRocksDbState,
  takeWriteEffects,
  ROCKSDB_KEYED_BACKEND_FORMAT,
} from './rocksDbKeyedBackendData';
export type { RocksDbKeyedBackendData, RocksDbRegisteredState, RocksDbWriteEffect } from './rocksDbKeyedBackendData';
export { RocksDbValueState } from './rocksDbValueState';
export { RocksDbListState } from './rocksDbListState';
export { RocksDbMapState, MAP_ITERATOR_BATCH } from './rocksDbMapState';
export { RocksDbReducingState } from './rocksDbReducingState';
export { RocksDbAggregatingState } from './rocksDbAggregatingState';
export { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';
export { rocksDbKeyLayout, decodeRocksDbKey, startsWithPrefix } from './rocksDbKeySerializationUtils';
export type { DecodedRocksDbKey } from './rocksDbKeySerializationUtils';
export { rocksDbNamespaceSerializer } from './rocksDbNamespaceSerializer';
export { plainValueSerializer } from '../serialization';
export { stateValueSerializer, mapUserKeySerializer } from './rocksDbStateSerializers';
export { serializeDelimitedList, deserializeDelimitedList, appendDelimited, LIST_DELIMITER } from './listDelimitedSerializer';
export { rocksDbStoredEntries, rocksDbStateEntries, presentRocksDbValue } from './rocksDbStateEntries';
export type { RocksDbStoredEntry } from './rocksDbStateEntries';
export { rocksDbColumnFamilyViews, rocksDbSstFiles } from './rocksDbColumnFamilyViews';
export type {
  RocksDbColumnFamilyView,
  RocksDbMemtableView,
  RocksDbMemtableEntryView,
  RocksDbSstView,
  RocksDbLevelView,
  RocksDbKeyView,
  RocksDbSstFileRef,
} from './rocksDbColumnFamilyViews';
