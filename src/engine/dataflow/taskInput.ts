/**
 * A subtask's input side (Flink's `StreamTaskNetworkInput` with the barrier handler in front):
 * records that arrive are processed at once when the subtask is idle, or queued in arrival order.
 * Nothing arrives on a channel blocked by barrier alignment: its sender holds what follows the
 * barrier (channels.ts). A subtask with `processingMs` is busy that long per record; one whose
 * output is full waits for credit. Barriers and cancellation markers keep their place behind the
 * records of their channel, except an unaligned barrier, which overtakes them (unaligned.ts).
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { processRecord } from './recordFlow';
import type { ChannelRecord, QueuedInput } from '../job/channelState';
import { channelOf, drainChannel, flowOf, outputBackPressured } from './channels';
import { handleBarrier } from './barrierHandler';
import { processCancellationBarrier } from './cancelMarker';
import { recordChannelState } from './unaligned';
import { recordSerializedSize } from './channelStateHandle';
import { arrivingRecords, recordsPerBuffer } from './networkBuffers';

/** Wakes a subtask stopped by back-pressure: a source reads again, an operator processes again. */
export function wakeTask(ctx: StepContext, task: string): void {
  const job = ctx.state.job;
  const flow = job.flow[task];
  if (!flow) return;
  if (job.sources[task]) {
    for (const w of flow.waitingSources.splice(0)) ctx.schedule(0, w.log ? { kind: 'source.readLog', task, partition: w.partition } : { kind: 'source.tick', task, partition: w.partition });
    return;
  }
  if (!flow.busy && flow.queue.length > 0) {
    flow.busy = true;
    ctx.schedule(0, { kind: 'task.process', task });
  }
}

/** Processes one record and returns its credit; returns how long a slow operator is busy with it (`processingMs`). */
function consume(ctx: StepContext, task: string, from: string, r: ChannelRecord): number {
  const aligning = ctx.state.job.checkpointing[task]?.aligning;
  // Flink's CheckpointMetrics.bytesProcessedDuringAlignment: input taken from open channels while aligning.
  if (aligning) aligning.processedBytes = (aligning.processedBytes ?? 0) + recordSerializedSize(r);
  const ms = processRecord(ctx, task, from, r);
  drainChannel(ctx, from, task, (t) => wakeTask(ctx, t));
  return ms;
}

/** The subtask is busy for `ms` (the records it just took): a `task.process` frees it. */
function busyFor(ctx: StepContext, task: string, ms: number): void {
  if (ms <= 0) return;
  flowOf(ctx.state.job, task).busy = true;
  ctx.schedule(ms, { kind: 'task.process', task });
}

/**
 * Works through the queued input until the subtask is busy, blocked, or out of input. A slow
 * operator takes one record, or with network buffers up to a buffer's worth, per busy period;
 * a barrier or marker behind them waits until that time has passed.
 */
export function runTask(ctx: StepContext, task: string): void {
  const flow = ctx.state.job.flow[task];
  if (!flow) return;
  const perBuffer = recordsPerBuffer(ctx.state.scenario);
  let busyMs = 0;
  let taken = 0;
  while (!flow.busy && flow.queue.length > 0 && ctx.state.job.checkpointing[task]) {
    if (outputBackPressured(ctx, task)) break; // woken when credit returns downstream
    if (busyMs > 0 && flow.queue[0]!.kind !== 'record') break;
    const e = flow.queue.shift()!;
    if (e.kind === 'barrier') handleBarrier(ctx, task, e.from, e);
    else if (e.kind === 'cancel') processCancellationBarrier(ctx, task, e.from, e.checkpointId);
    else {
      busyMs += consume(ctx, task, e.from, e);
      taken += 1;
      if (busyMs > 0 && taken >= perBuffer) break;
    }
  }
  busyFor(ctx, task, busyMs);
}

/** A busy subtask finishes its record (or a woken one starts again). */
export function handleTaskProcess(ctx: StepContext, item: QueueItemOf<'task.process'>): void {
  const flow = ctx.state.job.flow[item.task];
  if (!flow) return;
  flow.busy = false;
  runTask(ctx, item.task);
}

/** A record's (or a network buffer's) transmission ends at `item.task`. */
export function onRecordArrive(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  const job = ctx.state.job;
  if (!job.checkpointing[item.task]) return; // the job was restarted; the record was in flight in the old attempt
  if (item.more) {
    onBufferArrive(ctx, item);
    return;
  }
  const r: ChannelRecord = { key: item.key, keyGroup: item.keyGroup, value: item.value, origin: item.origin };
  const ch = channelOf(job, item.from, item.task);
  ch.inTransit = Math.max(0, ch.inTransit - 1);
  // Unaligned checkpoint in progress: a record that arrives before its channel's barrier is in-flight data.
  recordChannelState(ctx, item.task, item.from, r);
  const flow = flowOf(job, item.task);
  if (flow.busy || flow.queue.length > 0 || outputBackPressured(ctx, item.task)) {
    const queued: QueuedInput = { from: item.from, kind: 'record', ...r };
    flow.queue.push(queued);
    if (!flow.busy) runTask(ctx, item.task);
    return;
  }
  busyFor(ctx, item.task, consume(ctx, item.task, item.from, r));
}

/** A whole buffer arrives: its records join the input queue in order, then the subtask works through them. */
function onBufferArrive(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  const job = ctx.state.job;
  const records = arrivingRecords(item);
  const ch = channelOf(job, item.from, item.task);
  ch.inTransit = Math.max(0, ch.inTransit - records.length);
  const flow = flowOf(job, item.task);
  for (const r of records) {
    recordChannelState(ctx, item.task, item.from, r);
    flow.queue.push({ from: item.from, kind: 'record', ...r });
  }
  if (!flow.busy) runTask(ctx, item.task);
}
