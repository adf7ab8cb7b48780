/**
 * The running job as plain data: the topology, and per subtask what it holds. Sources keep
 * their read offset (operator state in Flink); keyed operators keep their keyed backend; sinks
 * keep what they have received and emitted.
 */
import type { ScenarioRecord } from '../scenario/actionSchema';
import type { Scenario } from '../scenario/scenarioSchema';
import type { CheckpointMetadata } from '../format/metadataFormat';
import { createKeyedBackend, type KeyedBackendData } from './keyedBackend';
import { buildTopology, type Topology } from './topology';
import { createTaskCheckpointing, type TaskCheckpointing } from './taskCheckpointing';
import type { ExternalTransaction } from './sink/externalTransactions';
import type { SeenRuns } from './sink/seenRuns';
import type { TwoPhaseCommitState } from './sink/transactionalSink';
import { createChangelogTaskManager, createChangelogTaskState, taskManagerName, type ChangelogTaskManagerState, type ChangelogTaskState } from './changelog/changelogTaskState';
import type { ChangelogHandleReaderState } from '../changelog/dstl/changelogHandleReaderWithCache';
import type { ChannelOutState, TaskFlowState } from './channelState';
import { DefaultOperatorStateBackend, type OperatorStateBackendData } from '../state/defaultOperatorStateBackend';
import { initialLegacyPartitions, usesUnionOffsets } from './legacyKafkaConsumer';
import { holdsBroadcastState } from './broadcastRules';

/**
 * One partition of the replayable input (like a Kafka partition): the generator stream and the
 * script log of partition i. A source subtask reads the partitions assigned to it; on restore
 * at another parallelism the partitions are redistributed as operator state.
 */
export interface SourcePartitionState {
  partition: number;
  /** Next generator offset to read. */
  offset: number;
  /** Next position in the partition's script log (records of `emit` actions). */
  logOffset: number;
}

export interface SourceTaskState {
  /** The partitions this subtask reads, with their offsets (checkpointed as operator state). */
  partitions: SourcePartitionState[];
  emitted: number;
  /** Stopped for a stop-with-savepoint (`SourceOperator#stop`): DRAIN or NO_DRAIN; it reads nothing more. */
  stopped?: 'DRAIN' | 'NO_DRAIN';
}

export interface KeyedTaskState {
  operator: string;
  backend: KeyedBackendData;
  processed: number;
  /** RocksDB background work in progress (one flush and one compaction at a time). */
  lsm: { flushScheduled: boolean; compacting: boolean };
  /** The changelog state backend around `backend`, when the job runs with the changelog. */
  changelog: ChangelogTaskState | null;
  /** Operator state (`DefaultOperatorStateBackend`): the broadcast rules of a KeyedBroadcastProcessFunction (broadcastRules.ts). */
  operatorState?: OperatorStateBackendData;
}

export interface SinkTaskState {
  received: number;
  /** Transactional sinks only: the current and pre-committed transactions (job/sink/transactionalSink.ts). */
  twoPhaseCommit?: TwoPhaseCommitState;
}

/**
 * What the sinks have emitted to the outside world (a topic or a table): it survives restarts,
 * so a record emitted again after a restore is visible as a duplicate.
 */
export interface SinkOutput {
  /**
   * How often each record became visible, as runs of offsets per input stream (`p<i>:g`, `p<i>:l`):
   * job/sink/seenRuns.ts. Not one key per record: every keyframe copies this object.
   */
  seen: SeenRuns;
  emitted: number;
  duplicates: number;
  /** Transactions of the transactional sinks, oldest first; absent until the first begins (job/sink/externalTransactions.ts). */
  transactions?: ExternalTransaction[];
}

export interface JobState {
  topology: Topology;
  sources: Record<string, SourceTaskState>;
  keyed: Record<string, KeyedTaskState>;
  sinks: Record<string, SinkTaskState>;
  /**
   * Records of `emit` actions, per partition (`p<i>`), in order: the external log a source reads
   * from (like a topic partition), so a rewound source can read them again. It lives outside
   * Flink and survives restarts.
   */
  scriptLog: Record<string, ScenarioRecord[]>;
  /** The sinks' output outside Flink (carried across restarts like `scriptLog`). */
  output: SinkOutput;
  /** Barrier alignment and running snapshots, per subtask. */
  checkpointing: Record<string, TaskCheckpointing>;
  /** Whether keyed backends run inside the changelog backend (the scenario's setting, or a restore's switch). */
  changelogEnabled: boolean;
  /** Per TaskManager (`tm-<n>`): the DSTL upload scheduler and file registry (changelog only). */
  changelogTms: Record<string, ChangelogTaskManagerState>;
  /** Per TaskManager: how a restore reads changelog files (directly, or through the file cache). */
  changelogReaders: Record<string, ChangelogHandleReaderState>;
  /** Network channels by `from->to`: what waits for credit and what is on the wire. */
  channels: Record<string, ChannelOutState>;
  /** Per subtask: queued input and whether it is busy (records take `processingMs` each). */
  flow: Record<string, TaskFlowState>;
  /** Restart count: 0 for the first run, +1 per restore. */
  attempt: number;
  /** False while the job is being restored (or failed to restore). */
  running: boolean;
  /** The restore in progress: the checkpoint's metadata and the subtasks still rebuilding. */
  restoring: {
    checkpointId: number;
    metadata: CheckpointMetadata;
    remaining: string[];
    /**
     * The restore mode of a job submitted with a snapshot (`RestoreMode`); null for a failover or
     * a restart of the job from its own checkpoint.
     */
    mode: 'CLAIM' | 'NO_CLAIM' | 'LEGACY' | null;
    /**
     * `CheckpointCoordinator#forceFullSnapshot` (= the restored checkpoint's properties are
     * unclaimed, i.e. NO_CLAIM): the job's first checkpoint is a FULL_CHECKPOINT, so the
     * incremental strategy reuses none of the restored files.
     */
    forceFullSnapshot: boolean;
  } | null;
  /** Set when the job was cancelled (`JobStatus.CANCELED`): nothing runs until a new job is submitted. */
  canceled?: boolean;
  /**
   * Set when the job ended with stop-with-savepoint (`JobStatus.FINISHED`): the id of its last
   * state, the synchronous savepoint; nothing runs until a new job is submitted.
   */
  finished?: { savepointId: number };
  /** Tasks that finished after the synchronous savepoint's notifyCheckpointComplete. */
  finishedTasks?: string[];
}

/** The script-log key of partition i. */
export function partitionKey(partition: number): string {
  return `p${partition}`;
}

/**
 * A fresh job (no state) for a scenario, optionally at another parallelism and with the changelog
 * switched on or off (a restore may switch it; the default is the scenario's setting).
 */
export function createJobState(s: Scenario, parallelism?: number, changelogEnabled = s.stateBackend.changelog.enabled): JobState {
  const topology = buildTopology(s, parallelism);
  const job: JobState = { topology, sources: {}, keyed: {}, sinks: {}, scriptLog: {}, output: { seen: {}, emitted: 0, duplicates: 0 }, checkpointing: {}, changelogEnabled, changelogTms: {}, changelogReaders: {}, channels: {}, flow: {}, attempt: 0, running: true, restoring: null };
  if (changelogEnabled) for (let i = 0; i < topology.taskManagers; i++) job.changelogTms[taskManagerName(i)] = createChangelogTaskManager(s, i);
  for (const t of topology.subtasks) {
    const vertex = topology.vertices.find((v) => v.name === t.vertex)!;
    job.checkpointing[t.name] = createTaskCheckpointing();
    if (vertex.kind === 'keyed' && s.stateBackend.type === 'rocksdb') {
      job.checkpointing[t.name]!.incremental = { pending: [], confirmed: null, backendIdentifier: `${t.name}@${topology.maxParallelism}` };
    }
    if (vertex.kind === 'source') {
      // The legacy consumer assigns partitions with KafkaTopicPartitionAssigner; the default source reads partition i.
      const partitions = usesUnionOffsets(s) ? initialLegacyPartitions(t.index, vertex.parallelism, vertex.parallelism) : [{ partition: t.index, offset: 0, logOffset: 0 }];
      job.sources[t.name] = { partitions, emitted: 0 };
      job.scriptLog[partitionKey(t.index)] = [];
    } else if (vertex.kind === 'keyed') {
      const changelog = changelogEnabled ? createChangelogTaskState(t.name, t.keyGroupRange!) : null;
      job.keyed[t.name] = { operator: vertex.name, backend: createKeyedBackend(s, topology.maxParallelism, t.keyGroupRange!), processed: 0, lsm: { flushScheduled: false, compacting: false }, changelog };
      if (holdsBroadcastState(s, vertex.name)) job.keyed[t.name]!.operatorState = DefaultOperatorStateBackend.create().data;
    } else {
      job.sinks[t.name] = { received: 0 };
    }
  }
  return job;
}
