/**
 * Materialization (Flink's `PeriodicMaterializationManager` with
 * `ChangelogKeyedStateBackend#initMaterialization` / `handleMaterializationResult`): now and then
 * the nested backend (the state table) is snapshotted like a checkpoint would (RocksDB
 * incrementally), in the background. Its sync point is the changelog's sequence number at the
 * trigger; once it completes, checkpoints carry it plus only the changes after that point, and the
 * older changes can be truncated. The first periodic run is at a hashed offset within the
 * interval, so the subtasks of a job do not all materialize at once.
 */
import { resetAllMetadataFlags } from '../changelog/backend/changelogKeyedStateBackendData';
import { uploadRawSize } from '../format/uploadRawSize';
import { truncateHelperMaterialized } from '../changelog/dstl/changelogTruncateHelper';
import { nextSequenceNumber } from '../changelog/dstl/fsStateChangelogWriter';
import { javaStringHashCode } from '../keys/javaHashCode';
import { murmurHash } from '../keys/murmurHash';
import type { QueueItemOf } from '../queueItems';
import { failJob } from '../job/taskFailure';
import { uploadDurationMs } from '../storage/transferTime';
import { nestedKeyedSnapshot } from './taskSnapshot';
import { taskOwnedLocation } from '../format/snapshotLocation';
import type { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import type { StepContext } from '../stepContext';
import { writeFile } from '../storage/remoteStorage';
import { openKeyedBackend } from '../job/keyedBackend';
import { truncateChangelog } from '../job/changelog/changelogSnapshot';

/** `PeriodicMaterializationManager.initialDelay`: murmurHash(subtask id hash) % interval. */
export function initialMaterializationDelayMs(task: string, intervalMs: number): number {
  return murmurHash(javaStringHashCode(task)) % intervalMs;
}

/** Starts the periodic materialization of every changelog subtask (when an interval is set). */
export function startPeriodicMaterialization(ctx: StepContext): void {
  const interval = ctx.state.scenario.stateBackend.changelog.materializationIntervalMs;
  if (interval <= 0) return;
  for (const [task, keyed] of Object.entries(ctx.state.job.keyed)) {
    if (keyed.changelog) ctx.schedule(initialMaterializationDelayMs(task, interval), { kind: 'changelog.materialize', task, periodic: true });
  }
}

function scheduleNext(ctx: StepContext, task: string): void {
  const interval = ctx.state.scenario.stateBackend.changelog.materializationIntervalMs;
  if (interval > 0) ctx.schedule(interval, { kind: 'changelog.materialize', task, periodic: true });
}

/** The `materialize` action, for one task or all. */
export function materializeNow(ctx: StepContext, task: string | undefined): void {
  const tasks = task ? [task] : Object.keys(ctx.state.job.keyed);
  for (const t of tasks) triggerMaterialization(ctx, t, false);
}

function skip(ctx: StepContext, task: string, periodic: boolean, reason: 'not-changelog' | 'running' | 'unconfirmed' | 'no-changes' | 'job-not-running'): void {
  ctx.emit('changelog.materialization.skipped', { reason }, { task });
  if (periodic && reason !== 'not-changelog' && reason !== 'job-not-running') scheduleNext(ctx, task);
}

/** `PeriodicMaterializationManager#triggerMaterialization` → `initMaterialization`. */
export function triggerMaterialization(ctx: StepContext, task: string, periodic: boolean): void {
  const keyed = ctx.state.job.keyed[task];
  const cl = keyed?.changelog;
  if (!keyed || !cl) return skip(ctx, task, periodic, 'not-changelog');
  if (!ctx.state.job.running) return skip(ctx, task, periodic, 'job-not-running');
  if (cl.running) return skip(ctx, task, periodic, 'running');
  // The registry needs each materialization's files to be used continuously: wait until the last
  // one is confirmed by a completed checkpoint, or failed (FLINK-32143).
  if (cl.lastConfirmedMaterializationId < cl.lastMaterializationId && cl.lastFailedMaterializationId < cl.lastMaterializationId) return skip(ctx, task, periodic, 'unconfirmed');
  const upTo = nextSequenceNumber(cl.writer);
  if (upTo <= cl.snapshot.materializedTo) return skip(ctx, task, periodic, 'no-changes');
  const id = ++cl.lastMaterializationId;
  // Every stream of a materialization is task-owned (the backend's own stream factory,
  // `ChangelogKeyedStateBackend` L253–259 → `createTaskOwnedStateStream`): files go to taskowned/.
  const parts = nestedKeyedSnapshot(ctx, { task, checkpointId: id, isSavepoint: false, barrierFirstMs: ctx.nowMs, alignmentDurationMs: 0 }, taskOwnedLocation(ctx.state.coordinator.jobId));
  const handle = parts.state.keyed;
  if (!handle || handle.type === 'changelog') throw new Error(`${task}: a materialization must snapshot the nested backend`);
  // The files belong to no checkpoint yet; the registry takes them once a checkpoint uses them.
  const uploads = parts.uploads.map((u) => ({ ...u, meta: { ...u.meta, checkpointId: 0 } }));
  cl.running = { id, upTo, startedMs: ctx.nowMs, uploads, handle, stateSize: parts.stateSize, heapSnapshot: parts.heapSnapshot, ssts: parts.ssts, periodic };
  // Log every state's metadata again after the sync point: a restore from this materialization reads only what follows.
  resetAllMetadataFlags(cl.backend);
  const bytes = uploads.reduce((n, u) => n + u.bytes.length, 0);
  ctx.emit('changelog.materialization.started', { materializationId: id, upToSqn: upTo, uploads: uploads.length, bytes, periodic }, { task });
  ctx.schedule(uploadDurationMs(ctx, bytes, uploads.length), { kind: 'changelog.materializationDone', task, materializationId: id });
}

function releaseHeapSnapshot(ctx: StepContext, task: string): void {
  const keyed = ctx.state.job.keyed[task]!;
  const r = keyed.changelog!.running!;
  if (r.heapSnapshot) (openKeyedBackend(keyed.backend) as HeapKeyedStateBackend).releaseSnapshot(r.heapSnapshot);
}

/** The asynchronous part ends: `handleMaterializationResult`, or the failure path. */
export function handleMaterializationDone(ctx: StepContext, item: QueueItemOf<'changelog.materializationDone'>): void {
  const cl = ctx.state.job.keyed[item.task]?.changelog;
  const r = cl?.running;
  if (!cl || !r || r.id !== item.materializationId) return;
  if (cl.failDuringMaterialization) {
    cl.failDuringMaterialization = false;
    releaseHeapSnapshot(ctx, item.task);
    cl.running = null;
    failJob(ctx, `${item.task} failed during materialization ${r.id} (injected)`);
    return;
  }
  const failing = ctx.state.storage.failingUploads;
  if (failing && r.uploads.length > 0 && (failing.task === null || failing.task === item.task)) {
    failing.count -= 1;
    if (failing.count <= 0) ctx.state.storage.failingUploads = null;
    releaseHeapSnapshot(ctx, item.task);
    cl.running = null;
    cl.lastFailedMaterializationId = Math.max(cl.lastFailedMaterializationId, r.id);
    cl.consecutiveFailures += 1;
    const allowed = ctx.state.scenario.stateBackend.changelog.maxFailuresAllowed;
    ctx.emit('changelog.materialization.failed', { materializationId: r.id, consecutiveFailures: cl.consecutiveFailures, maxFailuresAllowed: allowed, reason: 'the upload to remote storage failed (injected)' }, { task: item.task });
    if (cl.consecutiveFailures > allowed) {
      failJob(ctx, `${item.task} fails to complete the asynchronous part of materialization (${cl.consecutiveFailures} consecutive failures > max-failures-allowed ${allowed})`);
      return;
    }
    if (r.periodic) scheduleNext(ctx, item.task);
    return;
  }
  for (const u of r.uploads) {
    writeFile(ctx.state.storage, u.path, u.bytes, { ...u.meta, writtenAtMs: ctx.nowMs });
    ctx.emit('file.uploaded', { checkpointId: 0, path: u.path, size: u.bytes.length, kind: u.meta.kind, sst: u.meta.sst, inputs: u.inputs, ...uploadRawSize(u.meta.kind, u.bytes, u.path) }, { task: item.task });
  }
  const inc = ctx.state.job.checkpointing[item.task]?.incremental;
  if (inc && r.ssts) inc.pending.push({ checkpointId: r.id, ssts: r.ssts });
  releaseHeapSnapshot(ctx, item.task);
  cl.running = null;
  cl.consecutiveFailures = 0;
  cl.snapshot = { materialized: [r.handle], restoredNonMaterialized: [], materializedTo: r.upTo, materializationId: r.id };
  const bytes = r.uploads.reduce((n, u) => n + u.bytes.length, 0);
  ctx.emit('changelog.materialization.completed', { materializationId: r.id, upToSqn: r.upTo, uploadedBytes: bytes, stateSize: r.stateSize, durationMs: ctx.nowMs - r.startedMs }, { task: item.task });
  const to = truncateHelperMaterialized(cl.truncateHelper, r.upTo);
  if (to !== null) truncateChangelog(ctx, item.task, to, `materialization ${r.id} covers the changes below ${r.upTo}`);
  if (r.periodic) scheduleNext(ctx, item.task);
}
