/**
 * How a TaskManager opens changelog files on restore: Flink's `ChangelogStreamHandleReader`
 * (`DIRECT_READER`) and `ChangelogStreamHandleReaderWithCache` (FLINK-27155).
 *
 * Without the cache every (file, offset) read opens the remote file again and reads it from the
 * start (decompressing it if compressed) up to the offset. Since one file holds the change sets of
 * every operator on the TaskManager that wrote it, N operators restoring from it download it N
 * times: the read amplification seed 000 describes. With the cache, the first read downloads and
 * decompresses the file into a local cache file; later reads seek in it. Each cache entry counts
 * references (1 = only the cache holds it); when a reader closes its stream and the count is back to
 * 1, a cleanup is scheduled after the idle timeout and removes the entry if it is still unused then.
 *
 * Plain data; time is the simulated `nowMs` and the file bytes come from the caller's `readFile`.
 */
import { openChangelogStream } from './changelogFile';

/** How files are opened: directly each time, or through the per-TaskManager cache. */
export type ChangelogReadMode = 'direct' | 'cached';

/** A downloaded, decompressed file in the cache (`RefCountedFile`). */
export interface CachedChangelogFile {
  /** The uncompressed changelog stream (the local cache file's content). */
  readonly stream: Uint8Array;
  /** 1 = only the cache holds it (`NO_USING_REF_COUNT`); each open stream adds one. */
  refCount: number;
  readonly downloadedAtMs: number;
}

/** A reader of one TaskManager, as plain data. */
export interface ChangelogHandleReaderState {
  readonly taskManager: string;
  readonly mode: ChangelogReadMode;
  /** `state.changelog.dstl.dfs.download.local-cache.idle-timeout-ms`. */
  readonly idleTimeoutMs: number;
  cache: Record<string, CachedChangelogFile>;
  /** Cleanups scheduled on `cacheCleanScheduler`, in scheduling order. */
  cleanups: { file: string; atMs: number }[];
  /** Remote reads per file: the read-amplification figure. */
  downloads: Record<string, number>;
  /** Bytes read from remote storage (a direct open is counted as a whole-file read). */
  bytesDownloaded: number;
  cacheHits: number;
  evictions: number;
}

/** Reads a file's bytes from remote storage (e.g. `readFile` of remoteStorage.ts); throws if missing. */
export type ReadChangelogFile = (file: string) => Uint8Array;

/** A stream returned by {@link openAndSeek}; close it with {@link closeChangelogStream}. */
export interface OpenChangelogStream {
  readonly file: string;
  readonly offset: number;
  /** The file's uncompressed changelog stream; the change set starts at `offset`. */
  readonly stream: Uint8Array;
  readonly cached: boolean;
}

/** A reader in `mode` (Flink: the cache is used for files on a distributed file system). */
export function createChangelogHandleReader(
  taskManager: string,
  mode: ChangelogReadMode,
  idleTimeoutMs: number,
): ChangelogHandleReaderState {
  if (!(idleTimeoutMs >= 0))
    throw new RangeError(
      `changelog reader of ${taskManager}: idleTimeoutMs must be ≥ 0, got ${idleTimeoutMs}`,
    );
  return {
    taskManager,
    mode,
    idleTimeoutMs,
    cache: {},
    cleanups: [],
    downloads: {},
    bytesDownloaded: 0,
    cacheHits: 0,
    evictions: 0,
  };
}

/** `ChangelogStreamHandleReader#openAndSeek(handle, offset)`. */
export function openAndSeek(
  r: ChangelogHandleReaderState,
  file: string,
  offset: number,
  readFile: ReadChangelogFile,
  nowMs: number,
): OpenChangelogStream {
  if (r.mode === 'direct') {
    // DIRECT_READER: wrapAndSeek(handle.openInputStream(), offset), a fresh remote read every time.
    return { file, offset, stream: download(r, file, readFile), cached: false };
  }
  runCacheCleanups(r, nowMs);
  let entry = Object.hasOwn(r.cache, file) ? r.cache[file] : undefined;
  if (entry === undefined) {
    entry = { stream: download(r, file, readFile), refCount: 1, downloadedAtMs: nowMs };
    r.cache[file] = entry;
  } else {
    r.cacheHits++;
  }
  entry.refCount++;
  return { file, offset, stream: entry.stream, cached: true };
}

/**
 * Closes a stream from {@link openAndSeek}. For a cached file this releases one reference; back at
 * 1 (only the cache), a cleanup is scheduled `idleTimeoutMs` later.
 */
export function closeChangelogStream(
  r: ChangelogHandleReaderState,
  opened: OpenChangelogStream,
  nowMs: number,
): void {
  if (!opened.cached) return;
  const entry = Object.hasOwn(r.cache, opened.file) ? r.cache[opened.file] : undefined;
  if (entry === undefined) return; // computeIfPresent: the cache was closed meanwhile
  if (entry.refCount <= 1)
    throw new Error(
      `changelog reader of ${r.taskManager}: ${opened.file} closed more often than opened`,
    );
  entry.refCount--;
  if (entry.refCount === 1) r.cleanups.push({ file: opened.file, atMs: nowMs + r.idleTimeoutMs });
}

/**
 * Runs the cleanups due at `nowMs` (`cleanCacheFile`): an entry still unused when its cleanup fires
 * is removed, even if it was used and released again meanwhile (each release schedules its own
 * cleanup, and none is cancelled). Returns the files evicted.
 */
export function runCacheCleanups(r: ChangelogHandleReaderState, nowMs: number): string[] {
  const evicted: string[] = [];
  const due = r.cleanups.filter((c) => c.atMs <= nowMs);
  if (due.length === 0) return evicted;
  r.cleanups = r.cleanups.filter((c) => c.atMs > nowMs);
  due.sort((a, b) => a.atMs - b.atMs); // stable: same-time cleanups keep scheduling order
  for (const c of due) {
    const entry = Object.hasOwn(r.cache, c.file) ? r.cache[c.file] : undefined;
    if (entry !== undefined && entry.refCount === 1) {
      delete r.cache[c.file];
      r.evictions++;
      evicted.push(c.file);
    }
  }
  return evicted;
}

/** When the next scheduled cleanup fires, or null: the simulation's timer for the cache. */
export function nextCacheCleanupAtMs(r: ChangelogHandleReaderState): number | null {
  let next: number | null = null;
  for (const c of r.cleanups) if (next === null || c.atMs < next) next = c.atMs;
  return next;
}

/** `ChangelogStreamHandleReaderWithCache#close`: deletes every cache file; returns them. */
export function closeChangelogHandleReader(r: ChangelogHandleReaderState): string[] {
  const files = Object.keys(r.cache);
  r.cache = {};
  r.cleanups = [];
  return files;
}

/** Remote reads of `file` so far. */
export function downloadsOf(r: ChangelogHandleReaderState, file: string): number {
  return Object.hasOwn(r.downloads, file) ? (r.downloads[file] ?? 0) : 0;
}

// Reads the remote file and opens its stream (decompressing: `ChangelogStreamWrapper#wrap`).
function download(
  r: ChangelogHandleReaderState,
  file: string,
  readFile: ReadChangelogFile,
): Uint8Array {
  const bytes = readFile(file);
  r.downloads[file] = downloadsOf(r, file) + 1;
  r.bytesDownloaded += bytes.length;
  return openChangelogStream(bytes, file);
}
