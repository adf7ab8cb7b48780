/**
 * The configuration a simulation runs with. Until the scenario format (scenario/) exists this
 * holds the kernel's settings and the toy job that proves the kernel.
 */
import type { ToyJobConfig } from './toy/counterJob';

export interface SimConfig {
  seed: number;
  /** Recording stops at this simulated time. */
  untilMs: number;
  toy: ToyJobConfig;
}

export const DEFAULT_SIM_CONFIG: SimConfig = {
  seed: 7,
  untilMs: 20_000,
  toy: { periodMs: 100, minLatencyMs: 80, maxLatencyMs: 420, startValue: 1 },
};
