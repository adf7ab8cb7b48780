/**
 * The remote checkpoint storage (a DFS or object store in a real deployment) as engine state:
 * path → immutable bytes + metadata. The engine changes it only through `writeFile` and
 * `deleteFile`, each of which also appends a `StorageOp` to the step's outbox; the IndexedDB
 * mirror (src/persistence/) applies those ops, and after a seek or branch it is reconciled
 * against `files` itself.
 *
 * Paths follow Flink's checkpoint directory layout (`FsCheckpointStorageLocation`):
 *   <jobId>/chk-<id>/_metadata and private files   (EXCLUSIVE scope: full snapshots, native full
 *                                                    RocksDB checkpoints, state meta data)
 *   <jobId>/shared/<file>                           (SHARED scope: incremental SSTs and, private to
 *                                                    their checkpoint, its MANIFEST/CURRENT/OPTIONS;
 *                                                    DSTL files)
 *   <jobId>/taskowned/<file>                        (changelog materializations: the TaskManager's
 *                                                    until a completed checkpoint uses them)
 *   savepoints/savepoint-<id>/…                     (self-contained, canonical or native)
 */

/** Flink's `CheckpointedStateScope` plus the directories beside it. */
export type StorageScope = 'exclusive' | 'shared' | 'taskowned' | 'savepoint';

/** What a file holds (the summary's `kind`). */
export type StoredFileKind = 'sst' | 'dstl' | 'private' | 'metadata' | 'channel' | 'full';

export interface StoredFileMeta {
  scope: StorageScope;
  kind: StoredFileKind;
  /** The task that wrote it (`<operator>#<i>`), or `jobmanager` for `_metadata`. */
  task: string;
  /** The checkpoint (or savepoint) it was written for. */
  checkpointId: number;
  /** Simulated time of the write. */
  writtenAtMs: number;
  /** Local SST number for kind `sst`, else null. */
  sst: number | null;
}

export interface StoredFile {
  path: string;
  bytes: Uint8Array;
  meta: StoredFileMeta;
}

/** The storage as engine state: files by path, plus an outbox of this step's changes. */
export interface RemoteStorageState {
  files: Record<string, StoredFile>;
  /** Total bytes ever written and deleted (figures for charts). */
  bytesWritten: number;
  bytesDeleted: number;
  /** Changes made during the current step; the kernel clears it at the start of every step. */
  outbox: StorageOp[];
  /** The `failUploads` action: this many next uploads fail (of one task, or of any when null). */
  failingUploads: { count: number; task: string | null } | null;
  /** The `slowStorage` action: uploads and downloads take `factor` times longer until `untilMs` (null: for good). */
  slow?: { factor: number; untilMs: number | null } | null;
}

export type StorageOp = { op: 'put'; path: string; bytes: Uint8Array; meta: StoredFileMeta } | { op: 'delete'; path: string };

export function createRemoteStorage(): RemoteStorageState {
  return { files: {}, bytesWritten: 0, bytesDeleted: 0, outbox: [], failingUploads: null };
}

/** Writes a new file. Files are immutable: writing an existing path is a programming error. */
export function writeFile(s: RemoteStorageState, path: string, bytes: Uint8Array, meta: StoredFileMeta): StoredFile {
  if (Object.hasOwn(s.files, path)) throw new Error(`Remote storage: ${path} already exists (files are written once)`);
  const file: StoredFile = { path, bytes, meta };
  s.files[path] = file;
  s.bytesWritten += bytes.length;
  s.outbox.push({ op: 'put', path, bytes, meta });
  return file;
}

/** Deletes a file; deleting a missing file is a no-op that returns false (discards may race). */
export function deleteFile(s: RemoteStorageState, path: string): boolean {
  const f = s.files[path];
  if (!f) return false;
  delete s.files[path];
  s.bytesDeleted += f.bytes.length;
  s.outbox.push({ op: 'delete', path });
  return true;
}

/** Reads a file's bytes, with a clear error naming the path when it is missing. */
export function readFile(s: RemoteStorageState, path: string): Uint8Array {
  const f = s.files[path];
  if (!f) throw new Error(`Remote storage: ${path} does not exist`);
  return f.bytes;
}

/** Total bytes currently stored. */
export function storedBytes(s: RemoteStorageState): number {
  let n = 0;
  for (const p in s.files) n += s.files[p]!.bytes.length;
  return n;
}
