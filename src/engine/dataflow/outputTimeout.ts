/**
 * The aligned-checkpoint timeout on the output side (Flink ≥ 1.14: `SubtaskCheckpointCoordinatorImpl`
 * registers an alignment timer after broadcasting a timeoutable barrier, and
 * `PipelinedSubpartition#alignedBarrierTimeout` acts on it). A back-pressured sender's barrier
 * can wait in its output queue behind records that have no credit, so its receivers never even
 * see it and cannot time out their alignment. At trigger time + timeout the sender turns such a
 * barrier into a priority one: it jumps the queue, and the records it overtook are persisted as
 * output channel state (they are still sent afterwards; the receiver processes them after its
 * snapshot). The sender's snapshot is acknowledged only once every such barrier has left its queue
 * or was converted, as Flink's asynchronous part waits for the output channel-state futures.
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import type { RunningSnapshot } from '../job/taskCheckpointing';
import { channelKey, type ChannelBarrier, type ChannelRecord, type OutputElement } from '../job/channelState';
import { finishChannelState } from './unaligned';
import { scheduleAsyncDoneIfReady } from '../job/asyncCheckpointPart';
import { transmitBarrier } from './channels';

/** Whether checkpoint barrier `b` is an aligned barrier that may time out to unaligned. */
export function isTimeoutable(ctx: StepContext, b: ChannelBarrier): boolean {
  const c = ctx.state.scenario.checkpointing;
  return c.unaligned && c.mode === 'exactly_once' && !b.isSavepoint && c.alignedCheckpointTimeoutMs > 0;
}

/** After the barrier was broadcast: remember the channels where it waits, and start the timer. */
export function watchQueuedBarriers(ctx: StepContext, task: string, running: RunningSnapshot, b: ChannelBarrier): void {
  if (!isTimeoutable(ctx, b)) return;
  const pending = (ctx.state.job.topology.outputs[task] ?? []).filter((to) =>
    ctx.state.job.channels[channelKey(task, to)]?.outQueue.some((e) => e.kind === 'barrier' && e.checkpointId === b.checkpointId),
  );
  if (pending.length === 0) return;
  running.outputPending = pending;
  const timeout = ctx.state.scenario.checkpointing.alignedCheckpointTimeoutMs;
  ctx.schedule(Math.max(0, b.triggerMs + timeout - ctx.nowMs), { kind: 'barrier.outputTimeout', task, checkpointId: b.checkpointId });
}

/** The snapshot no longer waits for `to`; once it waits for no channel, its upload can start. */
function settle(ctx: StepContext, task: string, running: RunningSnapshot, channels: string[]): void {
  running.outputPending = running.outputPending!.filter((c) => !channels.includes(c));
  if (running.outputPending.length > 0) return;
  delete running.outputPending;
  if (running.channelState && running.channelState.waitingFor.length === 0) finishChannelState(ctx, task, running);
  else scheduleAsyncDoneIfReady(ctx, task, running);
}

/** A queued barrier of checkpoint `id` left from→to in order (credit came back before the timeout). */
export function onQueuedBarrierSent(ctx: StepContext, from: string, to: string, id: number): void {
  const running = ctx.state.job.checkpointing[from]?.running.find((r) => r.checkpointId === id);
  if (running?.outputPending?.includes(to)) settle(ctx, from, running, [to]);
}

/** Trigger time + timeout: every barrier of the checkpoint still queued jumps ahead as a priority barrier. */
export function handleOutputTimeout(ctx: StepContext, item: QueueItemOf<'barrier.outputTimeout'>): void {
  const running = ctx.state.job.checkpointing[item.task]?.running.find((r) => r.checkpointId === item.checkpointId);
  const pending = running?.outputPending;
  if (!running || !pending || pending.length === 0) return; // every barrier left in time, or the checkpoint is gone
  running.channelState ??= { input: [], output: [], waitingFor: [] };
  let overtaken = 0;
  let triggerMs = ctx.nowMs;
  for (const to of pending) {
    const ch = ctx.state.job.channels[channelKey(item.task, to)]!;
    const at = ch.outQueue.findIndex((e) => e.kind === 'barrier' && e.checkpointId === item.checkpointId);
    const barrier = ch.outQueue[at] as Extract<OutputElement, { kind: 'barrier' }>;
    const records = ch.outQueue.slice(0, at).flatMap((e): ChannelRecord[] => (e.kind === 'record' ? [{ key: e.key, keyGroup: e.keyGroup, value: e.value, origin: e.origin }] : []));
    ch.outQueue.splice(at, 1);
    running.channelState!.output.push({ channel: to, records });
    overtaken += records.length;
    triggerMs = barrier.triggerMs;
    const { kind: _k, priority: _p, ...b } = barrier;
    // A subpartition still blocked by an older aligned barrier lets nothing out: it leaves first once resumed.
    if (ch.blockedBy != null) ch.outQueue.unshift({ kind: 'barrier', priority: true, ...b });
    else transmitBarrier(ctx, ch, b, true);
  }
  ctx.emit('barrier.outputTimedOut', { checkpointId: item.checkpointId, afterMs: ctx.nowMs - triggerMs, channels: [...pending], outputRecords: overtaken }, { task: item.task });
  settle(ctx, item.task, running, [...pending]);
}
