/**
 * The DSTL upload path of a TaskManager, step by step: writers' upload tasks go to the
 * TaskManager's `BatchingStateChangeUploadScheduler`; a batch is drained into ONE file (change
 * sets of several operators at offsets) when `persist-delay` passes or the size threshold is
 * reached; the file takes simulated time to write; a failed write is retried into a new file up to
 * `upload.max-attempts`, then every persist over its change sets fails (and with it the
 * checkpoints waiting for them). A written file is tracked by the TaskManager's
 * `TaskChangelogRegistry` until a completed checkpoint hands it to the JobManager.
 */
import { drain, drainDue, schedule } from '../../changelog/dstl/batchingStateChangeUploadScheduler';
import type { UploadAttempt } from '../../changelog/dstl/inFlightUpload';
import { onUploadFailed, onUploadSucceeded, retryUpload } from '../../changelog/dstl/retryingUpload';
import { release, startTracking } from '../../changelog/dstl/taskChangelogRegistry';
import type { UploadTask } from '../../changelog/dstl/uploadTask';
import { handleUploadFailure, handleUploadSuccess } from '../../changelog/dstl/writerUploadCallbacks';
import type { QueueItemOf } from '../../queueItems';
import { randomFileName } from '../../format/fileNames';
import { uploadDurationMs } from '../../storage/transferTime';
import type { StepContext } from '../../stepContext';
import { deleteFile, writeFile } from '../../storage/remoteStorage';
import { onChangelogPersistDone, onChangelogPersistFailed } from './changelogSnapshot';
import type { ChangelogTaskManagerState } from './changelogTaskState';

/** The TaskManager state of the TaskManager that runs `task`. */
export function taskManagerOf(ctx: StepContext, task: string): ChangelogTaskManagerState | null {
  const info = ctx.state.job.topology.subtasks.find((s) => s.name === task);
  return info ? (ctx.state.job.changelogTms[`tm-${info.taskManager}`] ?? null) : null;
}

/** `BatchingStateChangeUploadScheduler#upload`: queue a writer's change sets; drain now or start the delay timer. */
export function scheduleUploadTask(ctx: StepContext, task: string, ut: UploadTask): void {
  const tm = taskManagerOf(ctx, task);
  if (!tm) throw new Error(`${task} runs on no TaskManager with a changelog upload scheduler`);
  const timerWasSet = tm.scheduler.drainAtMs !== null;
  const d = schedule(tm.scheduler, ut, ctx.nowMs);
  if (d.uploadNow) drainNow(ctx, tm);
  else if (!timerWasSet && d.drainAtMs !== null) ctx.schedule(d.drainAtMs - ctx.nowMs, { kind: 'dstl.drain', taskManager: tm.name });
}

function startAttempt(ctx: StepContext, tm: ChangelogTaskManagerState, a: UploadAttempt): void {
  ctx.emit(
    'dstl.uploadStarted',
    { taskManager: tm.name, batchId: a.batchId, attempt: a.attempt, file: a.file, bytes: a.bytes.length, changeSets: a.changeSetCount, writers: a.tasks.map((t) => t.logId) },
    { task: tm.name },
  );
  ctx.schedule(uploadDurationMs(ctx, a.bytes.length, 1), { kind: 'dstl.uploadDone', taskManager: tm.name, batchId: a.batchId, attempt: a.attempt });
}

function newChangelogFile(ctx: StepContext): string {
  return `${ctx.state.coordinator.jobId}/shared/dstl-${randomFileName(ctx)}`;
}

/** `drainAndSave`: everything waiting goes into one new file. */
function drainNow(ctx: StepContext, tm: ChangelogTaskManagerState): void {
  const a = drain(tm.scheduler, newChangelogFile(ctx));
  if (a) startAttempt(ctx, tm, a);
}

/** The persist-delay timer fires (stale timers, cancelled by an earlier drain, do nothing). */
export function handleDstlDrain(ctx: StepContext, item: QueueItemOf<'dstl.drain'>): void {
  const tm = ctx.state.job.changelogTms[item.taskManager];
  if (tm && drainDue(tm.scheduler, ctx.nowMs)) drainNow(ctx, tm);
}

/** `RetryingExecutor`: the next attempt of a failed batch, into a new file. */
export function handleDstlRetry(ctx: StepContext, item: QueueItemOf<'dstl.retry'>): void {
  const tm = ctx.state.job.changelogTms[item.taskManager];
  if (!tm?.scheduler.inFlight.some((u) => u.batchId === item.batchId)) return;
  startAttempt(ctx, tm, retryUpload(tm.scheduler, item.batchId, newChangelogFile(ctx)));
}

/** A TaskManager-owned file none of whose change sets is needed any more: the TaskManager deletes it. */
export function releaseChangelogFile(ctx: StepContext, tm: ChangelogTaskManagerState, file: string, why: string): void {
  if (release(tm.registry, file) !== 'discard') return;
  const size = ctx.state.storage.files[file]?.bytes.length ?? 0;
  if (deleteFile(ctx.state.storage, file)) {
    ctx.emit('file.discarded', { path: file, size, reason: `${why}; no checkpoint owns it, so ${tm.name} deletes it` }, { task: tm.name, flinkRef: 'o.a.f.changelog.fs.TaskChangelogRegistryImpl#release' });
  }
}

/** The current attempt's write finished: it failed (injected `failUploads`) or the file is written. */
export function handleDstlUploadDone(ctx: StepContext, item: QueueItemOf<'dstl.uploadDone'>): void {
  const tm = ctx.state.job.changelogTms[item.taskManager];
  const u = tm?.scheduler.inFlight.find((x) => x.batchId === item.batchId);
  if (!tm || !u || u.attempt !== item.attempt || u.awaitingRetry) return;
  const failing = ctx.state.storage.failingUploads;
  if (failing && (failing.task === null || u.logIds.includes(failing.task))) {
    failing.count -= 1;
    if (failing.count <= 0) ctx.state.storage.failingUploads = null;
    const decision = onUploadFailed(tm.scheduler, item.batchId, item.attempt, 'io');
    ctx.emit(
      'dstl.uploadFailed',
      { taskManager: tm.name, batchId: item.batchId, attempt: item.attempt, file: u.file, willRetry: decision.action === 'retry', maxAttempts: ctx.state.scenario.stateBackend.changelog.uploadMaxAttempts },
      { task: tm.name },
    );
    if (decision.action === 'retry') {
      ctx.schedule(decision.delayMs, { kind: 'dstl.retry', taskManager: tm.name, batchId: item.batchId });
      return;
    }
    const reason = `the changelog upload failed ${decision.attempts} times (upload.max-attempts)`;
    for (const f of decision.failed) {
      const cl = ctx.state.job.keyed[f.logId]?.changelog;
      if (!cl) continue;
      for (const p of handleUploadFailure(cl.writer, f.sequenceNumbers, reason).failed) {
        if (p.checkpointId >= 0) onChangelogPersistFailed(ctx, f.logId, p.checkpointId, reason);
      }
    }
    return;
  }
  const a = onUploadSucceeded(tm.scheduler, item.batchId);
  writeFile(ctx.state.storage, a.file, a.bytes, { scope: 'shared', kind: 'dstl', task: tm.name, checkpointId: 0, writtenAtMs: ctx.nowMs, sst: null });
  tm.filesWritten += 1;
  startTracking(tm.registry, a.file, a.changeSetCount);
  ctx.emit('file.uploaded', { checkpointId: 0, path: a.file, size: a.bytes.length, kind: 'dstl', sst: null, inputs: [] }, { task: tm.name });
  ctx.emit(
    'dstl.uploaded',
    { taskManager: tm.name, batchId: a.batchId, attempt: a.attempt, file: a.file, bytes: a.bytes.length, changeSets: a.changeSetCount, writers: a.tasks.map((t) => t.logId) },
    { task: tm.name },
  );
  for (const t of a.tasks) {
    const cl = ctx.state.job.keyed[t.logId]?.changelog;
    if (!cl) continue;
    const outcome = handleUploadSuccess(cl.writer, t.results);
    for (const c of outcome.completed) if (c.checkpointId >= 0) onChangelogPersistDone(ctx, t.logId, c.checkpointId, c.handle);
    for (const r of outcome.released) releaseChangelogFile(ctx, tm, r.file, `change set ${r.sequenceNumber} of ${t.logId} was truncated while it uploaded`);
  }
}
