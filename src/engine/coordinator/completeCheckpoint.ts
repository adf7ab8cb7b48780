/**
 * Acknowledgements and completion (Flink's `CheckpointCoordinator.receiveAcknowledgeMessage`
 * and `completePendingCheckpoint`): when every task has acknowledged, `_metadata` is written,
 * the checkpoint joins the completed checkpoint store, the oldest beyond `num-retained` are
 * subsumed and their files discarded, older pending checkpoints are aborted as SUBSUMED, and
 * tasks are notified: `notifyCheckpointComplete`, then `notifyCheckpointSubsumed`.
 */
import type { QueueItemOf } from '../queueItems';
import { encodeMetadata, type CheckpointMetadata } from '../format/metadataFormat';
import { filesOfKeyedHandle, privateFilesOfKeyedHandle, type SubtaskStateSnapshot } from '../format/stateHandles';
import type { StepContext } from '../stepContext';
import { deleteFile, writeFile } from '../storage/remoteStorage';
import { abortPendingCheckpoint } from './abortCheckpoint';
import { registryAcknowledged, registryCompleted } from './registryBridge';
import { checkpointDir, historyOf, sealFinishedCheckpoint, type CheckpointFileRef, type CompletedCheckpoint, type PendingCheckpoint } from './coordinatorState';
import { changelogHandleFiles } from '../changelog/dstl/changelogStateHandle';
import { taskFilesOf } from './taskFiles';
import { handleCheckpointSuccess } from './failureManager';
import { executeQueuedRequest } from './triggerCheckpoint';
import { RPC_LATENCY_MS } from '../job/latencies';
import { syncSavepointOf } from './stopWithSavepoint';

function referencedFiles(state: SubtaskStateSnapshot): string[] {
  const out: string[] = [];
  if (state.keyed) for (const f of filesOfKeyedHandle(state.keyed)) if (f.type === 'file') out.push(f.path);
  if (state.operator?.delegate.type === 'file') out.push(state.operator.delegate.path);
  if (state.channel?.delegate.type === 'file') out.push(state.channel.delegate.path);
  return out;
}

/**
 * The files of a subtask's acknowledgement, each marked new (written for this checkpoint: its
 * storage record names the checkpoint, or it is a DSTL file of the checkpoint's own change sets)
 * or reused (uploaded earlier: a placeholder, an older DSTL file, the materialized part).
 */
function fileRefsOf(ctx: StepContext, checkpointId: number, state: SubtaskStateSnapshot, paths: string[]): CheckpointFileRef[] {
  const k = state.keyed;
  const own = k?.type === 'changelog' && k.toSqn > k.fromSqn && k.persistedSizeOfThisCheckpoint > 0 ? new Set(changelogHandleFiles(k.nonMaterialized.at(-1)!)) : new Set<string>();
  return [...new Set(paths)].map((path) => {
    const f = ctx.state.storage.files[path];
    return { path, size: f?.bytes.length ?? 0, uploadedNow: f?.meta.checkpointId === checkpointId || own.has(path) };
  });
}

/** Paths of the files a subtask's keyed handle owns alone (deleted with its checkpoint). */
function privatePathsOf(state: SubtaskStateSnapshot): string[] {
  return state.keyed ? privateFilesOfKeyedHandle(state.keyed).flatMap((f) => (f.type === 'file' ? [f.path] : [])) : [];
}

/** A task's acknowledgement reaches the coordinator. */
export function handleAcknowledge(ctx: StepContext, item: QueueItemOf<'checkpoint.ack'>): void {
  const c = ctx.state.coordinator;
  const pending = c.pending.find((p) => p.id === item.checkpointId);
  const files = referencedFiles(item.ack.state);
  if (!pending) {
    // Late acknowledgement: ≥1.15 still registers its shared files; ≤1.14 deletes them.
    const wasSavepoint = historyOf(c, item.checkpointId)?.isSavepoint ?? false;
    registryAcknowledged(ctx, item.checkpointId, item.task, item.ack.state, wasSavepoint);
    // A late acknowledgement of an aborted checkpoint: its exclusive files are garbage, and so are
    // the private files of an incremental handle, though they sit in shared/.
    const privateOnes = new Set(privatePathsOf(item.ack.state));
    for (const path of files) {
      const f = ctx.state.storage.files[path];
      const own = f?.meta.scope === 'exclusive' || (privateOnes.has(path) && f?.meta.checkpointId === item.checkpointId);
      if (f && own && deleteFile(ctx.state.storage, path)) {
        ctx.emit('file.discarded', { path, size: f.bytes.length, reason: `late acknowledgement of checkpoint ${item.checkpointId}` });
      }
    }
    return;
  }
  const i = pending.notYetAcknowledged.indexOf(item.task);
  if (i < 0) return;
  pending.notYetAcknowledged.splice(i, 1);
  pending.acks[item.task] = item.ack;
  registryAcknowledged(ctx, pending.id, item.task, item.ack.state, pending.isSavepoint);
  for (const path of files) if (ctx.state.storage.files[path]?.meta.checkpointId === pending.id) pending.uploadedPaths.push(path);
  const h = historyOf(c, pending.id);
  if (h) {
    h.numAcknowledgedSubtasks += 1;
    h.latestAckMs = ctx.nowMs;
    h.subtasks[item.task] = item.ack.stats;
    const k = item.ack.state.keyed;
    if (k) h.taskFiles[item.task] = taskFilesOf(k);
    (h.files ??= {})[item.task] = fileRefsOf(ctx, pending.id, item.ack.state, files);
    h.checkpointedSize += item.ack.stats.checkpointedSize;
    // PendingCheckpointStats.reportSubtaskStats: sums, and unaligned if any subtask was.
    h.persistedData += item.ack.stats.persistedData;
    h.processedData += item.ack.stats.processedData;
    h.unaligned ||= item.ack.stats.unaligned;
  }
  ctx.emit('checkpoint.acknowledged', { checkpointId: pending.id, acknowledged: Object.keys(pending.acks).length, of: Object.keys(pending.acks).length + pending.notYetAcknowledged.length }, { task: item.task });
  if (pending.notYetAcknowledged.length === 0) completePendingCheckpoint(ctx, pending);
}

function buildMetadata(ctx: StepContext, p: PendingCheckpoint): CheckpointMetadata {
  const t = ctx.state.job.topology;
  return {
    checkpointId: p.id,
    isSavepoint: p.isSavepoint,
    jobId: ctx.state.coordinator.jobId,
    triggerMs: p.triggerMs,
    maxParallelism: t.maxParallelism,
    operators: t.vertices.map((v) => ({
      vertex: v.name,
      parallelism: v.parallelism,
      subtasks: [...Array(v.parallelism).keys()].map((i) => p.acks[`${v.name}#${i}`]!.state),
    })),
  };
}

/** Discards the files only this checkpoint uses (its exclusive directory). */
function discardExclusive(ctx: StepContext, cp: CompletedCheckpoint, reason: string): void {
  if (!cp.owned) return; // restored in NO_CLAIM mode: the files belong to whoever took the snapshot
  // A changelog checkpoint may carry an older checkpoint's handle as its materialized part (the
  // changelog was switched on at a restore): Flink registers that handle as a whole
  // (`StreamStateHandleWrapper`), which keeps its private files while a retained checkpoint uses it.
  const c = ctx.state.coordinator;
  const stillUsed = new Set([...c.completed, ...c.savepoints].flatMap((x) => x.files));
  for (const path of cp.exclusiveFiles) {
    if (stillUsed.has(path)) continue;
    const size = ctx.state.storage.files[path]?.bytes.length ?? 0;
    if (deleteFile(ctx.state.storage, path)) ctx.emit('file.discarded', { path, size, reason });
  }
}

function completePendingCheckpoint(ctx: StepContext, p: PendingCheckpoint): void {
  const c = ctx.state.coordinator;
  c.pending.splice(c.pending.indexOf(p), 1);
  const dir = checkpointDir(c.jobId, p.id, p.isSavepoint);
  const metadataPath = `${dir}/_metadata`;
  const metadataBytes = encodeMetadata(buildMetadata(ctx, p), dir);
  writeFile(ctx.state.storage, metadataPath, metadataBytes, {
    scope: p.isSavepoint ? 'savepoint' : 'exclusive',
    kind: 'metadata',
    task: 'jobmanager',
    checkpointId: p.id,
    writtenAtMs: ctx.nowMs,
    sst: null,
  });
  ctx.emit('file.uploaded', { checkpointId: p.id, path: metadataPath, size: metadataBytes.length, kind: 'metadata', sst: null, inputs: [] }, { task: 'jobmanager' });

  const tasks: Record<string, SubtaskStateSnapshot> = {};
  const files = new Set<string>([metadataPath]);
  // Flink's state_size and checkpointed_size add up the subtasks' reported figures
  // (PendingCheckpointStats#reportSubtaskStats): keyed, operator and channel state; _metadata is not counted.
  let stateSize = 0;
  for (const [task, ack] of Object.entries(p.acks)) {
    tasks[task] = ack.state;
    for (const f of referencedFiles(ack.state)) files.add(f);
    stateSize += ack.stats.stateSize;
  }
  // Its own directory, plus the private files of incremental handles written to shared/
  // (`RocksIncrementalSnapshotStrategy` uploads them with the SHARED scope, L356–388).
  const privateInShared = Object.values(p.acks).flatMap((a) => privatePathsOf(a.state)).filter((f) => ctx.state.storage.files[f]?.meta.checkpointId === p.id);
  const exclusiveFiles = [...new Set([...[...files].filter((f) => f.startsWith(`${dir}/`)), ...privateInShared])];
  const completed: CompletedCheckpoint = { id: p.id, isSavepoint: p.isSavepoint, triggerMs: p.triggerMs, completeMs: ctx.nowMs, metadataPath, tasks, files: [...files], exclusiveFiles, owned: true };
  const h = historyOf(c, p.id)!;
  h.status = 'COMPLETED';
  h.completeMs = ctx.nowMs;
  h.stateSize = stateSize;
  // No acknowledgement can reach it now (it left `pending`): its per-subtask rows are final.
  sealFinishedCheckpoint(h);

  const subsumed: CompletedCheckpoint[] = [];
  // Flink ≤1.14 (`CheckpointCoordinator.completePendingCheckpoint` before FLINK-24611/1.15):
  // a savepoint is registered and added to the completed checkpoint store like a checkpoint, so
  // it counts toward num-retained, subsumes older pending checkpoints and is notified. Since 1.15
  // it stays outside the store (L1381–1388) and gets no notify-complete (L1431).
  const legacy = ctx.state.scenario.checkpointing.flinkVersion === '<=1.14';
  // (The engine's registry takes completions in id order: a savepoint that finishes after a newer
  // checkpoint stays outside the store, a simplification of 1.14, where it joined it all the same.)
  const inStore = !p.isSavepoint || (legacy && (c.completed.at(-1)?.id ?? 0) < p.id);
  if (p.isSavepoint) c.savepoints.push(completed);
  if (inStore) {
    c.completed.push(completed);
    while (c.completed.length > ctx.state.scenario.checkpointing.numRetained) subsumed.push(c.completed.shift()!);
  }
  // Checkpoints and savepoints alike: the failure count is cleared (`reportCompletedCheckpoint`
  // → `CheckpointFailureManager.handleCheckpointSuccess`, CheckpointCoordinator L1404) and the
  // min-pause clock restarts (`lastCheckpointCompletionRelativeTime`, L1429).
  handleCheckpointSuccess(c, p.id);
  c.lastCompletionMs = ctx.nowMs;
  ctx.emit(
    'checkpoint.completed',
    { checkpointId: p.id, isSavepoint: p.isSavepoint, checkpointedSize: h.checkpointedSize, stateSize, durationMs: ctx.nowMs - p.triggerMs, metadataPath, retained: c.completed.map((x) => x.id) },
    { task: 'jobmanager' },
  );
  // `AbstractCompleteCheckpointStore#findLowest` (L60) skips savepoints: from 1.15 a savepoint a
  // job was started from sits in the completed store (and counts toward num-retained) but was never
  // registered, so the registry sees only the store's checkpoints (≤1.14 registered savepoints too).
  // A savepoint a ≤1.14 job was started from is registered (submitJob) and, like its own savepoints, kept.
  const registered = (id: number) => ctx.state.registry.checkpoints.some((r) => r.checkpointId === id);
  // A savepoint restored in CLAIM mode carries the job's checkpoint properties, so findLowest counts it.
  const counted = (x: CompletedCheckpoint) => !x.isSavepoint || (legacy && (x.id === p.id || registered(x.id))) || (x.restoredMode === 'CLAIM' && registered(x.id));
  registryCompleted(ctx, p.id, c.completed.filter(counted).map((x) => x.id), p.isSavepoint);
  for (const old of subsumed) {
    const oh = historyOf(c, old.id);
    if (oh) oh.subsumed = true;
    ctx.emit('checkpoint.subsumed', { checkpointId: old.id, by: p.id }, { task: 'jobmanager' });
    discardExclusive(ctx, old, `checkpoint ${old.id} subsumed by ${p.id}`);
  }
  // Older pending checkpoints can never be needed now.
  if (inStore) for (const older of c.pending.filter((x) => x.id < p.id && !x.isSavepoint)) abortPendingCheckpoint(ctx, older.id, 'CHECKPOINT_SUBSUMED');

  // `scheduleTriggerRequest` (L1396): a request queued behind max-concurrent may run now.
  executeQueuedRequest(ctx);
  // sendAcknowledgeMessages: only checkpoints (not ordinary savepoints) are confirmed to the tasks,
  // one `confirmCheckpoint` RPC per task carrying the last subsumed checkpoint
  // (CheckpointCoordinator L1431–1443); each task acts on it when it arrives (snapshot/taskNotifications.ts).
  // ≤1.14: every completed checkpoint and savepoint is notified, and a sink commits on it.
  if (p.isSavepoint && !legacy && !syncSavepointOf(ctx, p.id)) return;
  const taskNames = Object.keys(ctx.state.job.checkpointing);
  const lastSubsumedId = subsumed.length > 0 ? subsumed[subsumed.length - 1]!.id : null;
  ctx.emit('checkpoint.notified', { checkpointId: p.id, notification: 'complete', tasks: taskNames.length }, { task: 'jobmanager' });
  if (lastSubsumedId !== null) ctx.emit('checkpoint.notified', { checkpointId: lastSubsumedId, notification: 'subsumed', tasks: taskNames.length }, { task: 'jobmanager' });
  for (const task of taskNames) ctx.schedule(RPC_LATENCY_MS, { kind: 'task.notifyComplete', task, checkpointId: p.id, isSavepoint: p.isSavepoint, lastSubsumedId, attempt: ctx.state.job.attempt });
}
