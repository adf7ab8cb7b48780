/**
 * Triggering (Flink's `CheckpointCoordinator.triggerCheckpoint` and its periodic scheduler):
 * checks max-concurrent and min-pause, creates a `PendingCheckpoint` with its timeout, and sends
 * the trigger to every source subtask.
 */
import { RPC_LATENCY_MS, TRIGGER_JITTER_MS } from '../job/latencies';
import type { StepContext } from '../stepContext';
import type { CheckpointHistoryEntry } from './coordinatorState';

/** Starts a checkpoint (or savepoint) now if the coordinator's rules allow; returns its id or null. */
export function triggerCheckpoint(ctx: StepContext, isSavepoint: boolean, periodic: boolean): number | null {
  const c = ctx.state.coordinator;
  const cfg = ctx.state.scenario.checkpointing;
  const pendingCheckpoints = c.pending.filter((p) => !p.isSavepoint).length;
  if (!ctx.state.job.running) {
    ctx.emit('checkpoint.triggerSkipped', { reason: 'job-not-running', pending: pendingCheckpoints });
    return null;
  }
  if (!isSavepoint && pendingCheckpoints >= cfg.maxConcurrent) {
    ctx.emit('checkpoint.triggerSkipped', { reason: 'max-concurrent', pending: pendingCheckpoints });
    return null;
  }
  if (!isSavepoint && periodic && c.lastCompletionMs !== null && ctx.nowMs < c.lastCompletionMs + cfg.minPauseMs) {
    ctx.emit('checkpoint.triggerSkipped', { reason: 'min-pause', pending: pendingCheckpoints });
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
    subtasks: {},
    taskFiles: {},
  };
  c.history.push(entry);
  const timeoutAtMs = ctx.nowMs + cfg.timeoutMs;
  ctx.schedule(cfg.timeoutMs, { kind: 'checkpoint.timeout', checkpointId: id });
  ctx.emit('checkpoint.triggered', { checkpointId: id, isSavepoint, tasks: tasks.length, timeoutAtMs }, { task: 'jobmanager' });
  for (const task of Object.keys(ctx.state.job.sources)) {
    // Trigger RPCs reach sources at slightly different times (seeded jitter), so barriers reach
    // downstream channels at different times and alignment has something to do.
    ctx.schedule(RPC_LATENCY_MS + ctx.randomInt(TRIGGER_JITTER_MS + 1), { kind: 'task.trigger', task, checkpointId: id, isSavepoint, triggerMs: ctx.nowMs });
  }
  return id;
}

/** Flink's first periodic trigger comes after a random delay in [min-pause, interval]. */
export function schedulePeriodicCheckpoints(ctx: StepContext): void {
  const cfg = ctx.state.scenario.checkpointing;
  if (cfg.intervalMs <= 0) return;
  const lo = Math.min(cfg.minPauseMs, cfg.intervalMs);
  const initialDelay = lo + ctx.randomInt(cfg.intervalMs - lo + 1);
  ctx.schedule(initialDelay, { kind: 'checkpoint.periodic' });
}

/** The periodic scheduler fires at a fixed rate. */
export function handlePeriodicTrigger(ctx: StepContext): void {
  triggerCheckpoint(ctx, false, true);
  ctx.schedule(ctx.state.scenario.checkpointing.intervalMs, { kind: 'checkpoint.periodic' });
}
