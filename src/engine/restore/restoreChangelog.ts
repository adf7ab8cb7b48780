/**
 * Restoring a keyed subtask from changelog handles (Flink's `ChangelogBackendRestoreOperation`):
 * first the materialized part, the way the nested backend always restores (RocksDB: download the
 * SSTs and open them; HashMap: read the full snapshot); then every change set after the
 * materialization's sync point is read from the DSTL files and re-applied in sequence-number
 * order. Files are read through the TaskManager's reader: directly (each (file, offset) read
 * downloads the whole file again — the read amplification of seed 000) or through the per-TM
 * file cache of FLINK-27155 (each file downloaded once).
 *
 * Afterwards, if the restarted job runs with the changelog, the subtask's changelog backend
 * starts from the restored handles: checkpoints carry the restored materialized part and change
 * sets until the next materialization (`ChangelogSnapshotState` with restored non-materialized
 * handles). Switching the changelog on turns a plain handle into the materialized part;
 * switching it off simply leaves the restored nested backend unwrapped.
 */
import { replayChanges } from '../changelog/backend/changelogBackendRestoreOperation';
import { createChangelogHandleReader, downloadsOf, type ChangelogHandleReaderState } from '../changelog/dstl/changelogHandleReaderWithCache';
import type { ChangelogStateHandleStreamImpl } from '../changelog/dstl/changelogStateHandle';
import { DSTL_FLINK_DEFAULTS } from '../changelog/dstl/dstlOptions';
import { readChangeSet } from '../changelog/dstl/stateChangelogHandleReader';
import { isEmptyKeyGroupRange, keyGroupRangeContains, keyGroupRangeIntersection, type KeyGroupRange } from '../keys/keyGroupRange';
import { taskManagerName } from '../job/changelog/changelogTaskState';
import { openKeyedBackend } from '../job/keyedBackend';
import type { ChangelogStateBackendHandle, KeyedStateHandle, NestedKeyedStateHandle } from '../format/stateHandles';
import { uploadDurationMs } from '../storage/transferTime';
import type { StepContext } from '../stepContext';
import { readFile } from '../storage/remoteStorage';
import { downloadBytes, restoreKeyedState, type KeyedRestoreResult } from './restoreKeyedState';

/** Teaching constant: changelog bytes replayed per simulated ms (replay costs CPU, not network). */
export const REPLAY_BYTES_PER_MS = 50;

function changelogHandles(handles: readonly KeyedStateHandle[]): ChangelogStateBackendHandle[] {
  return handles.filter((h): h is ChangelogStateBackendHandle => h.type === 'changelog');
}

/** The nested handles a restore rebuilds the state table from (the materialized parts, or plain handles). */
export function materializedPartOf(handles: readonly KeyedStateHandle[]): NestedKeyedStateHandle[] {
  // After a rescale, several handles may carry the same materialized handle: restore it once.
  const seen = new Set<string>();
  return handles
    .flatMap((h) => (h.type === 'changelog' ? h.materialized : [h]))
    .filter((m) => {
      const id = m.type === 'keyGroups' ? JSON.stringify([m.delegate.type === 'file' ? m.delegate.path : m.delegate.name, m.keyGroupRange]) : JSON.stringify([m.backendIdentifier, m.checkpointId, m.keyGroupRange]);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

function streamsOf(handles: readonly KeyedStateHandle[]): ChangelogStateHandleStreamImpl[] {
  return changelogHandles(handles).flatMap((h) => h.nonMaterialized);
}

/**
 * Simulated restore time of one subtask, estimated when the restore starts: downloads (the
 * materialized part, plus changelog files once per TaskManager with the cache, or once per
 * (file, offset) read without it) at the storage's speed, then the replay.
 */
export function restoreTimeOf(ctx: StepContext, handles: readonly KeyedStateHandle[], seenOnTaskManager: Set<string> = new Set()): { downloadMs: number; replayMs: number } {
  const cached = ctx.state.scenario.stateBackend.changelog.fileCache;
  const sizeOf = (path: string) => ctx.state.storage.files[path]?.bytes.length ?? 0;
  let bytes = downloadBytes(materializedPartOf(handles));
  let files = bytes > 0 ? 1 : 0;
  let changeBytes = 0;
  // With the cache, a file another subtask of the TaskManager downloaded first is read locally.
  const seen = seenOnTaskManager;
  for (const s of streamsOf(handles)) {
    changeBytes += s.stateSize;
    for (const e of s.handlesAndOffsets) {
      if (cached && seen.has(e.file)) continue;
      seen.add(e.file);
      bytes += sizeOf(e.file);
      files += 1;
    }
  }
  return { downloadMs: uploadDurationMs(ctx, bytes, files), replayMs: Math.ceil(changeBytes / REPLAY_BYTES_PER_MS) };
}

function readerOf(ctx: StepContext, task: string): ChangelogHandleReaderState {
  const info = ctx.state.job.topology.subtasks.find((s) => s.name === task)!;
  const tm = taskManagerName(info.taskManager);
  const readers = ctx.state.job.changelogReaders;
  readers[tm] ??= createChangelogHandleReader(tm, ctx.state.scenario.stateBackend.changelog.fileCache ? 'cached' : 'direct', DSTL_FLINK_DEFAULTS.cacheIdleTimeoutMs);
  return readers[tm];
}

export interface ChangelogRestoreFigures {
  changeSets: number;
  changes: number;
  reads: number;
  downloads: number;
}

/** Restores `task`'s nested backend from `handles` (some or all changelog handles) and replays the changes. */
export function restoreFromChangelogHandles(ctx: StepContext, task: string, range: KeyGroupRange, handles: readonly KeyedStateHandle[]): KeyedRestoreResult & { changelog: ChangelogRestoreFigures } {
  const keyed = ctx.state.job.keyed[task]!;
  const base = restoreKeyedState(ctx.state.storage, ctx.state.scenario, keyed.backend, range, materializedPartOf(handles));
  const reader = readerOf(ctx, task);
  const backend = openKeyedBackend(keyed.backend);
  const read = (f: string) => readFile(ctx.state.storage, f);
  const figures: ChangelogRestoreFigures = { changeSets: 0, changes: 0, reads: 0, downloads: 0 };
  const files = [...base.files];
  for (const stream of streamsOf(handles)) {
    const sets = [];
    const streamFiles = new Set<string>();
    for (const entry of stream.handlesAndOffsets) {
      const before = downloadsOf(reader, entry.file);
      sets.push(readChangeSet(reader, entry, read, ctx.nowMs));
      const after = downloadsOf(reader, entry.file);
      const size = ctx.state.storage.files[entry.file]?.bytes.length ?? 0;
      figures.reads += 1;
      if (after > before) {
        figures.downloads += 1;
        files.push({ path: entry.file, size });
      }
      streamFiles.add(entry.file);
      ctx.emit('changelog.restore.read', { file: entry.file, offset: entry.offset, bytes: size, downloaded: after > before, downloadsOfFile: after, cached: reader.mode === 'cached' }, { task });
    }
    if (sets.length === 0) continue;
    // A stream carried over a rescale covers only its new owner's key groups (`getIntersection`):
    // the same file and offsets may sit in several handles, each contributing only its own key groups.
    const changes = sets.flatMap((s) => s.changes).filter((c) => c.keyGroup < 0 || keyGroupRangeContains(stream.keyGroupRange, c.keyGroup));
    replayChanges(backend, changes);
    figures.changeSets += sets.length;
    figures.changes += changes.length;
    ctx.emit('changelog.restore.replayed', { changeSets: sets.length, changes: changes.length, fromSqn: sets[0]!.sequenceNumber, toSqn: sets[sets.length - 1]!.sequenceNumber + 1, files: streamFiles.size }, { task });
  }
  return { files, entries: base.entries + figures.changes, reusable: base.reusable, changelog: figures };
}

/**
 * The restored subtask's changelog backend continues from the restored handles: the materialized
 * part and the restored change sets go into every checkpoint until the next materialization.
 */
export function continueChangelogAfterRestore(ctx: StepContext, task: string, handles: readonly KeyedStateHandle[], reusable: KeyedRestoreResult['reusable']): void {
  const cl = ctx.state.job.keyed[task]?.changelog;
  if (!cl) return;
  const logged = changelogHandles(handles);
  const materializationId = logged.reduce((m, h) => Math.max(m, h.materializationId), 0);
  // `ChangelogStateBackendHandle#getIntersection`: the restored change sets keep their files and
  // offsets, narrowed to this subtask's key groups.
  const range = cl.writer.keyGroupRange;
  const restored = streamsOf(handles)
    .map((st) => ({ ...st, keyGroupRange: keyGroupRangeIntersection(st.keyGroupRange, range) }))
    .filter((st) => !isEmptyKeyGroupRange(st.keyGroupRange));
  cl.snapshot = { materialized: materializedPartOf(handles), restoredNonMaterialized: restored, materializedTo: 0, materializationId };
  cl.lastMaterializationId = materializationId;
  cl.lastConfirmedMaterializationId = materializationId;
  // The nested RocksDB's restored SSTs belong to that materialization: a new one may reuse them.
  const inc = ctx.state.job.checkpointing[task]?.incremental;
  if (inc && reusable) inc.confirmed = { checkpointId: materializationId, ssts: reusable };
}
