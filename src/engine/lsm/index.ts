/**
 * The LSM tree (RocksDB as Flink's `EmbeddedRocksDBStateBackend` runs it): the only import
 * surface of this folder for the rest of the engine.
 */
export { compareBytes, bytesEqual, prefixSuccessor, formatKey } from './compareBytes';
export {
  LSM_TEACHING_DEFAULTS,
  LSM_FLINK_DEFAULTS,
  LSM_CONFIG_KEYS,
  lsmConfigProblems,
  validateLsmConfig,
  levelTargetBytes,
} from './lsmConfig';
export type { LsmConfig, CompactionPri } from './lsmConfig';
export { LsmCorruptionError, LsmMissingFileError } from './lsmErrors';
export {
  createLsmDb,
  createColumnFamily,
  columnFamily,
  columnFamilyById,
  sstMeta,
  LSM_DB_FORMAT,
  LSM_LINEAGE_LIMIT,
  DEFAULT_COLUMN_FAMILY,
} from './lsmDb';
export type { LsmDb, ColumnFamily, SstFile, SstMeta, SstOrigin } from './lsmDb';
export { MEMTABLE_ENTRY_OVERHEAD_BYTES, memtableWriteCost } from './memtable';
export type { Memtable, LsmEntry } from './memtable';
export { put, putOwned, del, delOwned, needsFlush } from './put';
export type { WriteResult } from './put';
export { flushOldest, flushAll, sealActive } from './flush';
export type { FlushResult, FlushReason, SealResult } from './flush';
export { get, lookup } from './get';
export type { LookupResult, ReadSource } from './get';
export { scan, prefixScan } from './scan';
export type { KeyValue } from './scan';
export { sstPart, sstPartKey, sstPartValue, forEachLiveEntry, SST_PART_CACHE_ENTRIES } from './sstPart';
export type { SstPart } from './sstPart';
export { pickCompaction, levelScores } from './pickCompaction';
export type { CompactionPlan, LevelScore } from './pickCompaction';
export { runCompaction } from './runCompaction';
export { compactFiles } from './compactFiles';
export type { CompactionResult, CompactionReason } from './compactionJob';
export { sstFileName, SST_MAGIC } from './sstFormat';
export { encodeSst, SstBuilder } from './sstBuilder';
export { decodeSst, readSstFooter, sstRawSize } from './decodeSst';
export type { EncodedSst, SstFooter, SstBlockHandle } from './sstFormat';
export type { DecodedSst } from './decodeSst';
export { sstGet, sstIterate } from './sstReader';
export { blockCount } from './sstBlockIndex';
export { encodeManifest, decodeManifest, MANIFEST_FILE_NAME } from './manifest';
export type { ManifestContents } from './manifest';
export {
  encodeOptions,
  decodeOptions,
  encodeCurrent,
  decodeCurrent,
  OPTIONS_FILE_NAME,
  CURRENT_FILE_NAME,
} from './lsmOptionsFile';
export { openDb } from './openDb';
export type { OpenDbOptions } from './openDb';
export { liveSstFiles, liveSstSizes, nativeCheckpoint, unflushedWrites } from './nativeCheckpoint';
export type { CheckpointSst, LiveSst, NativeCheckpoint, NamedFile } from './nativeCheckpoint';
export { ingestSst } from './ingestSst';
export { lsmInvariantViolations } from './lsmInvariants';
export type { IngestOptions, IngestResult } from './ingestSst';
