/**
 * What Flink's incremental RocksDB snapshot reads off the DB (RocksDB `Checkpoint::CreateCheckpoint`
 * after the sync-phase flush): the live SSTs, which are shared between checkpoints because they
 * never change, and the private MANIFEST, CURRENT and OPTIONS files, uploaded every time.
 */
import { columnFamilyById, sstMeta, type LsmDb, type SstMeta } from './lsmDb';
import { encodeManifest, MANIFEST_FILE_NAME } from './manifest';
import {
  CURRENT_FILE_NAME,
  encodeCurrent,
  encodeOptions,
  OPTIONS_FILE_NAME,
} from './lsmOptionsFile';
import { sstFileName } from './sstFormat';

/** A live SST as a checkpoint sees it: metadata, file name and the (shared, immutable) bytes. */
export interface LiveSst extends SstMeta {
  fileName: string;
  cfName: string;
  bytes: Uint8Array;
}

export interface NamedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** A live SST as a native checkpoint lists it: what the snapshot uploads or reuses. */
export interface CheckpointSst {
  fileNumber: number;
  fileName: string;
  bytes: Uint8Array;
  /** The files it was compacted from (the live file's own array: read, never change). */
  inputs: readonly number[];
}

export interface NativeCheckpoint {
  /** Shared files: identical bytes under the same name in every checkpoint that holds them, ascending by number. */
  sstFiles: CheckpointSst[];
  /** Private files. */
  manifest: NamedFile;
  current: NamedFile;
  options: NamedFile;
}

/** RocksDB `DB::GetLiveFilesMetaData`: every live SST of every column family, ascending by file number. */
export function liveSstFiles(db: LsmDb): LiveSst[] {
  const out: LiveSst[] = [];
  for (const cf of db.columnFamilies) {
    for (const files of cf.levels) {
      for (const f of files)
        out.push({
          ...sstMeta(f),
          fileName: sstFileName(f.fileNumber),
          cfName: columnFamilyById(db, f.cfId).name,
          bytes: f.bytes,
        });
    }
  }
  return out.sort((a, b) => a.fileNumber - b.fileNumber);
}

/**
 * Size of every live SST by file number, without a `LiveSst` per file: a compaction's schedule only
 * needs its inputs' sizes, and the metadata copies (sstMeta) are made where V8 allocates straight
 * in the old generation (see `nativeCheckpoint`).
 */
export function liveSstSizes(db: LsmDb): Map<number, number> {
  const sizes = new Map<number, number>();
  for (const cf of db.columnFamilies) for (const files of cf.levels) for (const f of files) sizes.set(f.fileNumber, f.sizeBytes);
  return sizes;
}

/** Writes still only in memtables (they would be lost by a native checkpoint taken now: the WAL is off). */
export function unflushedWrites(db: LsmDb): number {
  let n = 0;
  for (const cf of db.columnFamilies) {
    n += cf.active.writes;
    for (const mt of cf.immutables) n += mt.writes;
  }
  return n;
}

/** RocksDB `Checkpoint::CreateCheckpoint` as Flink's `RocksIncrementalSnapshotStrategy` uses it; refuses if memtables hold data (call `flushAll` first, as Flink's sync phase does). */
export function nativeCheckpoint(db: LsmDb): NativeCheckpoint {
  const pending = unflushedWrites(db);
  if (pending > 0)
    throw new Error(
      `nativeCheckpoint: ${pending} write(s) are still in memtables and would be missing from the checkpoint; call flushAll first`,
    );
  // Not `liveSstFiles`: its metadata copies (sstMeta) come from an allocation site whose objects
  // mostly live long (in events and results), so V8 allocates them straight in the old generation;
  // listed per subtask at every checkpoint, they were about a sixth of what the scale run's engine
  // put there (docs/long-tasks.md, "Session 17").
  const sstFiles: CheckpointSst[] = [];
  for (const cf of db.columnFamilies)
    for (const files of cf.levels)
      for (const f of files) sstFiles.push({ fileNumber: f.fileNumber, fileName: sstFileName(f.fileNumber), bytes: f.bytes, inputs: f.inputs });
  sstFiles.sort((a, b) => a.fileNumber - b.fileNumber);
  return {
    sstFiles,
    manifest: { fileName: MANIFEST_FILE_NAME, bytes: encodeManifest(db) },
    current: { fileName: CURRENT_FILE_NAME, bytes: encodeCurrent(MANIFEST_FILE_NAME) },
    options: { fileName: OPTIONS_FILE_NAME, bytes: encodeOptions(db.config) },
  };
}
