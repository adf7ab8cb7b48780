/** A source subtask receives the coordinator's trigger (`StreamTask.triggerCheckpointAsync`). */
import type { QueueItemOf } from '../queueItems';
import { performCheckpoint } from '../snapshot/snapshotLifecycle';
import type { StepContext } from '../stepContext';
import { savepointFormatField } from '../format/savepointFormat';
import { stopSourceForSyncSavepoint } from './stopWithSavepoint';

export function handleTaskTrigger(ctx: StepContext, item: QueueItemOf<'task.trigger'>): void {
  if (!ctx.state.job.sources[item.task]) return; // the job was restarted meanwhile
  // A source told of the abort before the trigger arrived sends a CancelCheckpointMarker instead (snapshotLifecycle).
  const cp = ctx.state.job.checkpointing[item.task];
  // A synchronous savepoint (stop-with-savepoint): the source stops before its barrier.
  stopSourceForSyncSavepoint(ctx, item.task, item.checkpointId);
  if (cp && !cp.abortedCheckpointIds.includes(item.checkpointId)) ctx.emit('barrier.injected', { checkpointId: item.checkpointId, to: ctx.state.job.topology.outputs[item.task] ?? [] }, { task: item.task });
  performCheckpoint(ctx, { task: item.task, checkpointId: item.checkpointId, isSavepoint: item.isSavepoint, triggerMs: item.triggerMs, barrierFirstMs: ctx.nowMs, alignmentDurationMs: 0, ...savepointFormatField(item) });
}
