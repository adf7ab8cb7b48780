/**
 * The whole engine state: plain data only (see core/plainData.ts), so that a snapshot is a
 * faithful copy and a restored engine continues exactly where the original was.
 */
import type { QueueState } from './core/eventQueue';
import type { RngState } from './core/rng';
import type { CoordinatorState } from './coordinator/coordinatorState';
import type { JobState } from './job/jobState';
import type { RemoteStorageState } from './storage/remoteStorage';
import type { SharedStateRegistry } from './registry';
import type { QueueItem } from './queueItems';
import type { Scenario } from './scenario/scenarioSchema';
import type { TaskLocalStates } from './snapshot/taskLocalStateStore';

export const ENGINE_STATE_FORMAT = 'checkpoint-lab/engine-state@1';

export interface EngineState {
  format: typeof ENGINE_STATE_FORMAT;
  scenario: Scenario;
  /** Logical clock in simulated milliseconds. Only the kernel advances it. */
  nowMs: number;
  /** Number of steps taken so far. */
  stepIndex: number;
  rng: RngState;
  queue: QueueState<QueueItem>;
  job: JobState;
  coordinator: CoordinatorState;
  /** The durable checkpoint storage (mirrored into IndexedDB by the app). */
  storage: RemoteStorageState;
  /** The JobManager's shared state registry (model chosen by the scenario). */
  registry: SharedStateRegistry;
  /**
   * Local recovery only: the TaskManagers' local disks with their task-local state stores
   * (snapshot/taskLocalStateStore.ts). Beside the job, not in it: a restart keeps them; absent
   * while local recovery is off.
   */
  localState?: TaskLocalStates;
}
