import { describe, expect, it } from 'vitest';
import { keyGroupRange } from '../../keys/keyGroupRange';
import {
  createRemoteStorage,
  readFile,
  writeFile,
  type RemoteStorageState,
} from '../../storage/remoteStorage';
import {
  createBatchingUploadScheduler,
  drain,
  schedule,
} from './batchingStateChangeUploadScheduler';
import { onUploadSucceeded } from './retryingUpload';
import {
  closeChangelogStream,
  createChangelogHandleReader,
  downloadsOf,
  nextCacheCleanupAtMs,
  openAndSeek,
  runCacheCleanups,
  type ChangelogReadMode,
} from './changelogHandleReaderWithCache';
import type { ChangelogStateHandleStreamImpl } from './changelogStateHandle';
import { DSTL_TEACHING_DEFAULTS } from './dstlOptions';
import { append, nextSequenceNumber, persist } from './fsStateChangelogWriter';
import {
  createFsStateChangelogWriter,
  type FsStateChangelogWriterState,
} from './fsStateChangelogWriterState';
import { readChangelogHandle, readNonMaterializedChanges } from './stateChangelogHandleReader';
import { STATE_CHANGE_OPERATION_CODES as OP } from './stateChangeOperation';
import { handleUploadSuccess } from './writerUploadCallbacks';

const FILE = 'job-1/shared/dstl-tm-0-1';
const TTL = DSTL_TEACHING_DEFAULTS.cacheIdleTimeoutMs;

/**
 * N operators on one TaskManager each log `setsPerOperator` change sets, persist for checkpoint 1
 * and share ONE uploaded file (the batching of seed 000). Returns each operator's handle.
 */
function sharedFileCheckpoint(n: number, setsPerOperator: number, compression: boolean) {
  const storage = createRemoteStorage();
  const s = createBatchingUploadScheduler('tm-0', {
    ...DSTL_TEACHING_DEFAULTS,
    compression,
    persistSizeThresholdBytes: 1 << 20,
    maxBytesInFlight: 1 << 20,
  });
  const writers: FsStateChangelogWriterState[] = [];
  for (let i = 0; i < n; i++) {
    const w = createFsStateChangelogWriter({
      logId: `window#${i}`,
      keyGroupRange: keyGroupRange(i * 8, i * 8 + 7),
      preEmptivePersistThresholdBytes: 1 << 20,
    });
    for (let k = 0; k < setsPerOperator; k++) {
      append(w, i * 8 + k, {
        op: OP.ADD_ELEMENT,
        state: 'contents',
        key: `user-${i}`,
        namespace: { start: 0, end: 60_000 },
        payload: { clicks: k },
      });
      nextSequenceNumber(w);
    }
    const p = persist(w, 0, 1);
    if (p.status !== 'ok' || p.task === null) throw new Error('expected an upload');
    schedule(s, p.task, 0);
    writers.push(w);
  }
  const attempt = drain(s, FILE)!;
  writeFile(storage, attempt.file, attempt.bytes, {
    scope: 'shared',
    kind: 'dstl',
    task: 'tm-0',
    checkpointId: 1,
    writtenAtMs: 10,
    sst: null,
  });
  const done = onUploadSucceeded(s, attempt.batchId);
  const handles = writers.map(
    (w, i) => handleUploadSuccess(w, done.tasks[i]!.results).completed[0]!.handle,
  );
  return { storage, handles, writers };
}

function restoreAll(
  mode: ChangelogReadMode,
  storage: RemoteStorageState,
  handles: readonly ChangelogStateHandleStreamImpl[],
  atMs = 1000,
) {
  const r = createChangelogHandleReader('tm-1', mode, TTL);
  const read = (path: string) => readFile(storage, path);
  const sets = handles.map((h) => readChangelogHandle(r, h, read, atMs));
  return { r, sets };
}

describe('restore read amplification (seed 000, FLINK-27155)', () => {
  for (const compression of [false, true]) {
    it(`N operators reading one shared file: N downloads without the cache, 1 with it (compression ${compression})`, () => {
      const n = 4;
      const { storage, handles, writers } = sharedFileCheckpoint(n, 1, compression);
      const direct = restoreAll('direct', storage, handles);
      const cached = restoreAll('cached', storage, handles);
      expect(downloadsOf(direct.r, FILE)).toBe(n);
      expect(downloadsOf(cached.r, FILE)).toBe(1);
      expect(cached.r.cacheHits).toBe(n - 1);
      expect(direct.r.bytesDownloaded).toBe(n * cached.r.bytesDownloaded);
      // Both modes read the same changes, each operator its own.
      expect(cached.sets).toEqual(direct.sets);
      cached.sets.forEach((sets, i) =>
        expect(sets.map((x) => [x.logId, x.sequenceNumber])).toEqual([[writers[i]!.logId, 0]]),
      );
    });
  }

  it('without the cache every (file, offset) pair is a new download', () => {
    const { storage, handles } = sharedFileCheckpoint(3, 2, false);
    expect(downloadsOf(restoreAll('direct', storage, handles).r, FILE)).toBe(6);
    expect(downloadsOf(restoreAll('cached', storage, handles).r, FILE)).toBe(1);
  });

  it('returns the change sets of a backend handle list in sequence-number order', () => {
    const { storage, handles } = sharedFileCheckpoint(2, 3, true);
    const r = createChangelogHandleReader('tm-1', 'cached', TTL);
    const sets = readNonMaterializedChanges(r, handles, (p) => readFile(storage, p), 0);
    expect(sets.map((x) => `${x.logId}:${x.sequenceNumber}`)).toEqual([
      'window#0:0',
      'window#0:1',
      'window#0:2',
      'window#1:0',
      'window#1:1',
      'window#1:2',
    ]);
    const swapped = {
      ...handles[0]!,
      handlesAndOffsets: [...handles[0]!.handlesAndOffsets].reverse(),
    };
    expect(() => readChangelogHandle(r, swapped, (p) => readFile(storage, p), 0)).toThrow(
      /does not follow change set 2 of 'window#0' in the handle/,
    );
  });

  it('a missing file fails with its path', () => {
    const { handles } = sharedFileCheckpoint(1, 1, false);
    const r = createChangelogHandleReader('tm-1', 'cached', TTL);
    expect(() =>
      readChangelogHandle(r, handles[0]!, (p) => readFile(createRemoteStorage(), p), 0),
    ).toThrow(`Remote storage: ${FILE} does not exist`);
  });
});

describe('ChangelogStreamHandleReaderWithCache: reference counts and idle timeout', () => {
  it('an idle file is removed after the TTL and downloaded again; a file in use is kept', () => {
    const { storage, handles } = sharedFileCheckpoint(2, 1, false);
    const read = (p: string) => readFile(storage, p);
    const r = createChangelogHandleReader('tm-1', 'cached', TTL);
    readChangelogHandle(r, handles[0]!, read, 0);
    expect(r.cache[FILE]!.refCount).toBe(1); // only the cache holds it
    expect(nextCacheCleanupAtMs(r)).toBe(TTL);
    readChangelogHandle(r, handles[1]!, read, TTL - 1); // still cached: a hit, and a new cleanup at 2·TTL-1
    expect(downloadsOf(r, FILE)).toBe(1);
    // The first cleanup fires at TTL and finds the file idle: Flink does not cancel it after the reuse.
    expect(runCacheCleanups(r, TTL)).toEqual([FILE]);
    readChangelogHandle(r, handles[0]!, read, TTL + 5);
    expect(downloadsOf(r, FILE)).toBe(2);
    // An open stream holds a reference: its cleanup finds refCount > 1 and keeps the file.
    const opened = openAndSeek(r, FILE, handles[1]!.handlesAndOffsets[0]!.offset, read, TTL + 6);
    expect(runCacheCleanups(r, 10 * TTL)).toEqual([]);
    expect(r.cache[FILE]!.refCount).toBe(2);
    closeChangelogStream(r, opened, 10 * TTL);
    expect(runCacheCleanups(r, 11 * TTL)).toEqual([FILE]);
    expect(r.evictions).toBe(2);
    expect(nextCacheCleanupAtMs(r)).toBeNull();
  });
});
