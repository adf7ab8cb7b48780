/**
 * Unaligned checkpoints (FLIP-76; Flink's `SingleCheckpointBarrierHandler` in its unaligned
 * states, `ChannelStateWriter`). The first barrier of checkpoint n overtakes every record queued
 * at the subtask: the subtask snapshots at once and sends the barrier on as a priority event that
 * overtakes its own waiting output. Nothing blocks. What the barrier overtook is in-flight data
 * and goes into the checkpoint as channel state: the queued input, every record that arrives on
 * another channel before that channel's barrier, and the waiting output. The checkpoint's upload
 * ends once every channel's barrier has arrived.
 *
 * Aligned with a timeout (`execution.checkpointing.aligned-checkpoint-timeout`): a checkpoint
 * starts aligned; a subtask still aligning at trigger time + timeout switches to unaligned, and a
 * sender whose barrier still waits in its output queue then sends it as a priority barrier
 * (outputTimeout.ts).
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { scheduleAsyncDoneIfReady } from '../job/asyncCheckpointPart';
import { triggerCheckpointOnBarrier } from './checkpointableTask';
import { encodeChannelState } from './channelStateHandle';
import { checkpointDir } from '../format/snapshotLocation';
import { randomFileName } from '../format/fileNames';
import type { RunningSnapshot } from '../job/taskCheckpointing';
import type { ChannelBarrier, ChannelRecord } from '../job/channelState';
import { flowOf, resumeConsumption } from './channels';
import { abortAlignment, isLateBarrier, resumeAllBlocked } from './barrierHandler';
import { runTask } from './taskInput';

/** Whether a barrier arriving now is handled unaligned from the start. */
export function startsUnaligned(ctx: StepContext, b: ChannelBarrier): boolean {
  const c = ctx.state.scenario.checkpointing;
  if (!c.unaligned || c.mode !== 'exactly_once' || b.isSavepoint) return false;
  return c.alignedCheckpointTimeoutMs === 0 || ctx.nowMs >= b.triggerMs + c.alignedCheckpointTimeoutMs;
}

/** The running snapshot of checkpoint `id` if this subtask took it unaligned. */
export function unalignedSnapshotOf(ctx: StepContext, task: string, id: number): RunningSnapshot | null {
  return ctx.state.job.checkpointing[task]?.running.find((r) => r.checkpointId === id && r.channelState) ?? null;
}

/** A record arriving before its channel's barrier while an unaligned snapshot waits for it: in-flight data. */
export function recordChannelState(ctx: StepContext, task: string, from: string, r: ChannelRecord): void {
  for (const running of ctx.state.job.checkpointing[task]?.running ?? []) {
    const cs = running.channelState;
    if (!cs || !cs.waitingFor.includes(from)) continue;
    cs.input.find((c) => c.channel === from)!.records.push(r);
  }
}

/**
 * A barrier handled unaligned: the first one starts the snapshot; later ones close their channel's
 * recording. `aligned`: it was sent as an aligned barrier, so its sender blocked the channel
 * (`AlternatingCollectingBarriersUnaligned#barrierReceived` books the channel as blocked); every
 * blocked channel is resumed once all barriers are in (`finishCheckpoint`: `unblockAllChannels`).
 */
export function onUnalignedBarrier(ctx: StepContext, task: string, from: string, b: ChannelBarrier, aligned: boolean): void {
  const cp = ctx.state.job.checkpointing[task]!;
  const inputs = ctx.state.job.topology.inputs[task] ?? [];
  const running = unalignedSnapshotOf(ctx, task, b.checkpointId);
  if (running) {
    const cs = running.channelState!;
    cs.waitingFor = cs.waitingFor.filter((c) => c !== from);
    if (aligned) cp.blocked.push({ from, checkpointId: b.checkpointId });
    ctx.emit('barrier.received', { checkpointId: b.checkpointId, from, arrived: inputs.length - cs.waitingFor.length, of: inputs.length, blocked: false }, { task });
    if (cs.waitingFor.length === 0) {
      finishChannelState(ctx, task, running);
      resumeAllBlocked(ctx, task);
    }
    return;
  }
  if (isLateBarrier(cp, b.checkpointId)) {
    if (aligned) resumeConsumption(ctx, task, from, b.checkpointId);
    return;
  }
  // A priority barrier (its sender timed out on the output side) can reach a subtask that is
  // still aligning this checkpoint: the channels whose barrier it processed carry post-barrier
  // data, so they add nothing (their senders stay blocked until every barrier is in).
  const same = cp.aligning?.checkpointId === b.checkpointId ? cp.aligning : null;
  const processed = same ? same.arrived : [];
  // An older alignment is given up: declined as subsumed (SingleCheckpointBarrierHandler L341–342).
  if (cp.aligning && !same) abortAlignment(ctx, task, cp.aligning.checkpointId, 'CHECKPOINT_DECLINED_SUBSUMED', `CHECKPOINT_DECLINED_SUBSUMED: barrier ${b.checkpointId} arrived before checkpoint ${cp.aligning.checkpointId} was aligned`);
  cp.currentCheckpointId = b.checkpointId;
  if (aligned) cp.blocked.push({ from, checkpointId: b.checkpointId });
  ctx.emit('barrier.received', { checkpointId: b.checkpointId, from, arrived: processed.length + 1, of: inputs.length, blocked: false }, { task });
  cp.aligning = null;
  startUnalignedSnapshot(ctx, task, b, processed, from, same?.firstBarrierMs ?? ctx.nowMs);
  resumeIfAllBarriersIn(ctx, task, b.checkpointId);
  runTask(ctx, task);
}

/** Every barrier of checkpoint `id` is in (or the snapshot was not taken): blocked channels are resumed. */
function resumeIfAllBarriersIn(ctx: StepContext, task: string, id: number): void {
  const r = unalignedSnapshotOf(ctx, task, id);
  if (!r || r.channelState!.waitingFor.length === 0) resumeAllBlocked(ctx, task);
}

/**
 * Snapshot now, with the in-flight data. Per input channel: nothing when its barrier was already
 * processed (what is queued or held there is after the barrier); every queued record of the
 * channel whose barrier just overtook them; the records queued ahead of its barrier when the
 * barrier waits in the queue (it is overtaken now); otherwise every queued record plus, from now
 * on, what arrives before its barrier (recording).
 */
function startUnalignedSnapshot(ctx: StepContext, task: string, b: ChannelBarrier, processed: string[], overtaking: string | null, firstBarrierMs: number): void {
  const inputs = ctx.state.job.topology.inputs[task] ?? [];
  const flow = flowOf(ctx.state.job, task);
  const barrierAt = (c: string) => flow.queue.findIndex((e) => e.from === c && e.kind === 'barrier' && e.checkpointId === b.checkpointId);
  const input = inputs.map((c) => {
    if (processed.includes(c)) return { channel: c, records: [] as ChannelRecord[] };
    const at = barrierAt(c);
    const ahead = at < 0 ? flow.queue : flow.queue.slice(0, at);
    return { channel: c, records: ahead.flatMap((e): ChannelRecord[] => (e.from === c && e.kind === 'record' ? [{ key: e.key, keyGroup: e.keyGroup, value: e.value, origin: e.origin }] : [])) };
  });
  const waitingFor = inputs.filter((c) => c !== overtaking && !processed.includes(c) && barrierAt(c) < 0);
  // The queued barriers of this checkpoint have done their work: they were overtaken by the snapshot.
  // Each was an aligned barrier, so its sender's channel is blocked until every barrier is in.
  const cp = ctx.state.job.checkpointing[task]!;
  for (const e of flow.queue) if (e.kind === 'barrier' && e.checkpointId === b.checkpointId && !e.priority) cp.blocked.push({ from: e.from, checkpointId: b.checkpointId });
  flow.queue = flow.queue.filter((e) => !(e.kind === 'barrier' && e.checkpointId === b.checkpointId));
  triggerCheckpointOnBarrier(ctx, { task, checkpointId: b.checkpointId, isSavepoint: false, triggerMs: b.triggerMs, barrierFirstMs: firstBarrierMs, alignmentDurationMs: ctx.nowMs - firstBarrierMs, unaligned: { input, waitingFor } });
}

/** Every barrier is in: write the channel state file and let the asynchronous part finish. */
export function finishChannelState(ctx: StepContext, task: string, running: RunningSnapshot): void {
  const cs = running.channelState!;
  const encoded = encodeChannelState({ input: cs.input, output: cs.output });
  if (encoded.input.length + encoded.output.length > 0) {
    const path = `${checkpointDir(ctx.state.coordinator.jobId, running.checkpointId, false)}/${randomFileName(ctx)}`;
    running.uploads.push({ path, bytes: encoded.bytes, meta: { scope: 'exclusive', kind: 'channel', task, checkpointId: running.checkpointId, writtenAtMs: ctx.nowMs, sst: null }, inputs: [] });
    running.state = { ...running.state, channel: { type: 'channel', input: encoded.input, output: encoded.output, delegate: { type: 'file', path, size: encoded.bytes.length } } };
    running.stateSize += encoded.bytes.length;
  }
  const records = (list: typeof cs.input) => list.reduce((n, c) => n + c.records.length, 0);
  ctx.emit('channel.statePersisted', { checkpointId: running.checkpointId, inputRecords: records(cs.input), outputRecords: records(cs.output), bytes: encoded.bytes.length }, { task });
  scheduleAsyncDoneIfReady(ctx, task, running);
}

/**
 * Starts the timer of the aligned-checkpoint timeout when the first barrier of a checkpoint
 * reaches the subtask, even if it still waits behind queued records (Flink learns of it from the
 * barrier announcement, a priority event sent ahead of the barrier).
 */
export function scheduleAlignmentTimeout(ctx: StepContext, task: string, b: ChannelBarrier): void {
  const c = ctx.state.scenario.checkpointing;
  if (!c.unaligned || c.mode !== 'exactly_once' || b.isSavepoint || c.alignedCheckpointTimeoutMs <= 0) return;
  const flow = flowOf(ctx.state.job, task);
  if ((flow.timeoutFor ?? 0) >= b.checkpointId) return;
  flow.timeoutFor = b.checkpointId;
  ctx.schedule(Math.max(0, b.triggerMs + c.alignedCheckpointTimeoutMs - ctx.nowMs), { kind: 'barrier.alignmentTimeout', task, checkpointId: b.checkpointId });
}

/** The timeout fires: a subtask still aligning this checkpoint (or with its barrier still queued) switches to unaligned. */
export function handleAlignmentTimeout(ctx: StepContext, item: QueueItemOf<'barrier.alignmentTimeout'>): void {
  const cp = ctx.state.job.checkpointing[item.task];
  const flow = ctx.state.job.flow[item.task];
  if (!cp || !flow) return;
  const a = cp.aligning?.checkpointId === item.checkpointId ? cp.aligning : null;
  const queued = flow.queue.find((e) => e.kind === 'barrier' && e.checkpointId === item.checkpointId);
  if (!a && !queued) return; // aligned in time, or nothing of this checkpoint reached the subtask
  if (cp.lastCompletedCheckpointId >= item.checkpointId || cp.running.some((r) => r.checkpointId >= item.checkpointId)) return;
  const b: ChannelBarrier = a ? { checkpointId: a.checkpointId, isSavepoint: a.isSavepoint, triggerMs: a.triggerMs } : { checkpointId: item.checkpointId, isSavepoint: false, triggerMs: (queued as ChannelBarrier).triggerMs };
  // An older alignment is given up: declined as subsumed.
  if (cp.aligning && !a) abortAlignment(ctx, item.task, cp.aligning.checkpointId, 'CHECKPOINT_DECLINED_SUBSUMED', `CHECKPOINT_DECLINED_SUBSUMED: checkpoint ${item.checkpointId} timed out to unaligned before checkpoint ${cp.aligning.checkpointId} was aligned`);
  cp.aligning = null;
  cp.currentCheckpointId = Math.max(cp.currentCheckpointId, b.checkpointId);
  const inputs = ctx.state.job.topology.inputs[item.task] ?? [];
  const processed = a?.arrived ?? [];
  const announced = flow.queue.filter((e) => e.kind === 'barrier' && e.checkpointId === item.checkpointId).length;
  ctx.emit('barrier.alignmentTimedOut', { checkpointId: b.checkpointId, afterMs: ctx.nowMs - b.triggerMs, arrived: processed.length + announced, of: inputs.length, blocked: cp.blocked.length }, { task: item.task });
  // The channels whose barrier was processed stay blocked at their senders until every barrier is in
  // (AlternatingCollectingBarriers#alignedCheckpointTimeout keeps the channel state).
  startUnalignedSnapshot(ctx, item.task, b, processed, null, a?.firstBarrierMs ?? ctx.nowMs);
  resumeIfAllBarriersIn(ctx, item.task, b.checkpointId);
  runTask(ctx, item.task);
}
