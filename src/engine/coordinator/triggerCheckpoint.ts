/**
 * Triggering (Flink's `CheckpointCoordinator.triggerCheckpoint`, its `CheckpointRequestDecider`
 * and its periodic `ScheduledTrigger`): a request joins the decider's queue; the decider runs it
 * now, keeps it queued while max-concurrent checkpoints are pending (it runs as soon as one
 * completes or is aborted), or refuses a periodic one within min-pause and reschedules the
 * periodic trigger. A started checkpoint gets its `PendingCheckpoint`, its timeout and a trigger
 * RPC to every source subtask.
 */
import { RPC_LATENCY_MS, TRIGGER_JITTER_MS } from '../job/latencies';
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import type { CheckpointHistoryEntry, CheckpointTriggerRequest, SyncSavepointAction } from './coordinatorState';
import { savepointFormatField, type SavepointFormatType } from '../format/savepointFormat';

/** `CheckpointRequestDecider.DEFAULT_MAX_QUEUED_REQUESTS`. */
export const MAX_QUEUED_REQUESTS = 1000;

/** Savepoints are forced (`CheckpointProperties.forSavepoint`); checkpoints are not (the default `forceCheckpoint()`). */
function isForce(r: CheckpointTriggerRequest): boolean {
  return r.isSavepoint;
}

/**
 * `CheckpointRequestDecider.checkpointTriggerRequestsComparator`: savepoints first, then forced,
 * then non-periodic before periodic, then by time (ties: the order requested).
 */
function compareRequests(a: CheckpointTriggerRequest, b: CheckpointTriggerRequest): number {
  if (a.isSavepoint !== b.isSavepoint) return a.isSavepoint ? -1 : 1;
  if (isForce(a) !== isForce(b)) return isForce(a) ? -1 : 1;
  if (a.periodic !== b.periodic) return a.periodic ? 1 : -1;
  return a.requestedMs - b.requestedMs;
}

/** `CheckpointCoordinator.baseInterval`: an interval below min-pause is raised to it (L321–326). */
export function baseIntervalMs(cfg: { intervalMs: number; minPauseMs: number }): number {
  return Math.max(cfg.intervalMs, cfg.minPauseMs);
}

/**
 * A checkpoint or savepoint is requested (`CheckpointRequestDecider.chooseRequestToExecute` with
 * a new request, L112–132): it joins the queue, and whatever the decider chooses runs.
 */
export function requestCheckpoint(ctx: StepContext, isSavepoint: boolean, periodic: boolean, savepointFormat?: SavepointFormatType, syncSavepoint?: SyncSavepointAction): void {
  const c = ctx.state.coordinator;
  const request: CheckpointTriggerRequest = { isSavepoint, periodic, requestedMs: ctx.nowMs, ...(isSavepoint ? { savepointFormat: savepointFormat ?? 'CANONICAL' } : {}), ...(syncSavepoint ? { syncSavepoint } : {}) };
  const q = c.queuedRequests;
  if (q.length >= MAX_QUEUED_REQUESTS && !q[q.length - 1]!.periodic) {
    // Only user requests are queued: they are kept and the new one is refused.
    ctx.emit('checkpoint.triggerSkipped', { reason: 'TOO_MANY_CHECKPOINT_REQUESTS', isSavepoint, periodic, pending: c.pending.length, rescheduledAtMs: null });
    return;
  }
  let at = q.findIndex((r) => compareRequests(request, r) < 0);
  if (at < 0) at = q.length;
  q.splice(at, 0, request);
  if (q.length > MAX_QUEUED_REQUESTS) {
    const dropped = q.pop()!;
    ctx.emit('checkpoint.triggerSkipped', { reason: 'TOO_MANY_CHECKPOINT_REQUESTS', isSavepoint: dropped.isSavepoint, periodic: dropped.periodic, pending: c.pending.length, rescheduledAtMs: null });
  }
  executeQueuedRequest(ctx);
  if (q.includes(request)) {
    ctx.emit('checkpoint.requestQueued', { isSavepoint, periodic, pending: c.pending.length, maxConcurrent: ctx.state.scenario.checkpointing.maxConcurrent, queued: q.length });
  }
}

/**
 * `CheckpointCoordinator.executeQueuedRequest`: runs the request the decider chooses, if any.
 * Called after every request, completion and abort (`scheduleTriggerRequest`, L1396, L2300).
 */
export function executeQueuedRequest(ctx: StepContext): void {
  const chosen = chooseRequestToExecute(ctx);
  if (chosen) startTriggeringCheckpoint(ctx, chosen);
}

/** `CheckpointRequestDecider.chooseRequestToExecute` (L150–181). */
function chooseRequestToExecute(ctx: StepContext): CheckpointTriggerRequest | null {
  const c = ctx.state.coordinator;
  const cfg = ctx.state.scenario.checkpointing;
  const q = c.queuedRequests;
  if (q.length === 0) return null;
  // Every pending checkpoint counts here, savepoints too (`pendingCheckpoints.size()`); only a
  // forced request (a savepoint) may start beyond the maximum.
  if (c.pending.length >= cfg.maxConcurrent) return isForce(q[0]!) ? q.shift()! : null;
  const first = q[0]!;
  if (!isForce(first) && first.periodic && c.lastCompletionMs !== null) {
    const delay = c.lastCompletionMs - ctx.nowMs + cfg.minPauseMs;
    if (delay > 0) {
      // Refused as MINIMUM_TIME_BETWEEN_CHECKPOINTS; the periodic trigger moves to last completion + min-pause.
      q.shift();
      rescheduleTrigger(ctx, delay);
      ctx.emit('checkpoint.triggerSkipped', { reason: 'MINIMUM_TIME_BETWEEN_CHECKPOINTS', isSavepoint: false, periodic: true, pending: c.pending.length, rescheduledAtMs: ctx.nowMs + delay });
      return null;
    }
  }
  return q.shift()!;
}

/** `CheckpointCoordinator.startTriggeringCheckpoint`: creates the pending checkpoint and sends the trigger RPCs. */
function startTriggeringCheckpoint(ctx: StepContext, request: CheckpointTriggerRequest): number | null {
  const c = ctx.state.coordinator;
  const cfg = ctx.state.scenario.checkpointing;
  const { isSavepoint } = request;
  if (!ctx.state.job.running) {
    // The checkpoint plan cannot be calculated while tasks are not running.
    ctx.emit('checkpoint.triggerSkipped', { reason: 'NOT_ALL_REQUIRED_TASKS_RUNNING', isSavepoint, periodic: request.periodic, pending: c.pending.length, rescheduledAtMs: null });
    return null;
  }
  const id = c.nextCheckpointId++;
  const tasks = ctx.state.job.topology.subtasks.map((s) => s.name);
  c.pending.push({ id, isSavepoint, triggerMs: ctx.nowMs, notYetAcknowledged: [...tasks], acks: {}, uploadedPaths: [] });
  const entry: CheckpointHistoryEntry = {
    id,
    status: 'IN_PROGRESS',
    isSavepoint,
    triggerMs: ctx.nowMs,
    latestAckMs: null,
    completeMs: null,
    failureReason: null,
    subsumed: false,
    checkpointedSize: 0,
    stateSize: 0,
    numSubtasks: tasks.length,
    numAcknowledgedSubtasks: 0,
    unaligned: false,
    persistedData: 0,
    processedData: 0,
    subtasks: {},
    taskFiles: {},
    ...(request.savepointFormat ? { savepointFormat: request.savepointFormat } : {}),
    ...(request.syncSavepoint ? { syncSavepoint: request.syncSavepoint } : {}),
  };
  c.history.push(entry);
  const timeoutAtMs = ctx.nowMs + cfg.timeoutMs;
  ctx.schedule(cfg.timeoutMs, { kind: 'checkpoint.timeout', checkpointId: id });
  ctx.emit('checkpoint.triggered', { checkpointId: id, isSavepoint, tasks: tasks.length, timeoutAtMs }, { task: 'jobmanager' });
  for (const task of Object.keys(ctx.state.job.sources)) {
    // Trigger RPCs reach different sources at slightly different times (seeded jitter), so
    // barriers reach downstream channels at different times and alignment has something to do.
    // RPCs to one task arrive in the order sent (one connection, FIFO): a trigger never
    // overtakes an earlier one to the same source, so a source injects barriers in trigger order.
    const jittered = ctx.nowMs + RPC_LATENCY_MS + ctx.randomInt(TRIGGER_JITTER_MS + 1);
    const arrivalMs = Math.max(jittered, c.triggerArrivalMs[task] ?? 0);
    c.triggerArrivalMs[task] = arrivalMs;
    ctx.schedule(arrivalMs - ctx.nowMs, { kind: 'task.trigger', task, checkpointId: id, isSavepoint, triggerMs: ctx.nowMs, ...savepointFormatField(request) });
  }
  return id;
}

/**
 * Flink's first periodic trigger comes after a random delay in [min-pause, base interval]
 * (`getRandomInitDelay`); the interval itself is raised to min-pause.
 */
export function schedulePeriodicCheckpoints(ctx: StepContext): void {
  const cfg = ctx.state.scenario.checkpointing;
  if (cfg.intervalMs <= 0) return;
  const interval = baseIntervalMs(cfg);
  const initialDelay = cfg.minPauseMs + ctx.randomInt(interval - cfg.minPauseMs + 1);
  scheduleTriggerWithDelay(ctx, initialDelay);
}

/** `scheduleTriggerWithDelay`: a new periodic trigger replaces the current one. */
function scheduleTriggerWithDelay(ctx: StepContext, delayMs: number): void {
  const c = ctx.state.coordinator;
  const generation = (c.periodicTrigger?.generation ?? 0) + 1;
  c.periodicTrigger = { generation, nextMs: ctx.nowMs + delayMs };
  ctx.schedule(delayMs, { kind: 'checkpoint.periodic', generation });
}

/** `rescheduleTrigger`: cancels the current periodic trigger and schedules one after `delayMs`. */
function rescheduleTrigger(ctx: StepContext, delayMs: number): void {
  if (ctx.state.coordinator.periodicTrigger === null) return; // periodic checkpoints are off
  scheduleTriggerWithDelay(ctx, delayMs);
}

/**
 * `ScheduledTrigger.run`: a cancelled trigger does nothing; the live one schedules its successor
 * at a fixed rate (next = previous + interval) and requests a periodic checkpoint.
 */
export function handlePeriodicTrigger(ctx: StepContext, item: QueueItemOf<'checkpoint.periodic'>): void {
  const c = ctx.state.coordinator;
  const live = c.periodicTrigger;
  if (!live || item.generation !== live.generation) return;
  live.nextMs += baseIntervalMs(ctx.state.scenario.checkpointing);
  ctx.schedule(Math.max(0, live.nextMs - ctx.nowMs), { kind: 'checkpoint.periodic', generation: live.generation });
  requestCheckpoint(ctx, false, true);
}
