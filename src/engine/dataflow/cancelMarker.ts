/**
 * `CancelCheckpointMarker`: the event a task sends downstream instead of barrier n when it will
 * not take checkpoint n, so that downstream tasks stop aligning for it.
 * - Sent by `SubtaskCheckpointCoordinatorImpl#abortCheckpointOnBarrier` (the task gave up the
 *   checkpoint at its barrier: it declines it to the JobManager and broadcasts the marker), and by
 *   `checkpointState` when barrier n completes an alignment for a checkpoint the JobManager already
 *   said was aborted (the marker alone, no decline: L303–306).
 * - Received by `SingleCheckpointBarrierHandler#processCancellationBarrier`: an alignment of n
 *   (or one not yet started) is aborted, blocked channels are resumed, and the task in turn
 *   declines and forwards the marker (CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER).
 */
import { RPC_LATENCY_MS } from '../job/latencies';
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { releaseRunning } from '../job/asyncCheckpointPart';
import { flowOf, sendCancelMarker } from './channels';
import { abortAlignment } from './barrierHandler';
import { runTask } from './taskInput';
import { unalignedSnapshotOf } from './unaligned';

export type TaskDeclineReason = 'CHECKPOINT_DECLINED' | 'CHECKPOINT_DECLINED_SUBSUMED' | 'CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER';

/** Broadcasts `CancelCheckpointMarker(id)` on every output channel of `task`. */
export function broadcastCancelMarker(ctx: StepContext, task: string, id: number, why: 'declined' | 'aborted'): void {
  const outputs = ctx.state.job.topology.outputs[task] ?? [];
  if (outputs.length === 0) return;
  for (const to of outputs) sendCancelMarker(ctx, task, to, id);
  ctx.emit('cancelMarker.sent', { checkpointId: id, to: outputs, why }, { task });
}

/**
 * `abortCheckpointOnBarrier`: the task declines checkpoint `id` (`DeclineCheckpoint`, an RPC to
 * the JobManager) and tells its downstream tasks not to wait for its barrier. A snapshot of `id`
 * still running here (an unaligned one waiting for barriers) is dropped.
 */
export function abortCheckpointOnBarrier(ctx: StepContext, task: string, id: number, reason: TaskDeclineReason, detail: string): void {
  const cp = ctx.state.job.checkpointing[task]!;
  cp.lastCheckpointId = Math.max(cp.lastCheckpointId, id);
  releaseRunning(ctx, task, id); // channelStateWriter.abort: an unaligned snapshot's in-flight data is dropped
  ctx.emit('checkpoint.declined', { checkpointId: id, reason: detail }, { task });
  ctx.schedule(RPC_LATENCY_MS, { kind: 'checkpoint.decline', task, checkpointId: id, reason });
  broadcastCancelMarker(ctx, task, id, 'declined');
}

/** A marker's transmission ends: handle it now, or queue it behind the input of its channel. */
export function handleCancelMarkerArrive(ctx: StepContext, item: QueueItemOf<'cancelMarker.arrive'>): void {
  if (!ctx.state.job.checkpointing[item.task]) return; // the job was restarted
  const flow = flowOf(ctx.state.job, item.task);
  if (flow.busy || flow.queue.some((e) => e.from === item.from)) {
    flow.queue.push({ from: item.from, kind: 'cancel', checkpointId: item.checkpointId });
    return;
  }
  processCancellationBarrier(ctx, item.task, item.from, item.checkpointId);
  runTask(ctx, item.task);
}

/** `SingleCheckpointBarrierHandler#processCancellationBarrier` (L345–356). */
export function processCancellationBarrier(ctx: StepContext, task: string, from: string, id: number): void {
  const cp = ctx.state.job.checkpointing[task];
  if (!cp) return;
  const unaligned = unalignedSnapshotOf(ctx, task, id);
  // Newer than anything this task heard of, or the checkpoint it is aligning (or collecting barriers for, unaligned).
  const cancels = id > cp.currentCheckpointId || (id === cp.currentCheckpointId && (cp.aligning?.checkpointId === id || (unaligned?.channelState?.waitingFor.length ?? 0) > 0));
  ctx.emit('cancelMarker.received', { checkpointId: id, from, cancelled: cancels }, { task });
  if (!cancels) return;
  abortAlignment(ctx, task, id, 'CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER', `CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER: CancelCheckpointMarker ${id} from ${from}`);
}
