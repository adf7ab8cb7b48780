/**
 * Barriers at a subtask with inputs. Exactly-once (`SingleCheckpointBarrierHandler`, aligned):
 * the first barrier of checkpoint n blocks its channel, records arriving behind it are held
 * back, and when barrier n has arrived on every input the task snapshots, forwards the barrier
 * and processes the held records. At-least-once (`CheckpointBarrierTracker`): nothing blocks;
 * the task snapshots once barrier n has arrived on every input.
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { performCheckpoint } from '../snapshot/snapshotLifecycle';

/** True when a record from `from` must wait: its channel already delivered the barrier being aligned. */
export function isChannelBlocked(ctx: StepContext, task: string, from: string): boolean {
  if (ctx.state.scenario.checkpointing.mode !== 'exactly_once') return false;
  const a = ctx.state.job.checkpointing[task]?.aligning;
  return !!a && a.arrived.includes(from);
}

/** Holds a record that arrived on a blocked channel. */
export function holdRecord(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  const cp = ctx.state.job.checkpointing[item.task]!;
  cp.held.push({ from: item.from, origin: item.origin, key: item.key, keyGroup: item.keyGroup, value: item.value });
  ctx.emit('record.held', { checkpointId: cp.aligning!.checkpointId, from: item.from, key: item.key, value: item.value, held: cp.held.length }, { task: item.task });
}

export function handleBarrierArrive(ctx: StepContext, item: QueueItemOf<'barrier.arrive'>): void {
  const cp = ctx.state.job.checkpointing[item.task];
  if (!cp) return; // the job was restarted; this barrier belongs to the old attempt
  const inputs = ctx.state.job.topology.inputs[item.task] ?? [];
  if (cp.lastCompletedCheckpointId >= item.checkpointId || cp.running.some((r) => r.checkpointId >= item.checkpointId)) return;
  if (cp.aligning && cp.aligning.checkpointId > item.checkpointId) return; // a late barrier of an abandoned checkpoint
  if (!cp.aligning || cp.aligning.checkpointId < item.checkpointId) {
    // A newer checkpoint's barrier ends any older alignment (that checkpoint will be subsumed).
    if (cp.aligning) releaseHeld(ctx, item.task);
    cp.aligning = { checkpointId: item.checkpointId, isSavepoint: item.isSavepoint, triggerMs: item.triggerMs, firstBarrierMs: ctx.nowMs, arrived: [] };
  }
  const a = cp.aligning;
  if (!a.arrived.includes(item.from)) a.arrived.push(item.from);
  const blocking = ctx.state.scenario.checkpointing.mode === 'exactly_once';
  ctx.emit('barrier.received', { checkpointId: a.checkpointId, from: item.from, arrived: a.arrived.length, of: inputs.length, blocked: blocking && a.arrived.length < inputs.length }, { task: item.task });
  if (a.arrived.length < inputs.length) return;
  const alignmentDurationMs = ctx.nowMs - a.firstBarrierMs;
  cp.aligning = null;
  ctx.emit('barrier.aligned', { checkpointId: a.checkpointId, alignmentDurationMs, released: cp.held.length }, { task: item.task });
  performCheckpoint(ctx, { task: item.task, checkpointId: a.checkpointId, isSavepoint: a.isSavepoint, triggerMs: a.triggerMs, barrierFirstMs: a.firstBarrierMs, alignmentDurationMs });
  releaseHeld(ctx, item.task);
}

/** Unblocks every channel: held records are processed next, in the order they arrived. */
export function releaseHeld(ctx: StepContext, task: string): void {
  const cp = ctx.state.job.checkpointing[task]!;
  for (const r of cp.held) ctx.schedule(0, { kind: 'record.arrive', task, from: r.from, origin: r.origin, key: r.key, keyGroup: r.keyGroup, value: r.value });
  cp.held = [];
}
