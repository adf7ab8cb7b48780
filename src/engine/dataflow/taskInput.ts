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

/** Processes one record and returns its credit; a slow operator stays busy for `processingMs`. */
function consume(ctx: StepContext, task: string, from: string, r: ChannelRecord): void {
  const aligning = ctx.state.job.checkpointing[task]?.aligning;
  // Flink's CheckpointMetrics.bytesProcessedDuringAlignment: input taken from open channels while aligning.
  if (aligning) aligning.processedBytes = (aligning.processedBytes ?? 0) + recordSerializedSize(r);
  const ms = processRecord(ctx, task, from, r);
  drainChannel(ctx, from, task, (t) => wakeTask(ctx, t));
  if (ms > 0) {
    flowOf(ctx.state.job, task).busy = true;
    ctx.schedule(ms, { kind: 'task.process', task });
  }
}

/** Works through the queued input until the subtask is busy, blocked, or out of input. */
export function runTask(ctx: StepContext, task: string): void {
  const flow = ctx.state.job.flow[task];
  if (!flow) return;
  while (!flow.busy && flow.queue.length > 0 && ctx.state.job.checkpointing[task]) {
    if (outputBackPressured(ctx, task)) return; // woken when credit returns downstream
    const e = flow.queue.shift()!;
    if (e.kind === 'barrier') handleBarrier(ctx, task, e.from, e);
    else if (e.kind === 'cancel') processCancellationBarrier(ctx, task, e.from, e.checkpointId);
    else consume(ctx, task, e.from, e);
  }
}

/** A busy subtask finishes its record (or a woken one starts again). */
export function handleTaskProcess(ctx: StepContext, item: QueueItemOf<'task.process'>): void {
  const flow = ctx.state.job.flow[item.task];
  if (!flow) return;
  flow.busy = false;
  runTask(ctx, item.task);
}

/** A record's transmission ends at `item.task`. */
export function onRecordArrive(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  const job = ctx.state.job;
  if (!job.checkpointing[item.task]) return; // the job was restarted; the record was in flight in the old attempt
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
  consume(ctx, item.task, item.from, r);
}
