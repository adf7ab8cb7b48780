/**
 * The JobManager's notifications as they reach a subtask (RPC queue items, one per task, sent by
 * the coordinator). A task acts on what the message says when it arrives, never on the
 * coordinator's state.
 * - `confirmCheckpoint` (`TaskExecutorGateway#confirmCheckpoint` → `Task#notifyCheckpointComplete`,
 *   then `notifyCheckpointSubsumed`): the incremental RocksDB strategy confirms its uploads, the
 *   changelog backend confirms and truncates, a transactional sink commits.
 * - `abortCheckpoint` (`TaskExecutorGateway#abortCheckpoint` →
 *   `SubtaskCheckpointCoordinatorImpl#notifyCheckpointAborted`): the asynchronous part still
 *   running is cancelled; a checkpoint this task has not reached yet is remembered, so its barrier
 *   later becomes a CancelCheckpointMarker. An alignment in progress goes on: the abort alone
 *   does not end it (a CancelCheckpointMarker from upstream does).
 */
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { changelogNotifyComplete, changelogNotifySubsumed } from '../job/changelog/changelogSnapshot';
import { sinkNotifyCheckpointComplete } from '../job/sink/transactionalSink';
import { resumeConsumption } from '../dataflow/channels';
import { releaseRunning } from '../job/asyncCheckpointPart';
import { abortLocalState, confirmLocalState } from './taskLocalStateStore';

const O = 'org.apache.flink.';

/** `confirmCheckpoint` reaches a subtask of restart `attempt`. */
export function handleTaskNotifyComplete(ctx: StepContext, item: QueueItemOf<'task.notifyComplete'>): void {
  const job = ctx.state.job;
  const cp = job.checkpointing[item.task];
  // The notification was meant for a task execution that has since been cancelled.
  if (job.attempt !== item.attempt || !cp) return;
  const id = item.checkpointId;
  if (item.isSavepoint) {
    // Flink ≤1.14 notified savepoints too: a transactional sink commits on it; the state backends
    // keep confirming only checkpoints (a savepoint's files are never reused).
    ctx.emit('task.notified', { checkpointId: id, notification: 'complete', outcome: 'confirmed' }, { task: item.task, flinkRef: `${O}runtime.taskexecutor.TaskExecutor#confirmCheckpoint` });
    sinkNotifyCheckpointComplete(ctx, item.task, id);
    // A synchronous savepoint (stop-with-savepoint): the task waited for this notification and now finishes.
    ctx.hooks.checkpointCompleteHandled(ctx, item.task, id);
    return;
  }
  if (cp.lastCompletedCheckpointId < id) cp.lastCompletedCheckpointId = id;
  // RocksIncrementalSnapshotStrategy.notifyCheckpointComplete: this checkpoint's SSTs become reusable.
  // (Under the changelog backend the nested RocksDB is told about materializations instead.)
  const inc = cp.incremental;
  if (job.keyed[item.task]?.changelog) changelogNotifyComplete(ctx, item.task, id);
  else if (inc) {
    const mine = inc.pending.find((x) => x.checkpointId === id);
    if (mine) inc.confirmed = mine;
    inc.pending = inc.pending.filter((x) => x.checkpointId > id);
  }
  ctx.emit('task.notified', { checkpointId: id, notification: 'complete', outcome: 'confirmed' }, { task: item.task, flinkRef: `${O}runtime.taskexecutor.TaskExecutor#confirmCheckpoint` });
  // TaskStateManagerImpl#notifyCheckpointComplete → TaskLocalStateStoreImpl#confirmCheckpoint.
  confirmLocalState(ctx, item.task, id);
  sinkNotifyCheckpointComplete(ctx, item.task, id);
  if (item.lastSubsumedId !== null) {
    ctx.emit('task.notified', { checkpointId: item.lastSubsumedId, notification: 'subsumed', outcome: 'subsumed' }, { task: item.task, flinkRef: `${O}streaming.runtime.tasks.SubtaskCheckpointCoordinatorImpl#notifyCheckpointSubsumed` });
    changelogNotifySubsumed(ctx, item.task, item.lastSubsumedId);
  }
}

/** `abortCheckpoint` reaches a subtask of restart `attempt` (SubtaskCheckpointCoordinatorImpl L449–466). */
export function handleTaskNotifyAborted(ctx: StepContext, item: QueueItemOf<'task.notifyAborted'>): void {
  const job = ctx.state.job;
  const cp = job.checkpointing[item.task];
  if (job.attempt !== item.attempt || !cp) return;
  const id = item.checkpointId;
  let outcome: 'cancelled-async-part' | 'remembered' | 'nothing-to-cancel';
  if (cp.running.some((r) => r.checkpointId === id)) {
    releaseRunning(ctx, item.task, id); // cancelAsyncCheckpointRunnable
    // Simplification: an unaligned snapshot still collecting barriers stops collecting, so the
    // channels it kept blocked are resumed now (Flink resumes them when the last barrier is in).
    for (const b of cp.blocked.filter((x) => x.checkpointId === id)) resumeConsumption(ctx, item.task, b.from, id);
    cp.blocked = cp.blocked.filter((x) => x.checkpointId !== id);
    outcome = 'cancelled-async-part';
  } else if (id > cp.lastCheckpointId) {
    // Only checkpoints not yet triggered on this task are remembered.
    if (!cp.abortedCheckpointIds.includes(id)) cp.abortedCheckpointIds.push(id);
    outcome = 'remembered';
  } else outcome = 'nothing-to-cancel';
  ctx.emit('task.notified', { checkpointId: id, notification: 'aborted', outcome }, { task: item.task });
  // TaskStateManagerImpl#notifyCheckpointAborted → TaskLocalStateStoreImpl#abortCheckpoint.
  abortLocalState(ctx, item.task, id);
}
