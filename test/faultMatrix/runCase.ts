/**
 * Runs one fault-matrix case: builds its scenario, steps it to `untilMs` with its injector and the
 * record watcher, checks after every step and at every restore, then checks the settled end.
 */
import type { EngineEvent } from '../../src/engine/events';
import { Simulation } from '../../src/engine/simulation';
import { scenarioFor, type FaultCase } from './cases';
import { barrierBlocking, checkRestore, retainedFilesExist, settledStorage, verdictHolds, type RestoreFigures } from './checks';
import { createInjector, type Injection } from './injectors';
import { ProcessedRecords } from './processedRecords';

export interface CaseResult {
  problems: string[];
  /** Records a task processed out of their channel's order (see ProcessedRecords.reorders). */
  reorders: string[];
  injected: Injection[];
  steps: number;
  failovers: number;
  restoresChecked: number;
  extraRecords: number;
  /** In-flight records (unaligned channel state) processed again after restores. */
  replayed: number;
  compared: number;
}

export function runCase(c: FaultCase): CaseResult {
  const injector = createInjector(c);
  const scenario = scenarioFor(c, injector.script);
  const sim = Simulation.create(scenario);
  const seen = new ProcessedRecords(c.mode);
  const problems: string[] = [];
  const figures: RestoreFigures = { extraRecords: 0 };
  let failovers = 0;
  let restoresChecked = 0;
  const failureSteps: number[] = [];
  const previousJobFiles = new Set<string>();

  const observe = (events: readonly EngineEvent[]) => {
    seen.onStep(sim, events);
    const savepoints = new Set(sim.state.coordinator.history.filter((h) => h.isSavepoint).map((h) => h.id));
    problems.push(...barrierBlocking(events, c.mode, savepoints), ...retainedFilesExist(sim.state));
    for (const e of events) {
      if (e.type === 'job.failed') {
        failovers += 1;
        failureSteps.push(e.step);
      } else if (e.type === 'restore.failed') problems.push(`step ${e.step}: restore failed: ${e.reason}`);
      else if (e.type === 'job.submitted') {
        // The previous job is suspended: its files stay (not this job's to delete), except, in
        // CLAIM mode, the snapshot the new job took ownership of, which it must delete once subsumed.
        const claimed = new Set(e.mode === 'CLAIM' ? sim.state.coordinator.completed.flatMap((cp) => cp.files) : []);
        for (const path of Object.keys(sim.state.storage.files)) if (!claimed.has(path)) previousJobFiles.add(path);
      }
      else if (e.type === 'job.running') {
        restoresChecked += 1;
        // At the end of the step: a restore from an unaligned checkpoint processes its in-flight records right away.
        problems.push(...checkRestore(sim.state, e.restoredFrom, seen, figures));
      }
    }
  };

  for (let next = sim.nextAtMs; next !== undefined && next <= scenario.untilMs; next = sim.nextAtMs) {
    const applied = injector.beforeStep(sim);
    if (applied.length > 0) observe(applied);
    const events = sim.step();
    if (events === null) break;
    observe(events);
    const after = injector.afterStep(sim, events);
    if (after.length > 0) observe(after);
  }

  // The fault really happened, failed the job over, and the job came back from a checkpoint.
  const first = injector.injected[0];
  if (!first) problems.push('the fault was never injected');
  else if (!failureSteps.some((step) => step >= first.step)) problems.push(`the fault (${first.what} at step ${first.step}) did not fail the job over`);
  if (restoresChecked === 0) problems.push('no restore happened');
  problems.push(...seen.problems, ...settledStorage(sim.state, previousJobFiles));
  const verdict = verdictHolds(sim.state, scenario);
  problems.push(...verdict.problems);
  return { problems, reorders: seen.reorders, injected: injector.injected, steps: sim.stepIndex, failovers, restoresChecked, extraRecords: figures.extraRecords, replayed: seen.stats.replayed, compared: verdict.compared };
}
