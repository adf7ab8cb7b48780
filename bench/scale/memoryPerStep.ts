/**
 * What a recorded run costs in memory, per step, per event and per keyframe: records a scenario
 * as the app does and weighs the heap before and after (run with --expose-gc, in a process of
 * its own). `tsx bench/scale/memoryPerStep.ts <scenario.json> [untilMs] [records|summary]` prints one JSON line;
 * the run estimate (src/engine/budget/runEstimate.ts) is calibrated with these figures.
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText, Timeline } from '../../src/engine';

const [file, until, detailArg] = process.argv.slice(2);
const detail = detailArg === 'summary' ? 'summary' : 'records';
const parsed = parseScenarioText(readFileSync(file!, 'utf8'));
if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
const scenario = until ? { ...parsed.scenario, untilMs: Number(until) } : parsed.scenario;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function heap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/** Heap held by a timeline recorded with keyframes every `every` steps. */
function weigh(every: number): { bytes: number; steps: number; events: number; keyframes: number } {
  const before = heap();
  const t = Timeline.record(scenario, { keyframeEvery: every, maxSteps: Number.MAX_SAFE_INTEGER, detail });
  const bytes = heap() - before;
  const steps = t.length;
  let events = 0;
  for (const r of t.records()) events += r.events.length;
  const keyframes = (t as unknown as { keyframes: unknown[] }).keyframes.length;
  return { bytes, steps, events, keyframes };
}

// Sparse keyframes weigh the steps and events; dense ones add the keyframes' own cost.
const sparse = weigh(1e9);
const dense = weigh(64);
const perKeyframe = (dense.bytes - sparse.bytes) / Math.max(1, dense.keyframes - sparse.keyframes);
process.stdout.write(
  `${JSON.stringify({
    detail,
    steps: sparse.steps,
    events: sparse.events,
    recordBytes: sparse.bytes,
    bytesPerStep: sparse.bytes / sparse.steps,
    bytesPerEvent: sparse.bytes / Math.max(1, sparse.events),
    keyframes64: dense.keyframes,
    bytesPerKeyframe: perKeyframe,
  })}\n`,
);
