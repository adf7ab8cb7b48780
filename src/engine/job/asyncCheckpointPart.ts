/**
 * The asynchronous part of a subtask's snapshot (Flink's `AsyncCheckpointRunnable`) as the task
 * level sees it: when its upload may start, and releasing what it holds when it ends or is
 * cancelled. The barrier handling (dataflow/), the changelog persist (job/changelog/) and the
 * snapshot lifecycle (snapshot/) all reach these; they live here, below all three, and schedule
 * the `task.asyncDone` item that snapshot/snapshotLifecycle.ts handles.
 */
import type { HeapKeyedStateBackend } from '../state/heapKeyedStateBackend';
import type { StepContext } from '../stepContext';
import { uploadDurationMs } from '../storage/transferTime';
import { openKeyedBackend } from './keyedBackend';
import type { RunningSnapshot } from './taskCheckpointing';

/**
 * Starts the upload of a snapshot once nothing else holds it back: the changelog persist it
 * waits for, and (unaligned) the barriers still to come on some channels.
 */
export function scheduleAsyncDoneIfReady(ctx: StepContext, task: string, running: RunningSnapshot): void {
  if (running.changelog?.waiting) return;
  if (running.channelState && running.channelState.waitingFor.length > 0) return;
  if (running.outputPending && running.outputPending.length > 0) return;
  const bytes = running.uploads.reduce((n, u) => n + u.bytes.length, 0);
  ctx.schedule(uploadDurationMs(ctx, bytes, running.uploads.length), { kind: 'task.asyncDone', task, checkpointId: running.checkpointId });
}

/** Releases what a running snapshot holds (the heap backend's copy-on-write snapshot). */
export function releaseRunning(ctx: StepContext, task: string, checkpointId: number): void {
  const cp = ctx.state.job.checkpointing[task];
  if (!cp) return;
  const i = cp.running.findIndex((r) => r.checkpointId === checkpointId);
  if (i < 0) return;
  const r = cp.running[i]!;
  const keyed = ctx.state.job.keyed[task];
  if (r.heapSnapshot && keyed) (openKeyedBackend(keyed.backend) as HeapKeyedStateBackend).releaseSnapshot(r.heapSnapshot);
  cp.running.splice(i, 1);
}
