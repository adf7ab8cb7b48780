/** A source subtask receives the coordinator's trigger (`StreamTask.triggerCheckpointAsync`). */
import type { QueueItemOf } from '../queueItems';
import { performCheckpoint } from '../snapshot/snapshotLifecycle';
import type { StepContext } from '../stepContext';

export function handleTaskTrigger(ctx: StepContext, item: QueueItemOf<'task.trigger'>): void {
  if (!ctx.state.job.sources[item.task]) return; // the job was restarted meanwhile
  if (!ctx.state.coordinator.pending.some((p) => p.id === item.checkpointId)) return; // aborted meanwhile
  ctx.emit('barrier.injected', { checkpointId: item.checkpointId, to: ctx.state.job.topology.outputs[item.task] ?? [] }, { task: item.task });
  performCheckpoint(ctx, { task: item.task, checkpointId: item.checkpointId, isSavepoint: item.isSavepoint, triggerMs: item.triggerMs, barrierFirstMs: ctx.nowMs, alignmentDurationMs: 0 });
}
