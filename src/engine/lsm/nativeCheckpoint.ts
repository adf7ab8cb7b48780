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

export interface NativeCheckpoint {
  /** Shared files: identical bytes under the same name in every checkpoint that holds them. */
  sstFiles: LiveSst[];
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
  return {
    sstFiles: liveSstFiles(db),
    manifest: { fileName: MANIFEST_FILE_NAME, bytes: encodeManifest(db) },
    current: { fileName: CURRENT_FILE_NAME, bytes: encodeCurrent(MANIFEST_FILE_NAME) },
    options: { fileName: OPTIONS_FILE_NAME, bytes: encodeOptions(db.config) },
  };
}
