/**
 * Barriers at a subtask with inputs. Exactly-once (`SingleCheckpointBarrierHandler`, aligned):
 * the first barrier of checkpoint n starts the alignment; each aligned barrier blocked its
 * channel at the sender when it left (`PipelinedSubpartition#pollBuffer`), so nothing behind it
 * reaches this task; when barrier n has arrived on every input the task snapshots, forwards the
 * barrier and resumes consumption of every blocked channel (`AbstractAlignedBarrierHandlerState`:
 * `triggerGlobalCheckpoint`, then `unblockAllChannels`). At-least-once (`CheckpointBarrierTracker`):
 * nothing blocks; the task snapshots once barrier n has arrived on every input. Unaligned
 * checkpoints (and the switch from aligned after `aligned-checkpoint-timeout`) are in unaligned.ts,
 * `CancelCheckpointMarker` in cancelMarker.ts.
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { savepointFormatField } from '../format/savepointFormat';
import type { TaskCheckpointing } from '../job/taskCheckpointing';
import { triggerCheckpointOnBarrier } from './checkpointableTask';
import type { ChannelBarrier } from '../job/channelState';
import { flowOf, resumeConsumption } from './channels';
import { abortCheckpointOnBarrier } from './cancelMarker';
import { runTask } from './taskInput';
import { onUnalignedBarrier, scheduleAlignmentTimeout, startsUnaligned, unalignedSnapshotOf } from './unaligned';

/**
 * Whether a barrier of checkpoint `id` comes too late to start or join anything: an older
 * checkpoint than the newest this task heard of, or that one after its alignment ended or was
 * cancelled (`SingleCheckpointBarrierHandler#processBarrier`, first branch).
 */
export function isLateBarrier(cp: TaskCheckpointing, id: number): boolean {
  if (cp.lastCompletedCheckpointId >= id || cp.running.some((r) => r.checkpointId >= id)) return true;
  return id < cp.currentCheckpointId || (id === cp.currentCheckpointId && cp.aligning?.checkpointId !== id);
}

/** Every channel this task blocked is resumed (`ChannelState#unblockAllChannels`). */
export function resumeAllBlocked(ctx: StepContext, task: string): void {
  const cp = ctx.state.job.checkpointing[task];
  if (!cp) return;
  for (const b of cp.blocked) resumeConsumption(ctx, task, b.from, b.checkpointId);
  cp.blocked = [];
}

/**
 * The alignment of checkpoint `id` is given up (`SingleCheckpointBarrierHandler#abortInternal`):
 * blocked channels are resumed, and the task declines and tells its downstream tasks
 * (`notifyAbort` → `SubtaskCheckpointCoordinatorImpl#abortCheckpointOnBarrier`).
 */
export function abortAlignment(ctx: StepContext, task: string, id: number, reason: 'CHECKPOINT_DECLINED_SUBSUMED' | 'CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER', detail: string): void {
  const cp = ctx.state.job.checkpointing[task]!;
  cp.currentCheckpointId = Math.max(cp.currentCheckpointId, id);
  if (cp.aligning?.checkpointId === id) cp.aligning = null;
  resumeAllBlocked(ctx, task);
  abortCheckpointOnBarrier(ctx, task, id, reason, detail);
}

/** A barrier's transmission ends: handle it now, or queue it behind the records of its channel. */
export function handleBarrierArrive(ctx: StepContext, item: QueueItemOf<'barrier.arrive'>): void {
  const job = ctx.state.job;
  if (!job.checkpointing[item.task]) return; // the job was restarted; this barrier belongs to the old attempt
  const b: ChannelBarrier = { checkpointId: item.checkpointId, isSavepoint: item.isSavepoint, triggerMs: item.triggerMs, ...savepointFormatField(item) };
  // An unaligned barrier overtakes the queued input; so does any barrier of a checkpoint this task already took unaligned.
  if (item.priority || unalignedSnapshotOf(ctx, item.task, item.checkpointId) || startsUnaligned(ctx, b)) {
    onUnalignedBarrier(ctx, item.task, item.from, b, !item.priority && ctx.state.scenario.checkpointing.mode === 'exactly_once');
    return;
  }
  const flow = flowOf(job, item.task);
  if (flow.busy || flow.queue.some((e) => e.from === item.from)) {
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
  // An in-order barrier of an exactly-once checkpoint is an aligned one: its sender blocked the channel.
  const aligned = ctx.state.scenario.checkpointing.mode === 'exactly_once';
  if (unalignedSnapshotOf(ctx, task, b.checkpointId)) {
    onUnalignedBarrier(ctx, task, from, b, aligned); // this task switched to unaligned after the alignment timeout
    return;
  }
  if (isLateBarrier(cp, b.checkpointId)) {
    // Nothing to align: the channel is resumed at once (SingleCheckpointBarrierHandler L219–224).
    if (aligned) resumeConsumption(ctx, task, from, b.checkpointId);
    return;
  }
  const inputs = ctx.state.job.topology.inputs[task] ?? [];
  if (!cp.aligning || cp.aligning.checkpointId < b.checkpointId) {
    // A newer barrier while an older checkpoint is still aligning (SingleCheckpointBarrierHandler
    // L341–342, `cancelSubsumedCheckpoint` L451–458): the older one is declined at once as
    // CHECKPOINT_DECLINED_SUBSUMED, not left pending until it expires.
    if (cp.aligning && aligned) {
      abortAlignment(ctx, task, cp.aligning.checkpointId, 'CHECKPOINT_DECLINED_SUBSUMED', `CHECKPOINT_DECLINED_SUBSUMED: barrier ${b.checkpointId} arrived before checkpoint ${cp.aligning.checkpointId} was aligned`);
    }
    cp.aligning = { checkpointId: b.checkpointId, isSavepoint: b.isSavepoint, triggerMs: b.triggerMs, firstBarrierMs: ctx.nowMs, arrived: [], ...savepointFormatField(b) };
    cp.currentCheckpointId = b.checkpointId;
    scheduleAlignmentTimeout(ctx, task, b);
  }
  const a = cp.aligning;
  if (!a.arrived.includes(from)) a.arrived.push(from);
  if (aligned) cp.blocked.push({ from, checkpointId: a.checkpointId });
  ctx.emit('barrier.received', { checkpointId: a.checkpointId, from, arrived: a.arrived.length, of: inputs.length, blocked: aligned && a.arrived.length < inputs.length }, { task });
  if (a.arrived.length < inputs.length) {
    runTask(ctx, task); // input on the channels still open goes on
    return;
  }
  const alignmentDurationMs = ctx.nowMs - a.firstBarrierMs;
  cp.aligning = null;
  ctx.emit('barrier.aligned', { checkpointId: a.checkpointId, alignmentDurationMs, resumed: cp.blocked.length }, { task });
  triggerCheckpointOnBarrier(ctx, { task, checkpointId: a.checkpointId, isSavepoint: a.isSavepoint, triggerMs: a.triggerMs, barrierFirstMs: a.firstBarrierMs, alignmentDurationMs, processedData: a.processedBytes ?? 0, ...savepointFormatField(a) });
  // After the snapshot (and the barrier forwarded), the senders may send again.
  resumeAllBlocked(ctx, task);
  runTask(ctx, task);
}
