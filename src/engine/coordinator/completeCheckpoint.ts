/**
 * Acknowledgements and completion (Flink's `CheckpointCoordinator.receiveAcknowledgeMessage`
 * and `completePendingCheckpoint`): when every task has acknowledged, `_metadata` is written,
 * the checkpoint joins the completed checkpoint store, the oldest beyond `num-retained` are
 * subsumed and their files discarded, older pending checkpoints are aborted as SUBSUMED, and
 * tasks are notified: `notifyCheckpointComplete`, then `notifyCheckpointSubsumed`.
 */
import type { QueueItemOf } from '../queueItems';
import { encodeMetadata, type CheckpointMetadata } from '../snapshot/metadataFormat';
import { filesOfKeyedHandle, keyedHandleStateSize, type SubtaskStateSnapshot } from '../snapshot/stateHandles';
import type { StepContext } from '../stepContext';
import { deleteFile, writeFile } from '../storage/remoteStorage';
import { abortPendingCheckpoint } from './abortCheckpoint';
import { registryAcknowledged, registryCompleted } from './registryBridge';
import { checkpointDir, historyOf, type CompletedCheckpoint, type PendingCheckpoint } from './coordinatorState';
import { taskFilesOf } from './taskFiles';
import { RPC_LATENCY_MS } from '../job/latencies';

function referencedFiles(state: SubtaskStateSnapshot): string[] {
  const out: string[] = [];
  if (state.keyed) for (const f of filesOfKeyedHandle(state.keyed)) if (f.type === 'file') out.push(f.path);
  if (state.operator?.delegate.type === 'file') out.push(state.operator.delegate.path);
  if (state.channel?.delegate.type === 'file') out.push(state.channel.delegate.path);
  return out;
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
    // A late acknowledgement of an aborted checkpoint: its exclusive files are garbage.
    for (const path of files) {
      const f = ctx.state.storage.files[path];
      if (f && f.meta.scope === 'exclusive' && deleteFile(ctx.state.storage, path)) {
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
    h.checkpointedSize += item.ack.stats.checkpointedSize;
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
  const metadataBytes = encodeMetadata(buildMetadata(ctx, p));
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
  // Flink's state_size and checkpointed_size add up the subtasks' state; _metadata is not counted.
  let stateSize = 0;
  for (const [task, ack] of Object.entries(p.acks)) {
    tasks[task] = ack.state;
    for (const f of referencedFiles(ack.state)) files.add(f);
    stateSize += ack.state.keyed ? keyedHandleStateSize(ack.state.keyed) : 0;
  }
  const exclusiveFiles = [...files].filter((f) => f.startsWith(`${dir}/`));
  const completed: CompletedCheckpoint = { id: p.id, isSavepoint: p.isSavepoint, triggerMs: p.triggerMs, completeMs: ctx.nowMs, metadataPath, tasks, files: [...files], exclusiveFiles, owned: true };
  const h = historyOf(c, p.id)!;
  h.status = 'COMPLETED';
  h.completeMs = ctx.nowMs;
  h.stateSize = stateSize;

  const subsumed: CompletedCheckpoint[] = [];
  if (p.isSavepoint) {
    c.savepoints.push(completed);
  } else {
    c.completed.push(completed);
    c.continuousFailures = 0;
    c.lastCompletionMs = ctx.nowMs;
    while (c.completed.length > ctx.state.scenario.checkpointing.numRetained) subsumed.push(c.completed.shift()!);
  }
  ctx.emit(
    'checkpoint.completed',
    { checkpointId: p.id, isSavepoint: p.isSavepoint, checkpointedSize: h.checkpointedSize, stateSize, durationMs: ctx.nowMs - p.triggerMs, metadataPath, retained: c.completed.map((x) => x.id) },
    { task: 'jobmanager' },
  );
  registryCompleted(ctx, p.id, c.completed.map((x) => x.id), p.isSavepoint);
  for (const old of subsumed) {
    const oh = historyOf(c, old.id);
    if (oh) oh.subsumed = true;
    ctx.emit('checkpoint.subsumed', { checkpointId: old.id, by: p.id }, { task: 'jobmanager' });
    discardExclusive(ctx, old, `checkpoint ${old.id} subsumed by ${p.id}`);
  }
  // Older pending checkpoints can never be needed now.
  if (!p.isSavepoint) for (const older of c.pending.filter((x) => x.id < p.id && !x.isSavepoint)) abortPendingCheckpoint(ctx, older.id, 'CHECKPOINT_SUBSUMED');

  // sendAcknowledgeMessages: only checkpoints (not ordinary savepoints) are confirmed to the tasks,
  // one `confirmCheckpoint` RPC per task carrying the last subsumed checkpoint
  // (CheckpointCoordinator L1433–1443); each task acts on it when it arrives (snapshot/taskNotifications.ts).
  if (p.isSavepoint) return;
  const taskNames = Object.keys(ctx.state.job.checkpointing);
  const lastSubsumedId = subsumed.length > 0 ? subsumed[subsumed.length - 1]!.id : null;
  ctx.emit('checkpoint.notified', { checkpointId: p.id, notification: 'complete', tasks: taskNames.length }, { task: 'jobmanager' });
  if (lastSubsumedId !== null) ctx.emit('checkpoint.notified', { checkpointId: lastSubsumedId, notification: 'subsumed', tasks: taskNames.length }, { task: 'jobmanager' });
  for (const task of taskNames) ctx.schedule(RPC_LATENCY_MS, { kind: 'task.notifyComplete', task, checkpointId: p.id, lastSubsumedId, attempt: ctx.state.job.attempt });
}
