/**
 * Checkpoints of a changelog keyed backend (Flink's `ChangelogKeyedStateBackend#snapshot` and its
 * `CheckpointListener` methods). A checkpoint does not snapshot the state table: it persists the
 * changelog from the last materialization's sync point (`lastMaterializedTo`) up to now
 * (`nextSequenceNumber()`), and the handle is the materialized part plus those change sets
 * (`ChangelogStateBackendHandleImpl`). Completion confirms the uploads (the JobManager owns the
 * files now) and the materialization the checkpoint used; subsumption lets the
 * `ChangelogTruncateHelper` truncate the log, releasing the TaskManager's files.
 */
import type { ChangelogStateHandleStreamImpl } from '../../changelog/dstl/changelogStateHandle';
import { changelogHandleFiles } from '../../changelog/dstl/changelogStateHandle';
import { truncateHelperCheckpoint, truncateHelperCheckpointSubsumed } from '../../changelog/dstl/changelogTruncateHelper';
import { nextSequenceNumber, persist } from '../../changelog/dstl/fsStateChangelogWriter';
import { confirm, truncate } from '../../changelog/dstl/fsStateChangelogWriterLifecycle';
import { stopTracking } from '../../changelog/dstl/taskChangelogRegistry';
import { RPC_LATENCY_MS } from '../latencies';
import { scheduleAsyncDoneIfReady } from '../asyncCheckpointPart';
import type { ChangelogStateBackendHandle } from '../../format/stateHandles';
import { keyedHandleStateSize } from '../../format/stateHandles';
import type { StepContext } from '../../stepContext';
import type { RunningSnapshot } from '../taskCheckpointing';
import { releaseChangelogFile, scheduleUploadTask, taskManagerOf } from './dstlUploads';
import type { ChangelogSnapshotState, ChangelogTaskState } from './changelogTaskState';

/** What a running checkpoint of a changelog backend waits for. */
export interface ChangelogCheckpointPart {
  from: number;
  to: number;
  /** The `ChangelogSnapshotState` at the sync point (the materialization the checkpoint uses). */
  snapshot: ChangelogSnapshotState;
  /** True until the persist's change sets are all uploaded. */
  waiting: boolean;
  /** Set when the persist failed (the checkpoint is then declined). */
  failure: string | null;
}

function changelogOf(ctx: StepContext, task: string): ChangelogTaskState {
  const cl = ctx.state.job.keyed[task]?.changelog;
  if (!cl) throw new Error(`${task} does not run the changelog state backend`);
  return cl;
}

/**
 * `ChangelogKeyedStateBackend#buildSnapshotResult`: the materialized part plus the restored and
 * new change sets. Flink counts only the new delta as this checkpoint's size.
 */
export function buildChangelogHandle(ctx: StepContext, task: string, checkpointId: number, part: ChangelogCheckpointPart, delta: ChangelogStateHandleStreamImpl | null): ChangelogStateBackendHandle | null {
  const cl = changelogOf(ctx, task);
  const nonMaterialized = [...part.snapshot.restoredNonMaterialized];
  if (delta && delta.stateSize > 0) nonMaterialized.push(delta);
  if (nonMaterialized.length === 0 && part.snapshot.materialized.length === 0) return null; // SnapshotResult.empty()
  const files = [...new Set(nonMaterialized.flatMap(changelogHandleFiles))];
  return {
    type: 'changelog',
    keyGroupRange: cl.writer.keyGroupRange,
    checkpointId,
    materializationId: part.snapshot.materializationId,
    materialized: part.snapshot.materialized,
    nonMaterialized,
    dstlFiles: files.map((path) => ({ path, size: ctx.state.storage.files[path]?.bytes.length ?? 0 })),
    fromSqn: part.from,
    toSqn: part.to,
    persistedSizeOfThisCheckpoint: delta?.checkpointedSize ?? 0,
  };
}

/** The synchronous part of a checkpoint: persist the changelog since the last materialization. */
export function changelogCheckpointSync(ctx: StepContext, task: string, checkpointId: number): Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts' | 'changelog'> {
  const cl = changelogOf(ctx, task);
  const from = cl.snapshot.materializedTo;
  const to = nextSequenceNumber(cl.writer);
  cl.lastCheckpoint = { checkpointId, from, to };
  truncateHelperCheckpoint(cl.truncateHelper, checkpointId, to);
  cl.materializationIdByCheckpoint[String(checkpointId)] = cl.snapshot.materializationId;
  const part: ChangelogCheckpointPart = { from, to, snapshot: { ...cl.snapshot }, waiting: true, failure: null };
  const r = persist(cl.writer, from, checkpointId);
  if (r.status === 'failed') {
    part.waiting = false;
    part.failure = r.reason;
  } else {
    ctx.emit('changelog.persisted', { checkpointId, fromSqn: from, toSqn: to, changeSets: r.task?.changeSets.length ?? 0, bytes: r.task?.sizeBytes ?? 0, ready: r.completed !== null }, { task });
    if (r.task) scheduleUploadTask(ctx, task, r.task);
    if (r.completed) part.waiting = false;
  }
  const handle = part.waiting || part.failure ? null : buildChangelogHandle(ctx, task, checkpointId, part, r.status === 'ok' ? r.completed : null);
  return { uploads: [], state: { keyed: handle, operator: null }, stateSize: handle ? keyedHandleStateSize(handle) : 0, heapSnapshot: null, ssts: null, changelog: part };
}

function runningOf(ctx: StepContext, task: string, checkpointId: number): RunningSnapshot | null {
  return ctx.state.job.checkpointing[task]?.running.find((r) => r.checkpointId === checkpointId && r.changelog?.waiting) ?? null;
}

/** The persist of `checkpointId` completed (all its change sets are in files): the async part ends. */
export function onChangelogPersistDone(ctx: StepContext, task: string, checkpointId: number, delta: ChangelogStateHandleStreamImpl): void {
  const running = runningOf(ctx, task, checkpointId);
  if (!running) return; // the checkpoint was aborted meanwhile; the uploads stay for the next persist
  const part = running.changelog!;
  part.waiting = false;
  const handle = buildChangelogHandle(ctx, task, checkpointId, part, delta);
  running.state = { ...running.state, keyed: handle };
  running.stateSize = handle ? keyedHandleStateSize(handle) : 0;
  scheduleAsyncDoneIfReady(ctx, task, running);
}

/** The persist failed for good: the task declines the checkpoint (`IOException` in the async part). */
export function onChangelogPersistFailed(ctx: StepContext, task: string, checkpointId: number, reason: string): void {
  const running = runningOf(ctx, task, checkpointId);
  if (!running) return;
  running.changelog!.waiting = false;
  running.changelog!.failure = reason;
  ctx.schedule(0, { kind: 'task.asyncDone', task, checkpointId });
}

/** Schedules the decline of a checkpoint whose persist failed. */
export function declineForChangelog(ctx: StepContext, task: string, checkpointId: number, reason: string): void {
  ctx.emit('checkpoint.declined', { checkpointId, reason }, { task });
  ctx.schedule(RPC_LATENCY_MS, { kind: 'checkpoint.decline', task, checkpointId, reason: 'CHECKPOINT_ASYNC_EXCEPTION' });
}

/** `ChangelogKeyedStateBackend#notifyCheckpointComplete`. */
export function changelogNotifyComplete(ctx: StepContext, task: string, checkpointId: number): void {
  const keyed = ctx.state.job.keyed[task];
  const cl = keyed?.changelog;
  if (!cl) return;
  const last = cl.lastCheckpoint;
  if (last && last.checkpointId === checkpointId) {
    // The JobManager owns these files now: the TaskManager stops tracking them.
    const tm = taskManagerOf(ctx, task);
    for (const f of confirm(cl.writer, last.from, last.to, checkpointId)) if (tm) stopTracking(tm.registry, f);
  }
  const matId = cl.materializationIdByCheckpoint[String(checkpointId)];
  for (const k of Object.keys(cl.materializationIdByCheckpoint)) if (Number(k) <= checkpointId) delete cl.materializationIdByCheckpoint[k];
  if (matId !== undefined && matId > cl.lastConfirmedMaterializationId) {
    cl.lastConfirmedMaterializationId = matId;
    // The nested backend's notifyCheckpointComplete(materializationID): RocksDB may now reuse its SSTs.
    const inc = ctx.state.job.checkpointing[task]?.incremental;
    if (inc) {
      const mine = inc.pending.find((x) => x.checkpointId === matId);
      if (mine) inc.confirmed = mine;
      inc.pending = inc.pending.filter((x) => x.checkpointId > matId);
    }
  }
}

/** `ChangelogKeyedStateBackend#notifyCheckpointSubsumed` → `ChangelogTruncateHelper#checkpointSubsumed`. */
export function changelogNotifySubsumed(ctx: StepContext, task: string, checkpointId: number): void {
  const cl = ctx.state.job.keyed[task]?.changelog;
  if (!cl) return;
  const to = truncateHelperCheckpointSubsumed(cl.truncateHelper, checkpointId);
  if (to !== null) truncateChangelog(ctx, task, to, `checkpoint ${checkpointId} subsumed`);
}

/** `FsStateChangelogWriter#truncate(to)`: forget the changes below `to`; release their files. */
export function truncateChangelog(ctx: StepContext, task: string, to: number, why: string): void {
  const cl = changelogOf(ctx, task);
  const effective = Math.min(to, cl.writer.activeSequenceNumber);
  if (effective <= cl.writer.lowestSequenceNumber) return;
  const res = truncate(cl.writer, effective);
  const tm = taskManagerOf(ctx, task);
  const bytes = res.released.reduce((n, r) => n + r.size, 0);
  ctx.emit('changelog.truncated', { toSqn: effective, releasedChangeSets: res.released.length, releasedBytes: bytes, droppedNotUploaded: res.droppedNotUploaded.length, why }, { task });
  if (tm) for (const r of res.released) releaseChangelogFile(ctx, tm, r.file, `change set ${r.sequenceNumber} of ${task} was truncated`);
}
