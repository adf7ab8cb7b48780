/**
 * The root wires the upcalls of the engine's folders. Folders import only folders below them
 * (test/architecture/engineImportCycles.test.ts); where a lower folder must reach an upper one in
 * the same step, it defines the interface and calls it through the StepContext, and this table
 * implements it with the upper folder's function.
 */
import type { CheckpointableTask } from './dataflow/checkpointableTask';
import type { FailJobCallback } from './coordinator/failJobCallback';
import type { TaskFailureListener } from './job/taskFailure';
import type { TaskFinishedListener } from './job/taskFinished';
import { finishTaskAfterSyncSavepoint } from './restore/finishJob';
import { failJob } from './restore/failover';
import { performCheckpoint } from './snapshot/snapshotLifecycle';

export type EngineHooks = TaskFailureListener & FailJobCallback & CheckpointableTask & TaskFinishedListener;

export const ENGINE_HOOKS: EngineHooks = {
  taskFailed: failJob,
  failJob,
  triggerCheckpointOnBarrier: performCheckpoint,
  checkpointCompleteHandled: finishTaskAfterSyncSavepoint,
};
