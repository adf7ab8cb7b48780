/**
 * The per-task RocksDB instance of Flink's `EmbeddedRocksDBStateBackend`, as plain data: a DB
 * holds column families (Flink creates one per registered state), each with its own memtables
 * and levels, and shares one sequence counter and one file-number counter across them.
 * Functions in this folder mutate an `LsmDb` in place; a snapshot is `clonePlain(db)` (the SST
 * bytes are shared, they never change).
 */
import { validateLsmConfig, type LsmConfig } from './lsmConfig';
import { createMemtable, type Memtable } from './memtable';

/** Format tag of the plain-data DB, bumped when its shape changes (keyframes carry it). */
export const LSM_DB_FORMAT = 'checkpoint-lab/lsm-db@1';

/** How an SST came to exist; the UI labels files by it. */
export type SstOrigin = 'flush' | 'compaction' | 'manualCompaction' | 'ingest';

/** RocksDB `FileMetaData` / `LiveFileMetaData`: what the DB knows about a file without reading it. */
export interface SstMeta {
  /** Per-DB file number, from 1 in creation order (RocksDB's table file number). */
  fileNumber: number;
  cfId: number;
  level: number;
  smallestKey: Uint8Array;
  largestKey: Uint8Array;
  smallestSeq: number;
  largestSeq: number;
  entryCount: number;
  tombstoneCount: number;
  /** Bytes on disk: what a checkpoint uploads (S_c of seed 003). */
  sizeBytes: number;
  origin: SstOrigin;
  /** Files a compaction read to write this one, ascending (`(1,2,3)` in the UI); empty for flush and ingest. */
  inputs: number[];
  /**
   * Transitive lineage: the flushed or ingested files (this one, if it is one) whose data this
   * file may hold, ascending; only the LSM_LINEAGE_LIMIT newest are kept.
   */
  lineage: number[];
  /** True when older ancestors were left out of `lineage`. */
  lineageTruncated: boolean;
  /** CRC-32C of the whole file, recorded in the MANIFEST so a restore can verify it. */
  checksum: number;
}

/** A live SST: its metadata, its immutable bytes and the decoded block index (to avoid re-parsing on reads). */
export interface SstFile extends SstMeta {
  bytes: Uint8Array;
  /** The size with every data block stored raw (S_o of seed 003); equal to sizeBytes when nothing is compressed. */
  rawSizeBytes: number;
  /** Data blocks stored compressed (type byte 0x1 in their trailer). */
  compressedBlocks: number;
  /** The data blocks uncompressed (the file bytes themselves when none is compressed); offsets and sizes below point into it. */
  blockData: Uint8Array;
  /** The decoded index block: each block's offset and size in `blockData` and its last key (sstBlockIndex.ts). */
  blockIndex: Uint8Array;
}

/** RocksDB `ColumnFamilyData`: one keyspace with its own memtables and LSM levels. */
export interface ColumnFamily {
  id: number;
  name: string;
  active: Memtable;
  /** Sealed memtables waiting to be flushed, oldest first. */
  immutables: Memtable[];
  /** levels[0] is L0, ordered oldest → newest (by largest seq); levels[n ≥ 1] are sorted by key and never overlap. */
  levels: SstFile[][];
  /** Per level, the largest key of the last file compacted out of it (RocksDB compact pointer), for round-robin picking. */
  compactPointers: (Uint8Array | null)[];
}

export interface LsmDb {
  format: typeof LSM_DB_FORMAT;
  config: LsmConfig;
  /** Sequence number of the last write (RocksDB `VersionSet::LastSequence`). */
  lastSeq: number;
  /** Next SST file number (RocksDB `VersionSet::NewFileNumber`); starts at 1. */
  nextFileNumber: number;
  nextMemtableId: number;
  nextCfId: number;
  /** In creation order; "default" (id 0) always exists, as in RocksDB. */
  columnFamilies: ColumnFamily[];
}

/** Ancestor numbers kept per file: lineage grows with every flush merged in, so it is capped to keep keyframes small. */
export const LSM_LINEAGE_LIMIT = 32;

/** RocksDB `kDefaultColumnFamilyName`: exists in every DB; Flink keeps its state in CFs of its own. */
export const DEFAULT_COLUMN_FAMILY = 'default';

/** RocksDB `DB::Open` of an empty directory: a DB with only the default column family. */
export function createLsmDb(config: Partial<LsmConfig> = {}): LsmDb {
  const db: LsmDb = {
    format: LSM_DB_FORMAT,
    config: validateLsmConfig(config),
    lastSeq: 0,
    nextFileNumber: 1,
    nextMemtableId: 1,
    nextCfId: 0,
    columnFamilies: [],
  };
  createColumnFamily(db, DEFAULT_COLUMN_FAMILY);
  return db;
}

/** RocksDB `DB::CreateColumnFamily` (Flink: first access to a state registers its CF). */
export function createColumnFamily(db: LsmDb, name: string): ColumnFamily {
  if (typeof name !== 'string' || name.length === 0)
    throw new RangeError(
      `createColumnFamily: name must be a non-empty string, got ${JSON.stringify(name)}`,
    );
  if (db.columnFamilies.some((c) => c.name === name))
    throw new RangeError(`createColumnFamily: column family "${name}" already exists`);
  const cf: ColumnFamily = {
    id: db.nextCfId++,
    name,
    active: createMemtable(db.nextMemtableId++),
    immutables: [],
    levels: Array.from({ length: db.config.numLevels }, () => []),
    compactPointers: Array.from({ length: db.config.numLevels }, () => null),
  };
  db.columnFamilies.push(cf);
  return cf;
}

/** RocksDB `ColumnFamilyHandle` lookup by name; unknown names are an error listing the known ones. */
export function columnFamily(db: LsmDb, name: string): ColumnFamily {
  const cfs = db.columnFamilies;
  for (let i = 0; i < cfs.length; i++) if (cfs[i]!.name === name) return cfs[i]!;
  throw new RangeError(
    `unknown column family "${name}" (existing: ${cfs.map((c) => `"${c.name}"`).join(', ')})`,
  );
}

/** The column family with RocksDB id `id`, or an error naming it. */
export function columnFamilyById(db: LsmDb, id: number): ColumnFamily {
  const cf = db.columnFamilies.find((c) => c.id === id);
  if (cf === undefined)
    throw new RangeError(
      `unknown column family id ${id} (existing: ${db.columnFamilies.map((c) => c.id).join(', ')})`,
    );
  return cf;
}

/** Metadata of an SST without its bytes and block index (what events and the UI carry). */
export function sstMeta(f: SstFile): SstMeta {
  return {
    fileNumber: f.fileNumber,
    cfId: f.cfId,
    level: f.level,
    smallestKey: f.smallestKey,
    largestKey: f.largestKey,
    smallestSeq: f.smallestSeq,
    largestSeq: f.largestSeq,
    entryCount: f.entryCount,
    tombstoneCount: f.tombstoneCount,
    sizeBytes: f.sizeBytes,
    origin: f.origin,
    inputs: f.inputs.slice(),
    lineage: f.lineage.slice(),
    lineageTruncated: f.lineageTruncated,
    checksum: f.checksum,
  };
}
