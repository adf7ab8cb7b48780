/**
 * Flink's `CheckpointableTask`: what the barrier handler calls on its task once a checkpoint's
 * barriers are in (`triggerCheckpointOnBarrier`, from `SingleCheckpointBarrierHandler` and
 * `CheckpointBarrierTracker`). The task's checkpoint (snapshot/snapshotLifecycle.ts
 * `performCheckpoint`: synchronous snapshot, then the barrier forwarded through the channels)
 * sits above dataflow/, so the handler reaches it through this interface, in the same step, as
 * in Flink; the root wires the implementation (wiring.ts).
 */
import type { StepContext } from '../stepContext';
import type { ChannelRecord } from '../job/channelState';
import type { SavepointFormatType } from '../format/savepointFormat';

/** What the barrier handler knows when it triggers the task's checkpoint (`CheckpointMetaData`, `CheckpointMetricsBuilder`). */
export interface BarrierCheckpointRequest {
  task: string;
  checkpointId: number;
  isSavepoint: boolean;
  /** A savepoint's format, as its barrier carried it. */
  savepointFormat?: SavepointFormatType;
  triggerMs: number;
  barrierFirstMs: number;
  alignmentDurationMs: number;
  /** Bytes processed during alignment (REST `processed_data`). */
  processedData?: number;
  /** Unaligned: the in-flight input captured so far, and the channels whose barrier is still to come. */
  unaligned?: { input: { channel: string; records: ChannelRecord[] }[]; waitingFor: string[] };
}

/** Implemented by snapshot/snapshotLifecycle.ts (`performCheckpoint`). */
export interface CheckpointableTask {
  triggerCheckpointOnBarrier(ctx: StepContext, req: BarrierCheckpointRequest): void;
}

export function triggerCheckpointOnBarrier(ctx: StepContext, req: BarrierCheckpointRequest): void {
  ctx.hooks.triggerCheckpointOnBarrier(ctx, req);
}
