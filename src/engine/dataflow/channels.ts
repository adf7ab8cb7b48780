/**
 * Sending over network channels with credit-based flow control (see channelState.ts): a record
 * goes on the wire only while the receiver has credit for the channel; otherwise it waits in the
 * sender's output queue. Consuming a record at the receiver returns its credit, which sends the
 * next waiting element. A barrier needs no credit but keeps its place in the queue (aligned and
 * at-least-once), or overtakes every waiting record (unaligned: a priority event). An aligned
 * barrier blocks its subpartition when it leaves (`PipelinedSubpartition#pollBuffer`): what
 * follows it waits at the sender until the receiver, done aligning, resumes consumption.
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { savepointFormatField } from '../format/savepointFormat';
import type { JobState } from '../job/jobState';
import { HOP_LATENCY_MS } from '../job/latencies';
import { onQueuedBarrierSent } from './outputTimeout';
import { recordsPerBuffer } from './networkBuffers';
import { channelKey, type ChannelBarrier, type ChannelOutState, type ChannelRecord, type OutputElement, type TaskFlowState } from '../job/channelState';

export function channelOf(job: JobState, from: string, to: string): ChannelOutState {
  const key = channelKey(from, to);
  job.channels[key] ??= { from, to, outQueue: [], inTransit: 0 };
  return job.channels[key];
}

export function flowOf(job: JobState, task: string): TaskFlowState {
  job.flow[task] ??= { queue: [], busy: false, waitingSources: [] };
  return job.flow[task];
}

/** A channel's credit in records: `channelCapacity` buffers of `recordsPerBuffer` records each. */
function capacity(ctx: StepContext): number {
  return ctx.state.scenario.job.channelCapacity * recordsPerBuffer(ctx.state.scenario);
}

/** Buffers of channel from→to in use at the receiver's side: on the wire or queued. */
export function creditsUsed(ctx: StepContext, from: string, to: string): number {
  const job = ctx.state.job;
  const ch = job.channels[channelKey(from, to)];
  let n = ch?.inTransit ?? 0;
  for (const e of job.flow[to]?.queue ?? []) if (e.from === from && e.kind === 'record') n += 1;
  return n;
}

function transmit(ctx: StepContext, ch: ChannelOutState, r: ChannelRecord): void {
  ch.inTransit += 1;
  const perBuffer = recordsPerBuffer(ctx.state.scenario);
  if (perBuffer > 1) {
    // The buffer this step already sends on the channel takes the record while it has room.
    const key = channelKey(ch.from, ch.to);
    const open = ctx.openBuffers.get(key);
    if (open && 1 + (open.more?.length ?? 0) < perBuffer) {
      (open.more ??= []).push({ key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin });
      return;
    }
    const item: QueueItemOf<'record.arrive'> = { kind: 'record.arrive', task: ch.to, from: ch.from, key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin };
    ctx.openBuffers.set(key, item);
    ctx.schedule(HOP_LATENCY_MS, item);
    return;
  }
  ctx.schedule(HOP_LATENCY_MS, { kind: 'record.arrive', task: ch.to, from: ch.from, key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin });
}

/** An event sent on from→to goes between buffers: records sent after it start a new buffer. */
function closeBuffer(ctx: StepContext, from: string, to: string): void {
  if (ctx.openBuffers.size > 0) ctx.openBuffers.delete(channelKey(from, to));
}

/**
 * A barrier leaves the sender. An aligned one (exactly-once, not a priority event: Flink's
 * `ALIGNED_CHECKPOINT_BARRIER`, `CheckpointOptions#needsAlignment`) blocks the subpartition.
 */
export function transmitBarrier(ctx: StepContext, ch: ChannelOutState, b: ChannelBarrier, priority: boolean): void {
  closeBuffer(ctx, ch.from, ch.to);
  ctx.schedule(HOP_LATENCY_MS, { kind: 'barrier.arrive', task: ch.to, from: ch.from, checkpointId: b.checkpointId, isSavepoint: b.isSavepoint, triggerMs: b.triggerMs, ...(priority ? { priority: true } : {}), ...savepointFormatField(b) });
  if (priority || ctx.state.scenario.checkpointing.mode !== 'exactly_once') return;
  ch.blockedBy = b.checkpointId;
  ctx.emit('channel.blocked', { to: ch.to, checkpointId: b.checkpointId }, { task: ch.from });
}

/** Sends a record from→to now, or queues it at the sender until the receiver grants credit (or resumes a blocked channel). */
export function sendRecord(ctx: StepContext, from: string, to: string, r: ChannelRecord): void {
  const ch = channelOf(ctx.state.job, from, to);
  if (ch.blockedBy == null && ch.outQueue.length === 0 && creditsUsed(ctx, from, to) < capacity(ctx)) {
    transmit(ctx, ch, r);
    return;
  }
  ch.outQueue.push({ kind: 'record', ...r });
  if (ch.blockedBy != null) {
    // Behind an aligned barrier: the record waits at the sender while the receiver aligns.
    ctx.emit('record.held', { checkpointId: ch.blockedBy, to, key: r.key, value: r.value, held: ch.outQueue.length }, { task: from });
    return;
  }
  if (ch.outQueue.length === 1) ctx.emit('channel.backPressured', { to, queued: 1, capacity: capacity(ctx) }, { task: from });
}

/**
 * `CancelCheckpointMarker` from→to: an ordinary event, in order behind what the sender already
 * queued (`RecordWriter#broadcastEvent`), that tells the receiver to stop waiting for barrier n.
 */
export function sendCancelMarker(ctx: StepContext, from: string, to: string, checkpointId: number): void {
  const ch = channelOf(ctx.state.job, from, to);
  if (ch.blockedBy == null && ch.outQueue.length === 0) {
    closeBuffer(ctx, from, to);
    ctx.schedule(HOP_LATENCY_MS, { kind: 'cancelMarker.arrive', task: to, from, checkpointId });
  } else ch.outQueue.push({ kind: 'cancel', checkpointId });
}

/**
 * The receiver resumes consumption of a channel it blocked (`CheckpointableInput#resumeConsumption`);
 * the request reaches the sender over the network.
 */
export function resumeConsumption(ctx: StepContext, task: string, from: string, checkpointId: number): void {
  ctx.schedule(HOP_LATENCY_MS, { kind: 'channel.resume', task: from, to: task, checkpointId });
}

/** The resume request reaches the sender: its subpartition sends again (`PipelinedSubpartition#resumeConsumption`). */
export function handleChannelResume(ctx: StepContext, item: QueueItemOf<'channel.resume'>, wake: (task: string) => void): void {
  const ch = ctx.state.job.channels[channelKey(item.task, item.to)];
  if (!ch || ch.blockedBy !== item.checkpointId) return; // the job was restarted meanwhile
  ch.blockedBy = null;
  ctx.emit('channel.resumed', { to: item.to, checkpointId: item.checkpointId, waiting: ch.outQueue.length }, { task: item.task });
  drainChannel(ctx, item.task, item.to, wake);
  if (ch.outQueue.length === 0 && !outputBackPressured(ctx, item.task)) wake(item.task);
}

/**
 * Sends barrier `b` from→to. In order (behind waiting records), or as a priority event that
 * overtakes them (unaligned). Returns the records it overtook: the sender's output channel state.
 */
export function sendBarrier(ctx: StepContext, from: string, to: string, b: ChannelBarrier, priority: boolean): ChannelRecord[] {
  const ch = channelOf(ctx.state.job, from, to);
  if (priority) {
    const overtaken = ch.outQueue.filter((e): e is Extract<OutputElement, { kind: 'record' }> => e.kind === 'record').map(({ kind: _k, ...r }) => r);
    // A blocked subpartition lets nothing out, priority events included: it goes first once resumed.
    if (ch.blockedBy != null) ch.outQueue.unshift({ kind: 'barrier', priority: true, ...b });
    else transmitBarrier(ctx, ch, b, true);
    return overtaken;
  }
  if (ch.blockedBy == null && ch.outQueue.length === 0) transmitBarrier(ctx, ch, b, false);
  else ch.outQueue.push({ kind: 'barrier', ...b });
  return [];
}

/** Whether any output channel of `task` is full: the task must wait (back-pressure). */
export function outputBackPressured(ctx: StepContext, task: string): boolean {
  const outputs = ctx.state.job.topology.outputs[task];
  if (outputs === undefined) return false;
  const cap = capacity(ctx);
  const channels = ctx.state.job.channels;
  for (const key of outputKeys(task, outputs)) {
    const ch = channels[key];
    if (ch && ch.outQueue.length >= cap) return true;
  }
  return false;
}

/**
 * The channel keys of a sender's outputs, remembered per outputs array: asked on every record a
 * source reads and every record an operator takes. A new topology (restore, rescale, snapshot
 * copy) has new arrays, so its keys are looked up afresh; the arrays are never changed in place.
 */
const OUTPUT_KEYS = new WeakMap<readonly string[], string[]>();

function outputKeys(task: string, outputs: readonly string[]): string[] {
  let keys = OUTPUT_KEYS.get(outputs);
  if (keys === undefined || keys.length !== outputs.length) OUTPUT_KEYS.set(outputs, (keys = outputs.map((to) => channelKey(task, to))));
  return keys;
}

/**
 * Credit came back on from→to (the receiver consumed a record): send what waits, then wake the
 * sender if it was stopped by a full output.
 */
export function drainChannel(ctx: StepContext, from: string, to: string, wake: (task: string) => void): void {
  const ch = ctx.state.job.channels[channelKey(from, to)];
  if (!ch || ch.outQueue.length === 0) return;
  const cap = capacity(ctx);
  while (ch.outQueue.length > 0 && ch.blockedBy == null) {
    const head = ch.outQueue[0]!;
    if (head.kind === 'cancel') {
      ch.outQueue.shift();
      closeBuffer(ctx, from, to);
      ctx.schedule(HOP_LATENCY_MS, { kind: 'cancelMarker.arrive', task: to, from, checkpointId: head.checkpointId });
      continue;
    }
    if (head.kind === 'barrier') {
      ch.outQueue.shift();
      const { kind: _k, priority, ...b } = head;
      transmitBarrier(ctx, ch, b, !!priority);
      if (!priority) onQueuedBarrierSent(ctx, from, to, head.checkpointId);
      continue;
    }
    if (creditsUsed(ctx, from, to) >= cap) break;
    ch.outQueue.shift();
    transmit(ctx, ch, head);
  }
  if (ch.outQueue.length === 0) ctx.emit('channel.released', { to }, { task: from });
  if (!outputBackPressured(ctx, from)) wake(from);
}
