/**
 * The work items that wait in the event queue. Each step takes exactly one off the queue and
 * runs its handler (see handlers.ts). Items are plain data so that they survive snapshots.
 */
import type { DeclineReason, TaskAcknowledgement } from './coordinator/coordinatorState';
import type { SavepointFormatType } from './format/savepointFormat';

export type QueueItem =
  | { kind: 'sim.start' }
  /** Action number `index` of the scenario script is due. */
  | { kind: 'script.action'; index: number }
  /** A source subtask reads the next generated record of one of its partitions. */
  | { kind: 'source.tick'; task: string; partition: number }
  /** A source subtask reads the next record of a partition's script log. */
  | { kind: 'source.readLog'; task: string; partition: number }
  /** A record arrives at a subtask. */
  | {
      kind: 'record.arrive';
      task: string;
      key: string | number;
      keyGroup: number;
      value: number;
      from: string;
      /** Where the record was read: `p<partition>:g<offset>` (generator) or `p<partition>:l<offset>` (script log). */
      origin: string;
      /** The records that follow it in the same network buffer (`job.network.recordsPerBuffer` > 1), in channel order. */
      more?: { key: string | number; keyGroup: number; value: number; origin: string }[];
    }
  /** The periodic checkpoint scheduler fires (`CheckpointCoordinator.ScheduledTrigger`). */
  | { kind: 'checkpoint.periodic'; generation: number }
  /** The coordinator's trigger RPC reaches a source subtask. */
  | { kind: 'task.trigger'; task: string; checkpointId: number; isSavepoint: boolean; triggerMs: number; savepointFormat?: SavepointFormatType }
  /** A checkpoint barrier arrives on one input channel of a subtask. */
  | { kind: 'barrier.arrive'; task: string; from: string; checkpointId: number; isSavepoint: boolean; triggerMs: number; priority?: boolean; savepointFormat?: SavepointFormatType }
  /** A `CancelCheckpointMarker` arrives on one input channel of a subtask. */
  | { kind: 'cancelMarker.arrive'; task: string; from: string; checkpointId: number }
  /** A receiver's resume-consumption request reaches the sender `task` of channel task→to (it was blocked by barrier `checkpointId`). */
  | { kind: 'channel.resume'; task: string; to: string; checkpointId: number }
  /** A busy subtask finishes its record, or a subtask woken by returning credit processes again. */
  | { kind: 'task.process'; task: string }
  /** `execution.checkpointing.aligned-checkpoint-timeout` expires for a subtask still aligning. */
  | { kind: 'barrier.alignmentTimeout'; task: string; checkpointId: number }
  | { kind: 'barrier.outputTimeout'; task: string; checkpointId: number }
  /** The asynchronous part of a subtask's snapshot finishes uploading. */
  | { kind: 'task.asyncDone'; task: string; checkpointId: number }
  /** A subtask's decline reaches the coordinator (`receiveDeclineMessage`). */
  | { kind: 'checkpoint.decline'; task: string; checkpointId: number; reason: DeclineReason }
  /** A subtask's acknowledgement reaches the coordinator. */
  | { kind: 'checkpoint.ack'; task: string; checkpointId: number; ack: TaskAcknowledgement }
  /**
   * The JobManager's `confirmCheckpoint` RPC reaches a subtask of restart `attempt`
   * (`TaskExecutorGateway#confirmCheckpoint`): notifyCheckpointComplete, then notifyCheckpointSubsumed.
   */
  | { kind: 'task.notifyComplete'; task: string; checkpointId: number; isSavepoint?: boolean; lastSubsumedId: number | null; attempt: number }
  /** The JobManager's `abortCheckpoint` RPC reaches a subtask of restart `attempt` (`notifyCheckpointAborted`). */
  | { kind: 'task.notifyAborted'; task: string; checkpointId: number; attempt: number }
  /** A subtask of a restarting job has downloaded its files and rebuilds its state. */
  | { kind: 'task.restore'; task: string }
  /** RocksDB's background flush runs for a subtask. */
  | { kind: 'lsm.flush'; task: string }
  /** A running RocksDB compaction of a subtask finishes. */
  | { kind: 'lsm.compactionDone'; task: string }
  /** The checkpoint timeout fires (`CheckpointCanceller`). */
  | { kind: 'checkpoint.timeout'; checkpointId: number }
  /** A TaskManager's DSTL persist-delay timer fires (`BatchingStateChangeUploadScheduler#drainAndSave`). */
  | { kind: 'dstl.drain'; taskManager: string }
  /** The current attempt to write a DSTL batch file ends. */
  | { kind: 'dstl.uploadDone'; taskManager: string; batchId: number; attempt: number }
  /** A failed DSTL batch is tried again (`RetryingExecutor`). */
  | { kind: 'dstl.retry'; taskManager: string; batchId: number }
  /** A materialization is due (periodic timer) for a changelog subtask. */
  | { kind: 'changelog.materialize'; task: string; periodic: boolean }
  /** A materialization's upload (the nested snapshot's asynchronous part) ends. */
  | { kind: 'changelog.materializationDone'; task: string; materializationId: number };

export type QueueItemKind = QueueItem['kind'];
export type QueueItemOf<K extends QueueItemKind> = Extract<QueueItem, { kind: K }>;
