/**
 * The failure-free run of a scenario, the reference of the exactly-once verdict: the same
 * scenario with every fault action removed (`fail`, `loseTaskManager`, `failUploads`, `decline`, and
 * `restore`, which restarts the job as a failure would), run to the same `untilMs`. Everything else (seed,
 * input, emits, checkpoints) stays, so both runs read the same records at the same origins.
 */
import type { Scenario } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { sinkOutcome, type SinkOutcome } from './sinkOutcome';

export const FAULT_ACTIONS: ReadonlySet<string> = new Set(['fail', 'loseTaskManager', 'failUploads', 'decline', 'restore']);

/** The scenario without its fault actions. */
export function failureFreeScenario(s: Scenario): Scenario {
  return { ...s, script: s.script.filter((a) => !FAULT_ACTIONS.has(a.do)) };
}

/** Runs the failure-free scenario to `untilMs` and returns its sink outcome (plain data, cacheable per scenario). */
export function failureFreeOutcome(s: Scenario, untilMs: number = s.untilMs): SinkOutcome {
  const sim = Simulation.create(failureFreeScenario(s));
  sim.runUntil(untilMs);
  return sinkOutcome(sim.state);
}
