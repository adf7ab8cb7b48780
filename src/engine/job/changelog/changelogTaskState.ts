/**
 * The changelog state backend of one keyed subtask, as plain data in engine state (Flink's
 * `ChangelogKeyedStateBackend` fields plus its `PeriodicMaterializationManager`): the DSTL
 * writer, the truncate helper, the last completed materialization (`ChangelogSnapshotState`),
 * the materialization in progress and its failure counter. And, per TaskManager, the upload
 * scheduler that batches every writer's change sets into shared files and the registry that
 * decides when the TaskManager may delete such a file.
 */
import { createChangelogKeyedStateBackendData, type ChangelogKeyedStateBackendData } from '../../changelog/backend/changelogKeyedStateBackendData';
import { createBatchingUploadScheduler, type BatchingStateChangeUploadSchedulerState } from '../../changelog/dstl/batchingStateChangeUploadScheduler';
import type { ChangelogStateHandleStreamImpl } from '../../changelog/dstl/changelogStateHandle';
import { createChangelogTruncateHelper, type ChangelogTruncateHelperState } from '../../changelog/dstl/changelogTruncateHelper';
import { DSTL_TEACHING_DEFAULTS } from '../../changelog/dstl/dstlOptions';
import { createFsStateChangelogWriter, type FsStateChangelogWriterState } from '../../changelog/dstl/fsStateChangelogWriterState';
import { fixedRetryPolicy } from '../../changelog/dstl/retryPolicy';
import { createTaskChangelogRegistry, type TaskChangelogRegistryState } from '../../changelog/dstl/taskChangelogRegistry';
import type { KeyGroupRange } from '../../keys/keyGroupRange';
import type { Scenario } from '../../scenario/scenarioSchema';
import type { NestedKeyedStateHandle } from '../../format/stateHandles';
import type { HeapKeyedStateBackendSnapshot } from '../../state/heapKeyedStateBackend';
import type { PendingUpload, UploadedSst } from '../taskCheckpointing';

/** `ChangelogSnapshotState`: what the next checkpoint's handle is built from. */
export interface ChangelogSnapshotState {
  /** The materialized part: the last materialization's nested handle (or the restored one). */
  materialized: NestedKeyedStateHandle[];
  /** Change sets restored from a checkpoint and not yet covered by a materialization. */
  restoredNonMaterialized: ChangelogStateHandleStreamImpl[];
  /** `lastMaterializedTo`: the sync point of the materialization; checkpoints persist from here. */
  materializedTo: number;
  /** `materializationID`; 0 when there is none. */
  materializationId: number;
}

/** A materialization whose asynchronous part (the nested snapshot's upload) is running. */
export interface RunningMaterialization {
  id: number;
  /** Its sync point: the sequence number the changelog had reached when it was triggered. */
  upTo: number;
  startedMs: number;
  uploads: PendingUpload[];
  handle: NestedKeyedStateHandle;
  stateSize: number;
  heapSnapshot: HeapKeyedStateBackendSnapshot | null;
  ssts: UploadedSst[] | null;
  /** Started by the periodic timer (which then re-arms itself), not by an action. */
  periodic: boolean;
}

export interface ChangelogTaskState {
  /** The decorator's own data (which states' METADATA is in the log). */
  backend: ChangelogKeyedStateBackendData;
  writer: FsStateChangelogWriterState;
  truncateHelper: ChangelogTruncateHelperState;
  snapshot: ChangelogSnapshotState;
  /** Materialization ids handed out so far (`materializedId`). */
  lastMaterializationId: number;
  lastConfirmedMaterializationId: number;
  lastFailedMaterializationId: number;
  running: RunningMaterialization | null;
  /** `numberOfConsecutiveFailures` of `PeriodicMaterializationManager`. */
  consecutiveFailures: number;
  /** The last checkpoint's persisted range (`lastCheckpointId`, `lastUploadedFrom`, `lastUploadedTo`). */
  lastCheckpoint: { checkpointId: number; from: number; to: number } | null;
  /** `materializationIdByCheckpointId`. */
  materializationIdByCheckpoint: Record<string, number>;
  /** The `fail` action with phase `materialization`: the next materialization's task fails. */
  failDuringMaterialization: boolean;
}

/** Per TaskManager: `BatchingStateChangeUploadScheduler` and `TaskChangelogRegistry`. */
export interface ChangelogTaskManagerState {
  name: string;
  scheduler: BatchingStateChangeUploadSchedulerState;
  registry: TaskChangelogRegistryState;
  /** Files written so far by this TaskManager (the small-file figure). */
  filesWritten: number;
}

/** The name a TaskManager goes by in paths and events. */
export function taskManagerName(index: number): string {
  return `tm-${index}`;
}

/** A new changelog backend for a keyed subtask (`FsStateChangelogStorage#createWriter`). */
export function createChangelogTaskState(task: string, range: KeyGroupRange): ChangelogTaskState {
  return {
    backend: createChangelogKeyedStateBackendData(),
    writer: createFsStateChangelogWriter({ logId: task, keyGroupRange: range, preEmptivePersistThresholdBytes: DSTL_TEACHING_DEFAULTS.preEmptivePersistThresholdBytes }),
    truncateHelper: createChangelogTruncateHelper(),
    snapshot: { materialized: [], restoredNonMaterialized: [], materializedTo: 0, materializationId: 0 },
    lastMaterializationId: 0,
    lastConfirmedMaterializationId: 0,
    lastFailedMaterializationId: 0,
    running: null,
    consecutiveFailures: 0,
    lastCheckpoint: null,
    materializationIdByCheckpoint: {},
    failDuringMaterialization: false,
  };
}

/** A TaskManager's DSTL upload side, configured from the scenario (teaching sizes). */
export function createChangelogTaskManager(s: Scenario, index: number): ChangelogTaskManagerState {
  const c = s.stateBackend.changelog;
  const name = taskManagerName(index);
  return {
    name,
    scheduler: createBatchingUploadScheduler(name, {
      persistDelayMs: c.persistDelayMs,
      persistSizeThresholdBytes: c.persistSizeThresholdBytes,
      maxBytesInFlight: Math.max(DSTL_TEACHING_DEFAULTS.maxBytesInFlight, c.persistSizeThresholdBytes),
      compression: DSTL_TEACHING_DEFAULTS.compression,
      retryPolicy: fixedRetryPolicy(c.uploadMaxAttempts, 1000, 500),
    }),
    registry: createTaskChangelogRegistry(),
    filesWritten: 0,
  };
}
