/**
 * The whole engine state: plain data only (see core/plainData.ts), so that a snapshot is a
 * faithful copy and a restored engine continues exactly where the original was.
 */
import type { QueueState } from './core/eventQueue';
import type { RngState } from './core/rng';
import type { SimConfig } from './config';
import type { QueueItem } from './queueItems';
import type { ToyJobState } from './toy/counterJob';

export const ENGINE_STATE_FORMAT = 'checkpoint-lab/engine-state@1';

export interface EngineState {
  format: typeof ENGINE_STATE_FORMAT;
  config: SimConfig;
  /** Logical clock in simulated milliseconds. Only the kernel advances it. */
  nowMs: number;
  /** Number of steps taken so far. */
  stepIndex: number;
  rng: RngState;
  queue: QueueState<QueueItem>;
  toy: ToyJobState;
}
