/**
 * Restarting the job from a retained checkpoint or savepoint (Flink's failover / restore):
 * the running job is cancelled (in-flight records, barriers and uploads are dropped, pending
 * checkpoints aborted), `_metadata` is read back from storage, each new subtask downloads and
 * rebuilds its state (possibly at another parallelism), and sources resume at the restored
 * offsets, so records after the checkpoint are processed again.
 */
import { abortPendingCheckpoint } from '../coordinator/abortCheckpoint';
import { removeWhere } from '../core/eventQueue';
import { keyGroupRangeIntersection, isEmptyKeyGroupRange } from '../keys/keyGroupRange';
import { createJobState, type SourcePartitionState } from '../job/jobState';
import type { QueueItem, QueueItemOf } from '../queueItems';
import type { UserAction } from '../actions';
import type { RestoreModeName } from '../scenario/actionSchema';
import type { CheckpointFailureReason, ClaimedSavepoint } from '../coordinator/coordinatorState';
import { submitJobFrom } from './submitJob';
import { startSources } from '../dataflow/recordFlow';
import { decodeMetadata, type CheckpointMetadata } from '../format/metadataFormat';
import type { KeyedStateHandle } from '../format/stateHandles';
import type { OperatorStateSnapshot } from '../state/defaultOperatorStateBackend';
import { DefaultOperatorStateBackend } from '../state/defaultOperatorStateBackend';
import { restoreOperatorStateOf } from '../job/restoreOperatorState';
import { assignPartition, LEGACY_TOPIC } from '../job/legacyKafkaConsumer';
import { holdsBroadcastState } from '../job/broadcastRules';
import type { StepContext } from '../stepContext';
import { readFile } from '../storage/remoteStorage';
import { overlappingHandles, restoreKeyedState, type KeyedRestoreResult } from './restoreKeyedState';
import { continueChangelogAfterRestore, restoreFromChangelogHandles, restoreTimeOf, type ChangelogRestoreFigures } from './restoreChangelog';
import { uploadDurationMs } from '../storage/transferTime';
import { closeChangelogHandleReader } from '../changelog/dstl/changelogHandleReaderWithCache';
import { startPeriodicMaterialization } from '../snapshot/materialization';
import { discardTaskOwnedChangelogFiles } from '../job/changelog/changelogCleanup';
import { restoreChannelState } from './restoreChannelState';
import { closeSinks, restoreTransactionalSink } from '../job/sink/transactionalSink';
import { emitKeyedStateSource, localAlternative, prioritizedKeyedState, restoreFromLocalCopy } from './localRecovery';

/**
 * Queue items that belong to the running job's tasks (dropped when it is cancelled). Messages
 * already on their way to the JobManager (acknowledgements, declines) still arrive: a late
 * acknowledgement's files are then cleaned up by the coordinator and the registry.
 */
const JOB_ITEMS: ReadonlySet<QueueItem['kind']> = new Set([
  'source.tick',
  'source.readLog',
  'record.arrive',
  'barrier.arrive',
  'cancelMarker.arrive',
  'channel.resume',
  'task.asyncDone',
  'task.trigger',
  'task.restore',
  'lsm.flush',
  'lsm.compactionDone',
  'dstl.drain',
  'dstl.uploadDone',
  'dstl.retry',
  'changelog.materialize',
  'changelog.materializationDone',
  'task.process',
  'barrier.alignmentTimeout',
  'barrier.outputTimeout',
]);

/** Cancels every task of the running job and aborts pending checkpoints. */
export function cancelJob(ctx: StepContext, reason: CheckpointFailureReason = 'JOB_FAILOVER_REGION'): void {
  for (const p of [...ctx.state.coordinator.pending]) abortPendingCheckpoint(ctx, p.id, reason);
  discardTaskOwnedChangelogFiles(ctx);
  closeSinks(ctx);
  // Last: aborting a checkpoint ends alignments, which releases held records as new queue items;
  // they belong to the cancelled attempt and must not reach the restarted one.
  removeWhere(ctx.state.queue, (it) => JOB_ITEMS.has(it.kind));
}

/** The `restore` action: restart from a retained checkpoint or savepoint, or submit a new job from it. */
export function restoreJob(ctx: StepContext, action: Extract<UserAction, { do: 'restore' }>): void {
  const c = ctx.state.coordinator;
  const pool = [...c.completed, ...c.savepoints];
  const target = action.checkpoint === 'latest' ? c.completed[c.completed.length - 1] : pool.find((x) => x.id === action.checkpoint);
  const claimed = action.checkpoint === 'latest' ? undefined : c.claimedSavepoints.find((x) => x.id === action.checkpoint);
  if (!target && claimed) {
    ctx.emit('restore.failed', { reason: claimedSavepointRefusal(claimed) }, { task: 'jobmanager' });
    return;
  }
  if (!target) {
    const have = pool.map((x) => x.id).join(', ') || 'none';
    ctx.emit('restore.failed', { reason: `no retained checkpoint or savepoint ${action.checkpoint === 'latest' ? '' : action.checkpoint + ' '}to restore from (retained: ${have})` }, { task: 'jobmanager' });
    return;
  }
  // A restore mode (or a cancelled job) means a new job submitted with the snapshot (`flink run -s`).
  if (action.mode !== undefined || ctx.state.job.canceled || ctx.state.job.finished) {
    submitJobFrom(ctx, target, action.mode ?? 'NO_CLAIM', action.parallelism, action.changelog);
    return;
  }
  // Restarting from a checkpoint the job holds unclaimed (it was started from it in NO_CLAIM mode)
  // forces a full first checkpoint again (`CheckpointCoordinator#restoreLatestCheckpointedStateInternal`).
  const opts = { parallelism: action.parallelism, changelog: action.changelog, mode: null, forceFullSnapshot: target.restoredMode === 'NO_CLAIM' };
  const refused = changelogNoClaimRefusal(ctx, opts);
  if (refused) {
    ctx.emit('restore.failed', { reason: refused }, { task: 'jobmanager' });
    return;
  }
  cancelJob(ctx);
  restoreFromMetadata(ctx, target.metadataPath, opts);
}

/**
 * A savepoint a job was started from in CLAIM mode belongs to that job (FLIP-193): Flink deletes
 * it once a newer checkpoint subsumes it, so restoring from it later would find its files gone.
 */
export function claimedSavepointRefusal(s: ClaimedSavepoint): string {
  return `savepoint ${s.id} was claimed by job ${s.jobId.slice(0, 8)}… (started from it in CLAIM mode): that job owns it and deletes it once subsumed, so it is no longer yours to restore from; restore from one of that job's checkpoints, or start from a savepoint in NO_CLAIM mode to keep it`;
}

export interface RestoreOptions {
  parallelism?: number | undefined;
  /** Switch the changelog on or off across the restore; omitted: as the replaced job ran. */
  changelog?: boolean | undefined;
  /** The restore mode of a submitted job; null for a failover or a restart from the job's own checkpoint. */
  mode: RestoreModeName | null;
  /** `CheckpointCoordinator#forceFullSnapshot`: the restored checkpoint is unclaimed (NO_CLAIM). */
  forceFullSnapshot: boolean;
}

/**
 * Flink refuses the changelog backend with NO_CLAIM (docs `state_backends.md`, "Limitations"):
 * `ChangelogStateBackend` keeps `StateBackend#supportsNoClaimRestoreMode` false, because every
 * checkpoint after a restore carries the restored materialized part and change sets, which a
 * FULL_CHECKPOINT may not reference. Flink starts the job and fails it when the first checkpoint
 * is triggered (`StreamTask#checkForcedFullSnapshotSupport` → `Task#triggerCheckpointBarrier`
 * fails the task), again after every restart; the engine refuses up front with the same message.
 */
export function changelogNoClaimRefusal(ctx: StepContext, opts: Pick<RestoreOptions, 'changelog' | 'forceFullSnapshot'>): string | null {
  const changelog = opts.changelog ?? ctx.state.job.changelogEnabled;
  if (!changelog || !opts.forceFullSnapshot) return null;
  return 'Configured state backend (ChangelogStateBackend) does not support enforcing a full snapshot. If you are restoring in NO_CLAIM mode, please consider choosing CLAIM mode. (Flink starts the job and fails it at its first checkpoint, after every restart; the engine refuses the restore up front.)';
}

/**
 * Reads `_metadata` back from storage and restarts every subtask from it (the common part of a
 * failover, a restore action and a job submitted with a retained checkpoint). Returns the
 * metadata, or null when it could not be read (a `restore.failed` event says why).
 */
export function restoreFromMetadata(ctx: StepContext, metadataPath: string, opts: RestoreOptions = { mode: null, forceFullSnapshot: false }): CheckpointMetadata | null {
  const { parallelism, changelog } = opts;
  let meta: CheckpointMetadata;
  try {
    meta = decodeMetadata(readFile(ctx.state.storage, metadataPath), metadataPath);
  } catch (e) {
    ctx.state.job = { ...createJobState(ctx.state.scenario, parallelism), scriptLog: ctx.state.job.scriptLog, output: ctx.state.job.output, restoring: null, running: false };
    ctx.emit('restore.failed', { reason: e instanceof Error ? e.message : String(e) }, { task: 'jobmanager' });
    return null;
  }
  const previous = ctx.state.job.topology.vertices[0]!.parallelism;
  // The restarted job keeps the changelog setting of the job it replaces, unless the restore switches it.
  const job = createJobState(ctx.state.scenario, parallelism, changelog ?? ctx.state.job.changelogEnabled);
  job.attempt = ctx.state.job.attempt + 1;
  job.running = false;
  job.restoring = { checkpointId: meta.checkpointId, metadata: meta, remaining: job.topology.subtasks.map((s) => s.name), mode: opts.mode, forceFullSnapshot: opts.forceFullSnapshot };
  job.scriptLog = ctx.state.job.scriptLog; // the external input and output survive the restart
  job.output = ctx.state.job.output;
  ctx.state.job = job;
  ctx.emit(
    'restore.started',
    { checkpointId: meta.checkpointId, isSavepoint: meta.isSavepoint, metadataPath, parallelism: job.topology.vertices[0]!.parallelism, previousParallelism: previous, attempt: job.attempt, mode: opts.mode, forceFullSnapshot: opts.forceFullSnapshot },
    { task: 'jobmanager' },
  );
  // CheckpointCoordinator.restoreLatestCheckpointedStateInternal → statsTracker.reportRestoredCheckpoint.
  ctx.state.coordinator.restored.push({ checkpointId: meta.checkpointId, restoreMs: ctx.nowMs, isSavepoint: meta.isSavepoint, externalPath: metadataPath.replace(/\/_metadata$/, '') });
  const seenPerTm = new Map<number, Set<string>>();
  for (const s of job.topology.subtasks) {
    const handles = s.keyGroupRange ? overlappingHandles(keyedHandlesOf(meta, s.vertex), s.keyGroupRange) : [];
    if (!seenPerTm.has(s.taskManager)) seenPerTm.set(s.taskManager, new Set());
    // Local recovery: a subtask with a usable local copy downloads nothing.
    const local = localAlternative(ctx, s.name, meta.checkpointId, handles)?.local;
    const t = restoreTimeOf(ctx, local ? [] : handles, seenPerTm.get(s.taskManager));
    ctx.schedule(t.downloadMs + t.replayMs, { kind: 'task.restore', task: s.name });
  }
  return meta;
}

function keyedHandlesOf(meta: CheckpointMetadata, vertex: string): KeyedStateHandle[] {
  const op = meta.operators.find((o) => o.vertex === vertex);
  return op ? op.subtasks.flatMap((st) => (st.keyed ? [st.keyed] : [])) : [];
}

/**
 * Partitions of a new source subtask: the old ones' operator state, redistributed by mode. The
 * legacy consumer (UNION) receives every entry and keeps those `KafkaTopicPartitionAssigner`
 * gives it at the new parallelism (`FlinkKafkaConsumerBase#open`).
 */
function restoredPartitions(ctx: StepContext, meta: CheckpointMetadata, index: number, newP: number): SourcePartitionState[] {
  const toPartitions = (snap: OperatorStateSnapshot): SourcePartitionState[] =>
    (snap.listStates[0]?.elements ?? []).map((e) => {
      if (!Array.isArray(e) || e.length !== 3 || !e.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0)) throw new Error(`source#${index}: a restored source partition entry is corrupt (${JSON.stringify(e)})`);
      const [partition, offset, logOffset] = e as number[];
      return { partition: partition!, offset: offset!, logOffset: logOffset! };
    });
  const keep = (parts: SourcePartitionState[]): SourcePartitionState[] =>
    parts.filter((p) => assignPartition(LEGACY_TOPIC, p.partition, newP) === index);
  const mine = restoreOperatorStateOf(ctx, meta, 'source', index, newP, (snap) => keep(toPartitions(snap)).map((p) => `p${p.partition}@${p.offset}`));
  if (!mine) return [];
  const parts = toPartitions(mine);
  return mine.listStates[0]?.mode === 'UNION' ? keep(parts) : parts;
}

/** One new subtask downloads its files and rebuilds its state. */
export function handleTaskRestore(ctx: StepContext, item: QueueItemOf<'task.restore'>): void {
  const job = ctx.state.job;
  const r = job.restoring;
  if (!r) return;
  const info = job.topology.subtasks.find((s) => s.name === item.task)!;
  const meta = r.metadata;
  let files: { path: string; size: number }[] = [];
  let entries = 0;
  let partitions: number[] = [];
  let downloadMs = 0;
  let replayMs = 0;
  let changelogFigures: ChangelogRestoreFigures | null = null;
  try {
    if (job.sources[item.task]) {
      const src = job.sources[item.task]!;
      src.partitions = restoredPartitions(ctx, meta, info.index, job.topology.vertices[0]!.parallelism);
      partitions = src.partitions.map((p) => p.partition);
    } else if (job.keyed[item.task]) {
      if (meta.maxParallelism !== job.topology.maxParallelism) throw new Error(`the checkpoint has max parallelism ${meta.maxParallelism}, the job ${job.topology.maxParallelism}; it never changes across restores`);
      const handles = keyedHandlesOf(meta, info.vertex).filter((h) => !isEmptyKeyGroupRange(keyGroupRangeIntersection(h.keyGroupRange, info.keyGroupRange!)));
      const logged = handles.some((h) => h.type === 'changelog');
      // Local recovery: the local alternative first, the remote handle otherwise (localRecovery.ts).
      const choice = prioritizedKeyedState(ctx, item.task, r.checkpointId, handles);
      let res: KeyedRestoreResult;
      let localFiles: { path: string; size: number }[] = [];
      if (choice?.local) {
        const fromDisk = restoreFromLocalCopy(ctx, item.task, info.keyGroupRange!, job.keyed[item.task]!.backend, choice.local, handles[0]!);
        localFiles = fromDisk.localFiles;
        res = fromDisk;
      } else if (logged) {
        const withLog = restoreFromChangelogHandles(ctx, item.task, info.keyGroupRange!, handles);
        changelogFigures = withLog.changelog;
        res = withLog;
      } else {
        res = restoreKeyedState(ctx.state.storage, ctx.state.scenario, job.keyed[item.task]!.backend, info.keyGroupRange!, handles);
      }
      files = res.files;
      entries = res.entries;
      if (choice) emitKeyedStateSource(ctx, item.task, r.checkpointId, choice, localFiles, files);
      // A KeyedBroadcastProcessFunction also restores its operator (broadcast) state.
      if (holdsBroadcastState(ctx.state.scenario, info.vertex)) {
        const restored = restoreOperatorStateOf(ctx, meta, info.vertex, info.index, job.topology.vertices.find((v) => v.name === info.vertex)!.parallelism);
        if (restored) job.keyed[item.task]!.operatorState = DefaultOperatorStateBackend.restore(restored).data;
      }
      // What this subtask really downloaded (the cache may have served some files), then the replay.
      downloadMs = uploadDurationMs(ctx, files.reduce((n, f) => n + f.size, 0), files.length);
      replayMs = choice?.local ? 0 : restoreTimeOf(ctx, handles).replayMs;
      if (job.keyed[item.task]!.changelog) {
        // `ChangelogKeyedStateBackend` L492–546: whatever the restore mode, every checkpoint after a
        // restore carries the restored materialized part plus the restored change sets until the
        // next materialization (NO_CLAIM never gets here: it is refused above).
        continueChangelogAfterRestore(ctx, item.task, handles, res.reusable);
      } else {
        // `RocksIncrementalSnapshotStrategy#asyncSnapshot`: a FULL_CHECKPOINT (FORWARD sharing, forced
        // after a NO_CLAIM restore) starts from an empty previous snapshot and uploads every SST anew;
        // CLAIM, LEGACY and failovers reuse the restored SSTs.
        const inc = job.checkpointing[item.task]!.incremental;
        // A native savepoint's SSTs are not reused: the engine registers no savepoint's files
        // (Flink's CLAIM mode would, `SharedStateRegistry#registerAllAfterRestored`), so the
        // first checkpoint after it uploads every SST again.
        if (inc && res.reusable && !r.forceFullSnapshot && !meta.isSavepoint) inc.confirmed = { checkpointId: r.checkpointId, ssts: res.reusable };
      }
    }
    if (job.sinks[item.task]) restoreTransactionalSink(ctx, item.task, meta);
  } catch (e) {
    job.restoring = null;
    removeWhere(ctx.state.queue, (it) => it.kind === 'task.restore');
    ctx.emit('restore.failed', { reason: `${item.task}: ${e instanceof Error ? e.message : String(e)}` }, { task: item.task });
    return;
  }
  r.remaining = r.remaining.filter((t) => t !== item.task);
  ctx.emit('restore.taskRestored', { checkpointId: r.checkpointId, files, bytes: files.reduce((n, f) => n + f.size, 0), entries, keyGroupRange: info.keyGroupRange, partitions, downloadMs, replayMs, changelog: changelogFigures }, { task: item.task });
  if (r.remaining.length === 0) {
    job.restoring = null;
    job.running = true;
    // The restore is over: the TaskManagers' changelog file caches are dropped (Flink evicts them after an idle timeout).
    for (const reader of Object.values(job.changelogReaders)) closeChangelogHandleReader(reader);
    startPeriodicMaterialization(ctx);
    for (const cp of Object.values(job.checkpointing)) cp.lastCompletedCheckpointId = r.checkpointId;
    ctx.emit('job.running', { attempt: job.attempt, restoredFrom: r.checkpointId }, { task: 'jobmanager' });
    startSources(ctx);
    // Unaligned checkpoints: the in-flight data is processed now, before the sources' first new records arrive.
    restoreChannelState(ctx, r.metadata);
  }
}
