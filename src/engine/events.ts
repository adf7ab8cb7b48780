/**
 * The event union: everything the engine records for views, the CLI and tests. Every event has
 * a namespaced `type`, the step that produced it, the simulated time, the task it concerns (if
 * any) and `flinkRef`, the Flink class or method it models, so a learner can find the real code.
 *
 * To add an event: add its payload to `EventPayloads` and its Flink reference to `FLINK_REFS`;
 * the compiler then insists every type has one (and the UI's event texts, too).
 */
import type { UserAction } from './actions';
import type { StateKind } from './state/stateDescriptor';
import type { KeyGroupRange } from './keys/keyGroupRange';
import type { RecordsSummaryPayload } from './recordSummary';

export interface EventBase {
  /** 1-based index of the step that produced the event. */
  step: number;
  /** Simulated time in logical milliseconds. */
  atMs: number;
  /** Task name, `<operator>#<subtaskIndex>`, when the event concerns one task. */
  task?: string;
  flinkRef: string;
}

type Key = string | number;
/** A state value as the summary shows it (number, list, map as object, or null). */
export type StateValueView = null | number | number[] | Record<string, number>;

export interface EventPayloads {
  'sim.started': { seed: number; untilMs: number; tasks: number; maxParallelism: number };
  'user.action': { action: UserAction };
  'source.emitted': { partition: number; offset: number; fromLog: boolean; key: Key; value: number; keyGroup: number; to: string };
  'state.updated': { key: Key; keyGroup: number; state: string; kind: StateKind; input: number; value: StateValueView };
  'sink.received': { key: Key; value: number; from: string };
  /**
   * Summary recording (recordSummary.ts): the per-record events of type `of` that one task emitted
   * in this step, counted and summarized instead of kept one by one (flinkRef: that type's).
   */
  'records.summarized': RecordsSummaryPayload;
  'sink.beginTransaction': { transaction: string };
  'sink.preCommit': { transaction: string; checkpointId: number; isSavepoint: boolean; records: number; /** Transactions now waiting for their commit, oldest first. */ pending: string[] };
  'sink.commit': { transaction: string; /** The checkpoint that pre-committed it. */ checkpointId: number; notifiedCheckpointId: number; records: number; duplicates: number };
  'sink.abort': { transaction: string; reason: 'close' | 'recoverAndAbort' | 'lingering'; /** The checkpoint that pre-committed it, null if it was still open. */ checkpointId: number | null; records: number };
  'sink.recoverAndCommit': { transaction: string; checkpointId: number; restoredCheckpointId: number; outcome: 'committed' | 'already-committed' | 'already-aborted' | 'unknown'; records: number; duplicates: number };
  'checkpoint.triggered': { checkpointId: number; isSavepoint: boolean; tasks: number; timeoutAtMs: number };
  /** A request is refused (`CheckpointFailureReason`); a min-pause refusal moves the periodic trigger to `rescheduledAtMs`. */
  'checkpoint.triggerSkipped': {
    reason: 'MINIMUM_TIME_BETWEEN_CHECKPOINTS' | 'TOO_MANY_CHECKPOINT_REQUESTS' | 'NOT_ALL_REQUIRED_TASKS_RUNNING';
    isSavepoint: boolean;
    periodic: boolean;
    pending: number;
    rescheduledAtMs: number | null;
  };
  /** A request waits in `CheckpointRequestDecider`'s queue: max-concurrent checkpoints are pending. */
  'checkpoint.requestQueued': { isSavepoint: boolean; periodic: boolean; pending: number; maxConcurrent: number; queued: number };
  'barrier.injected': { checkpointId: number; to: string[] };
  'barrier.received': { checkpointId: number; from: string; arrived: number; of: number; blocked: boolean };
  /** `resumed`: the blocked channels whose senders may send again. */
  'barrier.aligned': { checkpointId: number; alignmentDurationMs: number; resumed: number };
  /** A record waits at the sender (`task`) behind the aligned barrier that blocked channel task→to; `held`: what waits there now. */
  'record.held': { checkpointId: number; to: string; key: Key; value: number; held: number };
  /** An aligned barrier left `task` for `to`: the subpartition is blocked until `to` resumes consumption. */
  'channel.blocked': { to: string; checkpointId: number };
  /** `to`'s resume request reached `task`: the subpartition sends again; `waiting` elements were held there. */
  'channel.resumed': { to: string; checkpointId: number; waiting: number };
  /** `task` sends CancelCheckpointMarker(n) downstream: it declined n at its barrier, or was told n was aborted before taking it. */
  'cancelMarker.sent': { checkpointId: number; to: string[]; why: 'declined' | 'aborted' };
  /** A CancelCheckpointMarker reached `task`; `cancelled`: it ended (or forestalled) the alignment of n. */
  'cancelMarker.received': { checkpointId: number; from: string; cancelled: boolean };
  /** A JobManager notification RPC reached `task` and what the task did with it. */
  'task.notified': { checkpointId: number; notification: 'complete' | 'subsumed' | 'aborted'; outcome: 'confirmed' | 'subsumed' | 'cancelled-async-part' | 'remembered' | 'nothing-to-cancel' };
  'checkpoint.syncSnapshot': {
    checkpointId: number;
    isSavepoint: boolean;
    stateSize: number;
    uploads: number;
    forwardedTo: string[];
    asyncDurationMs: number;
    /** Snapshot compression measured on the bytes written: S_c = S_o × C (seed 003). */
    compression: { originalBytes: number; compressedBytes: number } | null;
  };
  'file.uploaded': { checkpointId: number; path: string; size: number; kind: string; sst: number | null; /** SSTs a compaction merged into this one. */ inputs: number[]; /** An SST whose RocksDB blocks are compressed: its size with every block raw (size is what was stored). */ rawSize?: number };
  'checkpoint.asyncCompleted': {
    checkpointId: number;
    checkpointedSize: number;
    /** Bytes of the files this step wrote (DSTL uploads happen in their own steps). */
    uploadedBytes: number;
    asyncDurationMs: number;
    /** A changelog checkpoint: its own change sets [fromSqn, toSqn), their size and the DSTL files (batches of the TaskManager) holding them. */
    changelog?: { fromSqn: number; toSqn: number; deltaBytes: number; dstlFiles: string[] };
  };
  'checkpoint.declined': { checkpointId: number; reason: string };
  'job.failed': { reason: string; restartFrom: number | null };
  'checkpoint.acknowledged': { checkpointId: number; acknowledged: number; of: number };
  'checkpoint.completed': { checkpointId: number; isSavepoint: boolean; checkpointedSize: number; stateSize: number; durationMs: number; metadataPath: string; retained: number[] };
  'checkpoint.subsumed': { checkpointId: number; by: number };
  'checkpoint.aborted': { checkpointId: number; reason: string; continuousFailures: number };
  'checkpoint.notified': { checkpointId: number; notification: 'complete' | 'subsumed' | 'aborted'; tasks: number };
  'file.discarded': { path: string; size: number; reason: string };
  'memtable.sealed': { cf: string; memtableId: number; bytes: number; entries: number };
  'sst.flushed': { cf: string; sst: number; level: number; sizeBytes: number; entries: number; reason: string };
  'compaction.started': { cf: string; inputs: number[]; inputLevel: number; outputLevel: number; reason: string };
  'compaction.finished': { cf: string; inputs: number[]; outputs: number[]; outputLevel: number; trivialMove: boolean; droppedTombstones: number; bytesWritten: number };
  /** `mode`: the restore mode of a submitted job (null: a failover or restart from the job's own checkpoint). */
  'restore.started': { checkpointId: number; isSavepoint: boolean; metadataPath: string; parallelism: number; previousParallelism: number; attempt: number; mode: 'CLAIM' | 'NO_CLAIM' | 'LEGACY' | null; forceFullSnapshot: boolean };
  /** A new job (new JobID) is submitted with a snapshot; the previous job was cancelled or is suspended. */
  /** `claimedSavepoint`: a savepoint restored in CLAIM mode (1.15+) leaves the user's savepoints: the new job owns it. */
  'job.submitted': { jobId: string; previousJobId: string; previousStatus: 'CANCELED' | 'SUSPENDED' | 'FINISHED'; checkpointId: number; isSavepoint: boolean; mode: 'CLAIM' | 'NO_CLAIM' | 'LEGACY'; claimedSavepoint: boolean };
  /** Stop-with-savepoint: the periodic scheduler stops and a synchronous savepoint is triggered (null: refused). */
  'job.stopWithSavepoint': { checkpointId: number | null; drain: boolean; reason: string | null };
  /** A source stops for the synchronous savepoint before injecting its barrier (DRAIN: MAX_WATERMARK and end of input first). */
  'source.stopped': { checkpointId: number; drain: boolean };
  /** A task finishes after the synchronous savepoint's notifyCheckpointComplete. */
  'task.finished': { checkpointId: number };
  /** Every task finished after the synchronous savepoint: the job is FINISHED; its checkpoints are discarded. */
  'job.finished': { savepointId: number; drain: boolean; discarded: number[] };
  /** The job was cancelled: retained checkpoints discarded or kept per the externalized-checkpoint retention. */
  'job.canceled': { retention: 'NO_EXTERNALIZED_CHECKPOINTS' | 'DELETE_ON_CANCELLATION' | 'RETAIN_ON_CANCELLATION'; discarded: number[]; kept: number[]; savepoints: number[] };
  'restore.failed': { reason: string };
  'restore.taskRestored': {
    checkpointId: number;
    files: { path: string; size: number }[];
    bytes: number;
    entries: number;
    keyGroupRange: KeyGroupRange | null;
    partitions: number[];
    /** The subtask's restore time, split: downloading files, then replaying changelog changes. */
    downloadMs: number;
    replayMs: number;
    /** Changelog restores: change sets and changes replayed, (file, offset) reads and remote downloads. */
    changelog: { changeSets: number; changes: number; reads: number; downloads: number } | null;
  };
  /**
   * One operator state of a new subtask, redistributed by `RoundRobinOperatorStateRepartitioner`:
   * which entries it received from which old subtask and, for the legacy consumer's UNION offsets,
   * the partitions it keeps (`kept`, else null). Entries are `p<partition>@<offset>` or `<key>=<value>`.
   */
  'restore.operatorState': { checkpointId: number; state: string; mode: 'SPLIT_DISTRIBUTE' | 'UNION' | 'BROADCAST'; oldParallelism: number; received: { from: number; entries: string[] }[]; kept: string[] | null };
  'job.running': { attempt: number; restoredFrom: number };
  /** The rules stream (broadcastRules.ts) sends rule number `n` to every subtask of the broadcast operator. */
  'broadcast.ruleSent': { rule: string; value: number; n: number; to: string[] };
  /** `processBroadcastElement`: a subtask writes a rule into its broadcast state. */
  'broadcast.stateUpdated': { state: string; rule: string; value: number; entries: number };
  'changelog.persisted': { checkpointId: number | null; fromSqn: number; toSqn: number; changeSets: number; bytes: number; ready: boolean };
  'changelog.truncated': { toSqn: number; releasedChangeSets: number; releasedBytes: number; droppedNotUploaded: number; why: string };
  'changelog.materialization.started': { materializationId: number; upToSqn: number; uploads: number; bytes: number; periodic: boolean };
  'changelog.materialization.skipped': { reason: 'not-changelog' | 'running' | 'unconfirmed' | 'no-changes' | 'job-not-running' };
  'changelog.materialization.completed': { materializationId: number; upToSqn: number; uploadedBytes: number; stateSize: number; durationMs: number };
  'changelog.materialization.failed': { materializationId: number; consecutiveFailures: number; maxFailuresAllowed: number; reason: string };
  'changelog.restore.read': { file: string; offset: number; bytes: number; downloaded: boolean; downloadsOfFile: number; cached: boolean };
  'changelog.restore.replayed': { changeSets: number; changes: number; fromSqn: number; toSqn: number; files: number };
  'dstl.uploadStarted': { taskManager: string; batchId: number; attempt: number; file: string; bytes: number; changeSets: number; writers: string[] };
  'dstl.uploaded': { taskManager: string; batchId: number; attempt: number; file: string; bytes: number; changeSets: number; writers: string[] };
  'dstl.uploadFailed': { taskManager: string; batchId: number; attempt: number; file: string; willRetry: boolean; maxAttempts: number };
  'channel.backPressured': { to: string; queued: number; capacity: number };
  'channel.released': { to: string };
  'barrier.overtook': { checkpointId: number; inputRecords: number; outputRecords: number; waitingFor: string[] };
  'barrier.alignmentTimedOut': { checkpointId: number; afterMs: number; arrived: number; of: number; /** Channels still blocked at their senders (until every barrier is in). */ blocked: number };
  'barrier.outputTimedOut': { checkpointId: number; afterMs: number; channels: string[]; outputRecords: number };
  'channel.statePersisted': { checkpointId: number; inputRecords: number; outputRecords: number; bytes: number };
  'restore.channelState': { checkpointId: number; records: number; from: string[] };
  'storage.slowed': { factor: number; untilMs: number | null };
  /** Local recovery: `task` registered the local copy of checkpoint n on its TaskManager's disk (`dir`); `kept`: the checkpoints its store holds now. */
  'localState.stored': { checkpointId: number; taskManager: string; dir: string; files: number; bytes: number; kept: number[] };
  /** Local copies deleted from the TaskManager's disk: older than a confirmed checkpoint, an aborted one, or all but the restored one. */
  'localState.pruned': { taskManager: string; checkpointIds: number[]; bytes: number; why: 'confirmed' | 'aborted' | 'restored'; checkpointId: number; kept: number[] };
  /**
   * Local recovery: where a restoring keyed subtask takes its state from (`PrioritizedOperatorSubtaskState`:
   * the local alternative first, then the JobManager's remote handle) and the bytes it read from each.
   */
  'restore.localState': {
    checkpointId: number;
    taskManager: string;
    source: 'local' | 'remote';
    /** Why not local: no copy of this checkpoint on this TaskManager's disk (new TaskManager, other job, older checkpoint), other key groups (rescaled), or the changelog backend. */
    reason: 'found' | 'no-local-copy' | 'other-key-groups' | 'changelog';
    localFiles: number;
    localBytes: number;
    remoteFiles: number;
    remoteBytes: number;
  };
  /** A TaskManager is lost (process or machine gone): its slots and local disk with it; a replacement with an empty disk takes its place. */
  'taskManager.lost': { taskManager: string; tasks: string[]; localSnapshots: number; localBytes: number; incarnation: number };
  /** A scripted action that no longer applies after a branch (src/engine/scriptSkips.ts), skipped. */
  'script.skipped': { index: number; action: UserAction; reason: 'task-not-running' | 'not-rocksdb' | 'files-not-live'; task: string; missing: number[]; live: number[] };
}

export type EventType = keyof EventPayloads;

export type EngineEvent = {
  [T in EventType]: EventBase & { type: T } & EventPayloads[T];
}[EventType];

export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;

const O = 'org.apache.flink.';

/** The Flink class or method each event type models (or "-" where it is the simulator's own). */
export const FLINK_REFS: Record<EventType, string> = {
  'sim.started': `${O}runtime.scheduler.DefaultScheduler#startScheduling`,
  'user.action': '-',
  'source.emitted': `${O}streaming.api.operators.SourceOperator#emitNext`,
  'state.updated': `${O}runtime.state.internal.InternalKvState`,
  'sink.received': `${O}streaming.api.functions.sink.v2.SinkWriter#write`,
  'records.summarized': '- (the simulator\'s summary recording: per-record events counted per step; each summary carries the Flink reference of the events it counts)',
  'sink.beginTransaction': `${O}streaming.api.functions.sink.TwoPhaseCommitSinkFunction#beginTransaction`,
  'sink.preCommit': `${O}streaming.api.functions.sink.TwoPhaseCommitSinkFunction#preCommit`,
  'sink.commit': `${O}streaming.api.functions.sink.TwoPhaseCommitSinkFunction#commit`,
  'sink.abort': `${O}streaming.api.functions.sink.TwoPhaseCommitSinkFunction#abort`,
  'sink.recoverAndCommit': `${O}streaming.api.functions.sink.TwoPhaseCommitSinkFunction#recoverAndCommit`,
  'checkpoint.triggered': `${O}runtime.checkpoint.CheckpointCoordinator#triggerCheckpoint`,
  'checkpoint.triggerSkipped': `${O}runtime.checkpoint.CheckpointRequestDecider#chooseRequestToExecute`,
  'checkpoint.requestQueued': `${O}runtime.checkpoint.CheckpointRequestDecider#chooseRequestToExecute`,
  'barrier.injected': `${O}streaming.runtime.tasks.SourceStreamTask#triggerCheckpointAsync`,
  'barrier.received': `${O}streaming.runtime.io.checkpointing.SingleCheckpointBarrierHandler#processBarrier`,
  'barrier.aligned': `${O}streaming.runtime.io.checkpointing.SingleCheckpointBarrierHandler#triggerCheckpoint`,
  'record.held': `${O}runtime.io.network.partition.PipelinedSubpartition#pollBuffer (isBlocked)`,
  'channel.blocked': `${O}runtime.io.network.partition.PipelinedSubpartition#pollBuffer (Buffer.DataType#isBlockingUpstream)`,
  'channel.resumed': `${O}runtime.io.network.partition.PipelinedSubpartition#resumeConsumption`,
  'cancelMarker.sent': `${O}streaming.runtime.tasks.SubtaskCheckpointCoordinatorImpl#abortCheckpointOnBarrier (CancelCheckpointMarker)`,
  'cancelMarker.received': `${O}streaming.runtime.io.checkpointing.SingleCheckpointBarrierHandler#processCancellationBarrier`,
  'task.notified': `${O}streaming.runtime.tasks.SubtaskCheckpointCoordinatorImpl#notifyCheckpointAborted`,
  'checkpoint.syncSnapshot': `${O}streaming.runtime.tasks.SubtaskCheckpointCoordinatorImpl#checkpointState`,
  'file.uploaded': `${O}runtime.state.filesystem.FsCheckpointStreamFactory$FsCheckpointStateOutputStream#closeAndGetHandle`,
  'checkpoint.asyncCompleted': `${O}streaming.runtime.tasks.AsyncCheckpointRunnable#run`,
  'checkpoint.declined': `${O}runtime.messages.checkpoint.DeclineCheckpoint (CheckpointResponder#declineCheckpoint)`,
  'job.failed': `${O}runtime.checkpoint.CheckpointFailureManager#handleCheckpointException`,
  'checkpoint.acknowledged': `${O}runtime.checkpoint.CheckpointCoordinator#receiveAcknowledgeMessage`,
  'checkpoint.completed': `${O}runtime.checkpoint.CheckpointCoordinator#completePendingCheckpoint`,
  'checkpoint.subsumed': `${O}runtime.checkpoint.DefaultCompletedCheckpointStore#addCheckpointAndSubsumeOldestOne`,
  'checkpoint.aborted': `${O}runtime.checkpoint.CheckpointCoordinator#abortPendingCheckpoint`,
  'checkpoint.notified': `${O}runtime.checkpoint.CheckpointCoordinator#sendAcknowledgeMessages / sendAbortedMessages`,
  'file.discarded': `${O}runtime.state.StreamStateHandle#discardState`,
  'memtable.sealed': `${O}contrib.streaming.state.RocksDBKeyedStateBackend (RocksDB MemTable switch)`,
  'sst.flushed': `${O}contrib.streaming.state.RocksDBKeyedStateBackend (RocksDB FlushJob)`,
  'compaction.started': `${O}contrib.streaming.state.RocksDBConfigurableOptions#USE_DYNAMIC_LEVEL_SIZE (RocksDB CompactionPicker)`,
  'compaction.finished': `${O}contrib.streaming.state.RocksDBConfigurableOptions#TARGET_FILE_SIZE_BASE (RocksDB CompactionJob)`,
  'restore.started': `${O}runtime.checkpoint.CheckpointCoordinator#restoreLatestCheckpointedStateToAll`,
  'restore.failed': `${O}runtime.checkpoint.CheckpointCoordinator#restoreSavepoint`,
  'job.submitted': `${O}runtime.checkpoint.CheckpointCoordinator#restoreSavepoint (SavepointRestoreSettings, RestoreMode)`,
  'job.canceled': `${O}runtime.checkpoint.DefaultCompletedCheckpointStore#shutdown (ExternalizedCheckpointRetention)`,
  'job.stopWithSavepoint': `${O}runtime.scheduler.SchedulerBase#stopWithSavepoint → CheckpointCoordinator#triggerSynchronousSavepoint`,
  'source.stopped': `${O}streaming.runtime.tasks.SourceOperatorStreamTask#triggerStopWithSavepointAsync (SourceOperator#stop, StopMode)`,
  'task.finished': `${O}streaming.runtime.tasks.StreamTask#notifyCheckpointCompleteAsync (synchronous savepoint: finishedOperators, task FINISHED)`,
  'job.finished': `${O}runtime.scheduler.stopwithsavepoint.StopWithSavepointTerminationHandlerImpl#handleExecutionsTermination (JobStatus.FINISHED)`,
  'restore.taskRestored': `${O}streaming.api.operators.StreamTaskStateInitializerImpl#streamOperatorStateContext`,
  'job.running': `${O}runtime.scheduler.DefaultScheduler#restartTasks`,
  'changelog.persisted': `${O}changelog.fs.FsStateChangelogWriter#persist`,
  'changelog.truncated': `${O}state.changelog.ChangelogTruncateHelper#checkpointSubsumed → FsStateChangelogWriter#truncate`,
  'changelog.materialization.started': `${O}state.common.PeriodicMaterializationManager#triggerMaterialization`,
  'changelog.materialization.skipped': `${O}state.changelog.ChangelogKeyedStateBackend#initMaterialization`,
  'changelog.materialization.completed': `${O}state.changelog.ChangelogKeyedStateBackend#handleMaterializationResult`,
  'changelog.materialization.failed': `${O}state.common.PeriodicMaterializationManager#asyncMaterializationPhase`,
  'changelog.restore.read': `${O}changelog.fs.ChangelogStreamHandleReaderWithCache#openAndSeek`,
  'changelog.restore.replayed': `${O}state.changelog.restore.ChangelogBackendRestoreOperation#readBackendHandle`,
  'dstl.uploadStarted': `${O}changelog.fs.BatchingStateChangeUploadScheduler#drainAndSave`,
  'dstl.uploaded': `${O}changelog.fs.StateChangeFsUploader#upload`,
  'dstl.uploadFailed': `${O}changelog.fs.RetryingExecutor`,
  'channel.backPressured': `${O}runtime.io.network.partition.consumer.RemoteInputChannel#getNumberOfRequiredBuffers (credit-based flow control)`,
  'channel.released': `${O}runtime.io.network.netty.CreditBasedPartitionRequestClientHandler#notifyCreditAvailable`,
  'barrier.overtook': `${O}streaming.runtime.io.checkpointing.SingleCheckpointBarrierHandler (unaligned: ChannelStateWriter#start)`,
  'barrier.alignmentTimedOut': `${O}streaming.runtime.io.checkpointing.AlternatingWaitingForFirstBarrier#alignedCheckpointTimeout`,
  'barrier.outputTimedOut': `${O}runtime.io.network.partition.PipelinedSubpartition#alignedBarrierTimeout`,
  'channel.statePersisted': `${O}runtime.checkpoint.channel.ChannelStateWriterImpl#finishInput / finishOutput`,
  'restore.channelState': `${O}streaming.runtime.tasks.StreamTask#restoreInternal → SequentialChannelStateReaderImpl`,
  'restore.operatorState': `${O}runtime.checkpoint.RoundRobinOperatorStateRepartitioner#repartitionState → OperatorStateRestoreOperation#restore`,
  'broadcast.ruleSent': `${O}streaming.api.datastream.DataStream#broadcast(MapStateDescriptor...)`,
  'broadcast.stateUpdated': `${O}streaming.api.operators.co.CoBroadcastWithKeyedOperator#processElement2 → KeyedBroadcastProcessFunction#processBroadcastElement`,
  'storage.slowed': '- (the simulator: a slow DFS or object store)',
  'localState.stored': `${O}runtime.state.TaskLocalStateStoreImpl#storeLocalState`,
  'localState.pruned': `${O}runtime.state.TaskLocalStateStoreImpl#pruneCheckpoints (confirmCheckpoint / abortCheckpoint / pruneMatchingCheckpoints)`,
  'restore.localState': `${O}runtime.state.TaskStateManagerImpl#prioritizedOperatorState (PrioritizedOperatorSubtaskState)`,
  'taskManager.lost': `${O}runtime.jobmaster.JobMaster#disconnectTaskManager (heartbeat timeout; TaskExecutorLocalStateStoresManager's directories go with the TaskManager)`,
  'script.skipped': '- (the simulator\'s script; RocksDB DB::CompactFiles refuses input files that are not live: Status::InvalidArgument)',
};

/** Event types grouped by namespace (`checkpoint`, `barrier`, …) for filters and "next event of this kind". */
export function eventNamespace(type: EventType): string {
  const dot = type.indexOf('.');
  return dot < 0 ? type : type.slice(0, dot);
}
