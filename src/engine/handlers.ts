/**
 * The table from queue item kind to handler. Each mechanism contributes its handlers here; the
 * mapped type makes the compiler insist that every kind has exactly one.
 */
import { handleRecordArrive, handleSourceReadLog, handleSourceTick, startSources } from './dataflow/recordFlow';
import { performAction } from './performAction';
import { whyScriptActionSkipped } from './scriptSkips';
import { handlePeriodicTrigger, schedulePeriodicCheckpoints } from './coordinator/triggerCheckpoint';
import { handleTaskTrigger } from './coordinator/taskTrigger';
import { handleBarrierArrive } from './dataflow/barrierHandler';
import { handleAsyncDone } from './snapshot/snapshotLifecycle';
import { handleAcknowledge } from './coordinator/completeCheckpoint';
import { abortPendingCheckpoint, handleCheckpointTimeout } from './coordinator/abortCheckpoint';
import { handleTaskRestore } from './restore/restoreJob';
import { startFromRetained } from './restore/startFromRetained';
import { handleCompactionDone, handleLsmFlush } from './job/lsmEvents';
import { handleTaskNotifyAborted, handleTaskNotifyComplete } from './snapshot/taskNotifications';
import { handleCancelMarkerArrive } from './dataflow/cancelMarker';
import { handleChannelResume } from './dataflow/channels';
import { handleDstlDrain, handleDstlRetry, handleDstlUploadDone } from './job/changelog/dstlUploads';
import { handleMaterializationDone, startPeriodicMaterialization, triggerMaterialization } from './snapshot/materialization';
import { handleTaskProcess, wakeTask } from './dataflow/taskInput';
import { handleAlignmentTimeout } from './dataflow/unaligned';
import { handleOutputTimeout } from './dataflow/outputTimeout';
import type { QueueItemKind, QueueItemOf } from './queueItems';
import type { StepContext } from './stepContext';

export type Handler<K extends QueueItemKind> = (ctx: StepContext, item: QueueItemOf<K>) => void;
export type HandlerTable = { [K in QueueItemKind]: Handler<K> };

export const HANDLERS: HandlerTable = {
  'sim.start': (ctx) => {
    const { scenario, job } = ctx.state;
    ctx.emit('sim.started', { seed: scenario.seed, untilMs: scenario.untilMs, tasks: job.topology.subtasks.length, maxParallelism: job.topology.maxParallelism });
    if (ctx.state.coordinator.startFrom) startFromRetained(ctx);
    else startSources(ctx);
    if (!ctx.state.coordinator.startFrom) startPeriodicMaterialization(ctx);
    schedulePeriodicCheckpoints(ctx);
    scenario.script.forEach((a, index) => ctx.schedule(a.atMs - ctx.nowMs, { kind: 'script.action', index }));
  },
  'script.action': (ctx, item) => {
    const { atMs: _atMs, ...action } = ctx.state.scenario.script[item.index]!;
    // After a branch the script may name what the restored job no longer has: skip, visibly.
    const skip = whyScriptActionSkipped(ctx.state, action as never);
    if (skip) ctx.emit('script.skipped', { index: item.index, action: action as never, ...skip }, { task: skip.task });
    else performAction(ctx, action as never);
  },
  'source.tick': handleSourceTick,
  'source.readLog': handleSourceReadLog,
  'record.arrive': handleRecordArrive,
  'checkpoint.periodic': handlePeriodicTrigger,
  'task.trigger': handleTaskTrigger,
  'barrier.arrive': handleBarrierArrive,
  'task.asyncDone': handleAsyncDone,
  'checkpoint.ack': handleAcknowledge,
  'task.notifyComplete': handleTaskNotifyComplete,
  'task.notifyAborted': handleTaskNotifyAborted,
  'cancelMarker.arrive': handleCancelMarkerArrive,
  'channel.resume': (ctx, item) => handleChannelResume(ctx, item, (t) => wakeTask(ctx, t)),
  'checkpoint.decline': (ctx, item) => {
    abortPendingCheckpoint(ctx, item.checkpointId, item.reason, item.task);
  },
  'checkpoint.timeout': (ctx, item) => handleCheckpointTimeout(ctx, item.checkpointId),
  'task.restore': handleTaskRestore,
  'lsm.flush': handleLsmFlush,
  'lsm.compactionDone': handleCompactionDone,
  'dstl.drain': handleDstlDrain,
  'dstl.uploadDone': handleDstlUploadDone,
  'dstl.retry': handleDstlRetry,
  'changelog.materialize': (ctx, item) => triggerMaterialization(ctx, item.task, item.periodic),
  'changelog.materializationDone': handleMaterializationDone,
  'task.process': handleTaskProcess,
  'barrier.alignmentTimeout': handleAlignmentTimeout,
  'barrier.outputTimeout': handleOutputTimeout,
};
