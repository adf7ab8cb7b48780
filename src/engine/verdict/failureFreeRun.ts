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

/**
 * True when the scenario has no fault action: its failure-free run is the scenario's own run, so
 * a recording of it (from step 0, without user actions, to `untilMs`) ends in the reference.
 */
export function isFailureFree(s: Scenario): boolean {
  return s.script.every((a) => !FAULT_ACTIONS.has(a.do));
}

/** Runs the failure-free scenario to `untilMs` and returns its sink outcome (plain data, cacheable per scenario). */
export function failureFreeOutcome(s: Scenario, untilMs: number = s.untilMs): SinkOutcome {
  const sim = Simulation.create(failureFreeScenario(s));
  // Stepped rather than `runUntil`, which collects every event of the run: for the scale run
  // ~3.8 million of them, held until the end only to be dropped.
  for (let next = sim.nextAtMs; next !== undefined && next <= untilMs; next = sim.nextAtMs) sim.step();
  return sinkOutcome(sim.state);
}
