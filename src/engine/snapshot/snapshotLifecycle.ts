/**
 * A subtask's checkpoint from barrier to acknowledgement (Flink's
 * `SubtaskCheckpointCoordinatorImpl.checkpointState`): take the synchronous snapshot, forward
 * the barrier downstream right after it, run the upload as the asynchronous part, then
 * acknowledge the coordinator with the state handles.
 */
import { RPC_LATENCY_MS } from '../job/latencies';
import { uploadRawSize } from '../format/uploadRawSize';
import { memoryStateTooLargeMessage } from '../scenario/legacyBackends';
import type { RunningSnapshot } from '../job/taskCheckpointing';
import type { ChannelRecord } from '../job/channelState';
import { sendBarrier } from '../dataflow/channels';
import { finishChannelState, startsUnaligned } from '../dataflow/unaligned';
import { watchQueuedBarriers } from '../dataflow/outputTimeout';
import { abortCheckpointOnBarrier, broadcastCancelMarker } from '../dataflow/cancelMarker';
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { deleteFile, writeFile } from '../storage/remoteStorage';
import { failJob } from '../job/taskFailure';
import { syncSnapshot, type SnapshotRequest } from './taskSnapshot';
import { subtaskStateSizes } from '../format/stateHandles';
import { changelogHandleFiles } from '../changelog/dstl/changelogStateHandle';
import { declineForChangelog } from '../job/changelog/changelogSnapshot';
import { savepointFormatField } from '../format/savepointFormat';
import { uploadDurationMs } from '../storage/transferTime';
import { releaseRunning, scheduleAsyncDoneIfReady } from '../job/asyncCheckpointPart';
import { storeLocalState } from './taskLocalStateStore';

// Moved below the task folders (dataflow/ and job/ call them); re-exported for existing imports.
export { uploadDurationMs, releaseRunning, scheduleAsyncDoneIfReady };

/** Synchronous part + barrier forwarding; schedules the asynchronous part. */
export function performCheckpoint(ctx: StepContext, req: SnapshotRequest & { triggerMs: number; unaligned?: { input: { channel: string; records: ChannelRecord[] }[]; waitingFor: string[] } }): void {
  const cp = ctx.state.job.checkpointing[req.task]!;
  // SubtaskCheckpointCoordinatorImpl#checkpointState L288–317: a barrier older than the last one
  // is dropped; one the JobManager already said was aborted becomes a CancelCheckpointMarker.
  if (cp.lastCheckpointId >= req.checkpointId) return;
  cp.lastCheckpointId = req.checkpointId;
  const aborted = cp.abortedCheckpointIds.indexOf(req.checkpointId);
  if (aborted >= 0) {
    cp.abortedCheckpointIds.splice(aborted, 1);
    broadcastCancelMarker(ctx, req.task, req.checkpointId, 'aborted');
    return;
  }
  if (cp.declineNext === 'next' || cp.declineNext === req.checkpointId) {
    // The task gives up the checkpoint at its barrier (`abortCheckpointOnBarrier`): nothing is
    // snapshotted, it declines, and its downstream tasks get a CancelCheckpointMarker.
    cp.declineNext = null;
    abortCheckpointOnBarrier(ctx, req.task, req.checkpointId, 'CHECKPOINT_DECLINED', 'declined by the scenario');
    return;
  }
  if (cp.failAt === 'sync') {
    cp.failAt = null;
    failJob(ctx, `${req.task} failed during the synchronous part of checkpoint ${req.checkpointId} (injected)`);
    return;
  }
  const running = syncSnapshot(ctx, req);
  cp.running.push(running);
  const outputs = ctx.state.job.topology.outputs[req.task] ?? [];
  const barrier = { checkpointId: req.checkpointId, isSavepoint: req.isSavepoint, triggerMs: req.triggerMs, ...savepointFormatField(req) };
  // A source of a job with unaligned checkpoints sends its barrier as a priority event too.
  const unaligned = req.unaligned ?? (ctx.state.job.sources[req.task] && startsUnaligned(ctx, barrier) ? { input: [], waitingFor: [] } : null);
  const output: { channel: string; records: ChannelRecord[] }[] = [];
  for (const to of outputs) {
    // Aligned: the barrier enters the output channel behind every record already sent (FIFO).
    // Unaligned: it overtakes the records waiting for credit, which become output channel state.
    output.push({ channel: to, records: sendBarrier(ctx, req.task, to, barrier, unaligned !== null) });
  }
  // Aligned with a timeout: a barrier still queued behind records may turn unaligned at the sender.
  if (!unaligned) watchQueuedBarriers(ctx, req.task, running, barrier);
  if (unaligned) {
    running.channelState = { input: unaligned.input, output, waitingFor: [...unaligned.waitingFor] };
    const count = (l: typeof output) => l.reduce((n, c) => n + c.records.length, 0);
    ctx.emit('barrier.overtook', { checkpointId: req.checkpointId, inputRecords: count(unaligned.input), outputRecords: count(output), waitingFor: unaligned.waitingFor }, { task: req.task });
  }
  const bytes = running.uploads.reduce((n, u) => n + u.bytes.length, 0);
  const asyncDurationMs = uploadDurationMs(ctx, bytes, running.uploads.length);
  const keyed = running.state.keyed;
  const compression = keyed?.type === 'keyGroups' && keyed.compressed ? { originalBytes: keyed.uncompressedSize, compressedBytes: keyed.delegate.type === 'file' ? keyed.delegate.size : 0 } : null;
  ctx.emit(
    'checkpoint.syncSnapshot',
    { checkpointId: req.checkpointId, isSavepoint: req.isSavepoint, stateSize: running.stateSize, uploads: running.uploads.length, forwardedTo: outputs, asyncDurationMs, compression },
    { task: req.task },
  );
  if (running.outputPending) return; // outputTimeout.ts starts the upload once the barriers have left
  if (running.channelState) {
    if (running.channelState.waitingFor.length === 0) finishChannelState(ctx, req.task, running);
    return;
  }
  // A changelog checkpoint's asynchronous part is its persist: it ends when the DSTL uploads do.
  if (!running.changelog?.waiting) ctx.schedule(asyncDurationMs, { kind: 'task.asyncDone', task: req.task, checkpointId: req.checkpointId });
}

/** With JobManagerCheckpointStorage: Flink's message when the keyed state stream exceeds the max state size, else null. */
function memoryStateTooLarge(ctx: StepContext, running: RunningSnapshot): string | null {
  const sb = ctx.state.scenario.stateBackend;
  if (sb.checkpointStorage !== 'jobmanager') return null;
  const keyed = running.state.keyed;
  if (keyed?.type !== 'keyGroups' || keyed.delegate.type !== 'inline') return null;
  const size = keyed.delegate.bytes.length;
  return size > sb.maxStateSizeBytes ? memoryStateTooLargeMessage(size, sb.maxStateSizeBytes) : null;
}

/** The asynchronous part ends: files are in remote storage; acknowledge the coordinator. */
export function handleAsyncDone(ctx: StepContext, item: QueueItemOf<'task.asyncDone'>): void {
  const cp = ctx.state.job.checkpointing[item.task];
  const running = cp?.running.find((r) => r.checkpointId === item.checkpointId);
  if (!running) return; // cancelled: the checkpoint was aborted or the job restarted
  if (running.changelog?.failure) {
    // The changelog persist failed for good (upload.max-attempts): the task declines.
    releaseRunning(ctx, item.task, item.checkpointId);
    declineForChangelog(ctx, item.task, item.checkpointId, running.changelog.failure);
    return;
  }
  if (cp!.failAt === 'async') {
    cp!.failAt = null;
    failJob(ctx, `${item.task} failed while uploading checkpoint ${item.checkpointId} (injected)`);
    return;
  }
  const tooLarge = memoryStateTooLarge(ctx, running);
  if (tooLarge !== null) {
    // MemCheckpointStreamFactory#checkSize throws an IOException in the asynchronous part: the task declines.
    releaseRunning(ctx, item.task, item.checkpointId);
    ctx.emit('checkpoint.declined', { checkpointId: item.checkpointId, reason: tooLarge }, { task: item.task });
    ctx.schedule(RPC_LATENCY_MS, { kind: 'checkpoint.decline', task: item.task, checkpointId: item.checkpointId, reason: 'CHECKPOINT_ASYNC_EXCEPTION' });
    return;
  }
  const failing = ctx.state.storage.failingUploads;
  if (failing && running.uploads.length > 0 && (failing.task === null || failing.task === item.task)) {
    // The upload fails (IOException): the task declines the checkpoint, which is then aborted.
    failing.count -= 1;
    if (failing.count <= 0) ctx.state.storage.failingUploads = null;
    releaseRunning(ctx, item.task, item.checkpointId);
    ctx.emit('checkpoint.declined', { checkpointId: item.checkpointId, reason: 'the upload to remote storage failed (injected)' }, { task: item.task });
    ctx.schedule(RPC_LATENCY_MS, { kind: 'checkpoint.decline', task: item.task, checkpointId: item.checkpointId, reason: 'CHECKPOINT_ASYNC_EXCEPTION' });
    return;
  }
  let uploaded = 0;
  for (const u of running.uploads) {
    writeFile(ctx.state.storage, u.path, u.bytes, { ...u.meta, writtenAtMs: ctx.nowMs });
    uploaded += u.bytes.length;
    ctx.emit('file.uploaded', { checkpointId: item.checkpointId, path: u.path, size: u.bytes.length, kind: u.meta.kind, sst: u.meta.sst, inputs: u.inputs, ...uploadRawSize(u.meta.kind, u.bytes, u.path) }, { task: item.task });
  }
  // AsyncCheckpointRunnable#reportCompletedSnapshotStates: both figures come from the handles
  // (TaskStateSnapshot#getCheckpointedSize / #getStateSize), not from the bytes written in this step:
  // a changelog handle counts its delta, uploaded earlier in DSTL batch files shared with other subtasks.
  const sizes = subtaskStateSizes(running.state);
  const asyncDurationMs = ctx.nowMs - running.syncStartMs;
  const cl = running.state.keyed?.type === 'changelog' ? running.state.keyed : null;
  const own = cl && cl.toSqn > cl.fromSqn ? cl.nonMaterialized.at(-1) : undefined;
  const changelog = cl ? { fromSqn: cl.fromSqn, toSqn: cl.toSqn, deltaBytes: cl.persistedSizeOfThisCheckpoint, dstlFiles: own ? changelogHandleFiles(own) : [] } : undefined;
  ctx.emit('checkpoint.asyncCompleted', { checkpointId: item.checkpointId, checkpointedSize: sizes.checkpointedSize, uploadedBytes: uploaded, asyncDurationMs, ...(changelog ? { changelog } : {}) }, { task: item.task });
  const stats = {
    barrierFirstMs: running.barrierFirstMs,
    syncStartMs: running.syncStartMs,
    syncDurationMs: 0,
    asyncDurationMs,
    alignmentDurationMs: running.alignmentDurationMs,
    checkpointedSize: sizes.checkpointedSize,
    stateSize: sizes.stateSize,
    ackMs: ctx.nowMs + RPC_LATENCY_MS,
    // CheckpointMetrics: an unaligned snapshot, the in-flight bytes it persisted as channel
    // state, and the bytes processed while aligning.
    unaligned: running.channelState !== undefined,
    persistedData: channelStateBytes(running.state),
    processedData: running.processedData ?? 0,
  };
  if (cp!.failAt === 'before-ack') {
    // The files are written but never acknowledged: the TaskManager deletes them, then the task fails.
    cp!.failAt = null;
    for (const u of running.uploads) if (deleteFile(ctx.state.storage, u.path)) ctx.emit('file.discarded', { path: u.path, size: u.bytes.length, reason: `${item.task} failed before acknowledging checkpoint ${item.checkpointId}` });
    failJob(ctx, `${item.task} failed after uploading checkpoint ${item.checkpointId}, before acknowledging it (injected)`);
    return;
  }
  const state = running.state;
  // TaskStateManagerImpl#reportTaskStateSnapshots: the local copy is stored, then the task acknowledges.
  if (running.localCopy) storeLocalState(ctx, item.task, running.localCopy);
  if (running.ssts && cp!.incremental) cp!.incremental.pending.push({ checkpointId: item.checkpointId, ssts: running.ssts });
  releaseRunning(ctx, item.task, item.checkpointId);
  ctx.schedule(RPC_LATENCY_MS, { kind: 'checkpoint.ack', task: item.task, checkpointId: item.checkpointId, ack: { state, stats } });
}

/** Bytes of the channel state (in-flight data) a snapshot persisted. */
function channelStateBytes(state: RunningSnapshot['state']): number {
  const d = state.channel?.delegate;
  if (!d) return 0;
  return d.type === 'file' ? d.size : d.bytes.length;
}
