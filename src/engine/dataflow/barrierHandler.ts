/**
 * Barriers at a subtask with inputs. Exactly-once (`SingleCheckpointBarrierHandler`, aligned):
 * the first barrier of checkpoint n blocks its channel, records arriving behind it are held
 * back, and when barrier n has arrived on every input the task snapshots, forwards the barrier
 * and processes the held records. At-least-once (`CheckpointBarrierTracker`): nothing blocks;
 * the task snapshots once barrier n has arrived on every input. Unaligned checkpoints (and the
 * switch from aligned after `aligned-checkpoint-timeout`) are in unaligned.ts.
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { performCheckpoint } from '../snapshot/snapshotLifecycle';
import type { ChannelBarrier } from './channelState';
import { flowOf } from './channels';
import { runTask } from './taskInput';
import { onUnalignedBarrier, scheduleAlignmentTimeout, startsUnaligned, unalignedSnapshotOf } from './unaligned';

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

/** Whether the coordinator aborted checkpoint `id` (tasks learn it from the abort notification). */
export function isAborted(ctx: StepContext, id: number): boolean {
  const h = ctx.state.coordinator.history.find((x) => x.id === id);
  return h?.status === 'FAILED';
}

/** A barrier's transmission ends: handle it now, or queue it behind the records of its channel. */
export function handleBarrierArrive(ctx: StepContext, item: QueueItemOf<'barrier.arrive'>): void {
  const job = ctx.state.job;
  if (!job.checkpointing[item.task]) return; // the job was restarted; this barrier belongs to the old attempt
  const b: ChannelBarrier = { checkpointId: item.checkpointId, isSavepoint: item.isSavepoint, triggerMs: item.triggerMs };
  // An unaligned barrier overtakes the queued input; so does any barrier of a checkpoint this task already took unaligned.
  if (item.priority || unalignedSnapshotOf(ctx, item.task, item.checkpointId) || startsUnaligned(ctx, b)) {
    onUnalignedBarrier(ctx, item.task, item.from, b);
    return;
  }
  const flow = flowOf(job, item.task);
  // A barrier on a channel blocked by an alignment stays behind it like a record (aligned: the
  // channel is not read until `resumeConsumption`), so a newer barrier never cuts an alignment short.
  if (flow.busy || flow.queue.some((e) => e.from === item.from) || isChannelBlocked(ctx, item.task, item.from)) {
    flow.queue.push({ from: item.from, kind: 'barrier', ...b });
    scheduleAlignmentTimeout(ctx, item.task, b); // announced: the timeout runs while the barrier waits
    return;
  }
  handleBarrier(ctx, item.task, item.from, b);
}

/** Barrier `b` from channel `from`, in order with the channel's records (aligned or at-least-once). */
export function handleBarrier(ctx: StepContext, task: string, from: string, b: ChannelBarrier): void {
  const cp = ctx.state.job.checkpointing[task];
  if (!cp) return;
  if (unalignedSnapshotOf(ctx, task, b.checkpointId)) {
    onUnalignedBarrier(ctx, task, from, b); // this task switched to unaligned after the alignment timeout
    return;
  }
  const inputs = ctx.state.job.topology.inputs[task] ?? [];
  if (cp.lastCompletedCheckpointId >= b.checkpointId || cp.running.some((r) => r.checkpointId >= b.checkpointId)) return;
  if (cp.aligning && cp.aligning.checkpointId > b.checkpointId) return; // a late barrier of an abandoned checkpoint
  // The task was told the checkpoint was aborted (`notifyCheckpointAborted`, Flink's
  // CancelCheckpointMarker): its barrier starts no alignment that could never finish.
  if (isAborted(ctx, b.checkpointId)) return;
  if (!cp.aligning || cp.aligning.checkpointId < b.checkpointId) {
    if (cp.aligning) {
      // A newer checkpoint's barrier ends an older alignment (that checkpoint will be subsumed):
      // the held records came before this barrier, so they go first.
      releaseHeld(ctx, task);
      cp.aligning = null;
      if (flowOf(ctx.state.job, task).queue.some((e) => e.from === from)) {
        flowOf(ctx.state.job, task).queue.push({ from, kind: 'barrier', ...b });
        runTask(ctx, task);
        return;
      }
    }
    cp.aligning = { checkpointId: b.checkpointId, isSavepoint: b.isSavepoint, triggerMs: b.triggerMs, firstBarrierMs: ctx.nowMs, arrived: [] };
    scheduleAlignmentTimeout(ctx, task, b);
  }
  const a = cp.aligning;
  if (!a.arrived.includes(from)) a.arrived.push(from);
  const blocking = ctx.state.scenario.checkpointing.mode === 'exactly_once';
  ctx.emit('barrier.received', { checkpointId: a.checkpointId, from, arrived: a.arrived.length, of: inputs.length, blocked: blocking && a.arrived.length < inputs.length }, { task });
  if (a.arrived.length < inputs.length) {
    runTask(ctx, task); // input on the channels still open goes on
    return;
  }
  const alignmentDurationMs = ctx.nowMs - a.firstBarrierMs;
  cp.aligning = null;
  ctx.emit('barrier.aligned', { checkpointId: a.checkpointId, alignmentDurationMs, released: cp.held.length }, { task });
  performCheckpoint(ctx, { task, checkpointId: a.checkpointId, isSavepoint: a.isSavepoint, triggerMs: a.triggerMs, barrierFirstMs: a.firstBarrierMs, alignmentDurationMs, processedData: a.processedBytes ?? 0 });
  releaseHeld(ctx, task);
  // Input that queued behind the alignment on the unblocked channels can go on now.
  runTask(ctx, task);
}

/**
 * Unblocks every channel: held records go to the front of the input queue, in the order they
 * arrived, ahead of anything that arrives later on their channels (channels stay FIFO).
 */
export function releaseHeld(ctx: StepContext, task: string): void {
  const cp = ctx.state.job.checkpointing[task]!;
  if (cp.held.length === 0) return;
  const flow = flowOf(ctx.state.job, task);
  const toQueued = (r: (typeof cp.held)[number]) => ({ from: r.from, kind: 'record' as const, key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin });
  // A channel whose input still waits in the queue (behind a barrier that reached it while it was
  // blocked) gets its held records after that input: per channel, order is arrival order.
  const behind = cp.held.filter((r) => flow.queue.some((e) => e.from === r.from));
  const front = cp.held.filter((r) => !behind.includes(r));
  for (const r of behind) {
    const last = flow.queue.findLastIndex((e) => e.from === r.from);
    flow.queue.splice(last + 1, 0, toQueued(r));
  }
  flow.queue.unshift(...front.map(toQueued));
  cp.held = [];
}
