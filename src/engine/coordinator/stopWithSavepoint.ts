/**
 * Stop with savepoint (`flink stop [--drain]`), in Flink 1.20's order of events:
 * 1. `SchedulerBase#stopWithSavepoint`: `CheckpointCoordinator#stopCheckpointScheduler` cancels the
 *    periodic trigger and aborts pending and queued checkpoints (CHECKPOINT_COORDINATOR_SUSPEND),
 *    then `triggerSynchronousSavepoint` asks for a savepoint of type `SavepointType.terminate`
 *    (--drain) or `.suspend`.
 * 2. Each source, on the trigger (`SourceOperatorStreamTask#triggerStopWithSavepointAsync`), stops
 *    (`SourceOperator#stop`: DRAIN sends MAX_WATERMARK and end of input first) and then injects the
 *    barrier; it reads nothing more.
 * 3. Tasks snapshot and acknowledge as for any savepoint; then each waits for the synchronous
 *    savepoint's notifyCheckpointComplete (sent for synchronous savepoints,
 *    `CheckpointCoordinator` L1431: `!props.isSavepoint() || props.isSynchronous()`): a
 *    two-phase-commit sink commits on it, and the task finishes.
 * 4. When every task has finished, the job is FINISHED (`StopWithSavepointTerminationHandlerImpl`),
 *    its completed checkpoint store shuts down with FINISHED (`discardOnJobFinished` holds for every
 *    retention policy), and the savepoint is its last state.
 * If the savepoint fails, the sources resume and the periodic scheduler starts again
 * (`StopWithSavepointTerminationHandlerImpl#terminateExceptionally` → `startCheckpointScheduler`).
 * Simplification: the Lab's operators hold no timers or windows, so a drain (endInput, finish)
 * flushes nothing; only the order of events differs from a suspend.
 */
import type { SavepointFormatType } from '../format/savepointFormat';
import type { StepContext } from '../stepContext';
import { abortPendingCheckpoint } from './abortCheckpoint';
import { historyOf, type SyncSavepointAction } from './coordinatorState';
import { requestCheckpoint, schedulePeriodicCheckpoints } from './triggerCheckpoint';

/** The synchronous savepoint's action, if `checkpointId` is one. */
export function syncSavepointOf(ctx: StepContext, checkpointId: number): SyncSavepointAction | undefined {
  return historyOf(ctx.state.coordinator, checkpointId)?.syncSavepoint;
}

/** The `stop` action. */
export function stopWithSavepoint(ctx: StepContext, drain: boolean, format: SavepointFormatType): void {
  const job = ctx.state.job;
  const c = ctx.state.coordinator;
  const refuse = (reason: string) => ctx.emit('job.stopWithSavepoint', { checkpointId: null, drain, reason }, { task: 'jobmanager' });
  if (job.canceled || job.finished) return void refuse('the job is no longer running (cancelled or finished)');
  if (!job.running) return void refuse('not all tasks are running (NOT_ALL_REQUIRED_TASKS_RUNNING)');
  if (c.history.some((h) => h.syncSavepoint && h.status === 'IN_PROGRESS')) return void refuse('a stop-with-savepoint is already in progress');
  const id = c.nextCheckpointId;
  ctx.emit('job.stopWithSavepoint', { checkpointId: id, drain, reason: null }, { task: 'jobmanager' });
  // stopCheckpointScheduler: no periodic trigger, pending and queued checkpoints aborted.
  c.periodicTrigger = null;
  c.queuedRequests = [];
  for (const p of [...c.pending]) abortPendingCheckpoint(ctx, p.id, 'CHECKPOINT_COORDINATOR_SUSPEND');
  requestCheckpoint(ctx, true, false, format, drain ? 'TERMINATE' : 'SUSPEND');
}

/** A source received the trigger of a synchronous savepoint: it stops before its barrier. */
export function stopSourceForSyncSavepoint(ctx: StepContext, task: string, checkpointId: number): void {
  const action = syncSavepointOf(ctx, checkpointId);
  const src = ctx.state.job.sources[task];
  if (!action || !src || src.stopped) return;
  const drain = action === 'TERMINATE';
  src.stopped = drain ? 'DRAIN' : 'NO_DRAIN';
  ctx.emit('source.stopped', { checkpointId, drain }, { task });
}

/** The synchronous savepoint was aborted: the sources read again and the periodic scheduler restarts. */
export function resumeAfterFailedStop(ctx: StepContext, checkpointId: number): void {
  if (!syncSavepointOf(ctx, checkpointId)) return;
  const job = ctx.state.job;
  for (const [task, src] of Object.entries(job.sources)) {
    if (!src.stopped) continue;
    delete src.stopped;
    for (const p of src.partitions) {
      if (ctx.state.scenario.job.source.kind === 'generator') ctx.schedule(0, { kind: 'source.tick', task, partition: p.partition });
      ctx.schedule(0, { kind: 'source.readLog', task, partition: p.partition });
    }
  }
  job.finishedTasks = [];
  if (ctx.state.coordinator.periodicTrigger === null) schedulePeriodicCheckpoints(ctx);
}
