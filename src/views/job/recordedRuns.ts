/**
 * Recorded runs of the shipped back-pressure scenarios, for the job graph's unit tests: found
 * steps by their events, and the engine state after them. Test support only (reads files).
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_SCENARIO_INPUT, parseScenarioText, scenarioOf, Timeline, type EngineEvent, type Scenario, type ScenarioInput } from '../../engine';

/** A scenario file of the repository (path from its root), validated. */
export function scenarioFile(path: string): Scenario {
  const parsed = parseScenarioText(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return parsed.scenario;
}

export function recordScenarioFile(path: string): Timeline {
  return Timeline.record(scenarioFile(path), { keyframeEvery: 32 });
}

/**
 * A troubled run of the default job: unaligned checkpoints with an alignment timeout, a slow
 * operator behind 3-buffer channels (queues, blocking barriers), a failure in an async snapshot
 * phase and a restore at parallelism 3 (records read again, another topology).
 */
export function recordTroubledRun(): Timeline {
  const base = DEFAULT_SCENARIO_INPUT;
  const input = {
    ...base,
    job: { ...base.job, operators: [{ name: 'count', state: 'value', processingMs: 8 }], channelCapacity: 3 },
    checkpointing: { ...base.checkpointing, unaligned: true, alignedCheckpointTimeoutMs: 40 },
    script: [
      { atMs: 2395, do: 'fail', task: 'count#1', phase: 'async' },
      { atMs: 4400, do: 'restore', checkpoint: 'latest', parallelism: 3 },
    ],
    untilMs: 6000,
  } as ScenarioInput;
  return Timeline.record(scenarioOf(input), { keyframeEvery: 32 });
}

/** Positions (1-based, as the cursor counts) of the steps with an event matching `pred`. */
export function positionsWhere(tl: Timeline, pred: (e: EngineEvent) => boolean): number[] {
  const out: number[] = [];
  tl.records().forEach((r, i) => {
    if (r.events.some(pred)) out.push(i + 1);
  });
  return out;
}

/** The event of `type` at `position` (of a subtask: the ones these tests look at all have one). */
export function eventAt<T extends EngineEvent['type']>(tl: Timeline, position: number, type: T, task?: string): Extract<EngineEvent, { type: T }> & { task: string } {
  const e = tl.eventsAt(position).find((x) => x.type === type && (task === undefined || x.task === task));
  if (!e?.task) throw new Error(`no ${type} of a subtask at ${position}`);
  return e as Extract<EngineEvent, { type: T }> & { task: string };
}
