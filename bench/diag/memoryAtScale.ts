/**
 * What holds the memory of a big run recorded in the worker, on both sides: records a scenario
 * with the worker's RecorderCore in this process, structured-clones every chunk (as postMessage
 * does) into a page-side mirror Timeline, then weighs each holder by dropping it and measuring
 * the heap after a full GC. Printed per side, in MB:
 *
 * - worker (RecorderCore's timeline): every step's events, its keyframes, the head simulation;
 * - page (the mirror): every step's events, the step records themselves, the packed keyframes'
 *   text, one decoded keyframe (as the LRU holds up to DECODED_KEYFRAMES of them), the frozen
 *   states `stateAt` keeps for the views;
 * - the failure-free reference run (engine/verdict/failureFreeRun.ts) as the reference worker runs it.
 *
 *   node --expose-gc --import tsx bench/diag/memoryAtScale.ts scenarios/scale-run.json [untilMs]
 *
 * A diagnostic for people (what docs/architecture.md "Memory at scale" was written from), not a bench.
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText, Timeline, failureFreeOutcome, type EngineState } from '../../src/engine';
import { RecorderCore, unpackChunk, type RecordingChunk } from '../../src/recording/recorderCore';
import { RECORDER_TIMING } from '../../src/recording/recorderTiming';
import { KEYFRAME_EVERY, recordingOptionsFor } from '../../src/recording/keyframeSpacing';
import type { Keyframe, StepRecord } from '../../src/engine/timeline';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const MB = 2 ** 20;
const heap = (): number => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
};
/** Heap taken by what `make` creates and keeps, MB. */
function grow(make: () => void): number {
  const before = heap();
  make();
  return (heap() - before) / MB;
}
/** Heap freed by `drop` (which must release what it weighs), MB. */
function weigh(drop: () => void): number {
  const before = heap();
  drop();
  return (before - heap()) / MB;
}
const NONE: StepRecord['events'] = [];
const mb = (n: number) => Number(n.toFixed(1));

const [file, until] = process.argv.slice(2);
const parsed = parseScenarioText(readFileSync(file!, 'utf8'));
if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
const scenario = { ...parsed.scenario, untilMs: Number(until ?? parsed.scenario.untilMs) };
const options = recordingOptionsFor(scenario);

const base = heap();
const mirror = Timeline.mirror(scenario, options);
let done = false;
let chunks = 0;
let packedKeyframeChars = 0;
const core = new RecorderCore(
  (c: RecordingChunk) => {
    const copy = structuredClone(c);
    for (const k of copy.chunk.keyframes) packedKeyframeChars += k.json.length + k.partsText.length;
    mirror.receive(unpackChunk(copy.chunk));
    chunks++;
    done = copy.chunk.done;
  },
  { ...RECORDER_TIMING, keyframeEvery: KEYFRAME_EVERY, now: () => performance.now(), pause: () => new Promise((r) => setImmediate(r)) },
);
const t0 = process.cpuUsage();
core.record(1, scenario, undefined, [], options.detail);
while (!done) await new Promise((r) => setImmediate(r));
const cpuS = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
const total = (heap() - base) / MB;

// Reach into both timelines (a diagnostic may): what each holds, by field.
interface Inside {
  steps: StepRecord[];
  keyframes: Keyframe[];
  head: unknown;
  reader: unknown;
  frozenCache: { position: number; state: EngineState }[];
}
const worker = (core as unknown as { timeline: Timeline }).timeline as unknown as Inside;
const page = mirror as unknown as Inside;
const steps = page.steps.length;
const events = page.steps.reduce((n, s) => n + s.events.length, 0);

const workerSide = {
  'steps: events': weigh(() => {
    // A step the worker forgot (forgetSent) is one shared frozen record: nothing to drop.
    for (const s of worker.steps) if (!Object.isFrozen(s)) s.events = NONE;
  }),
  'steps: records (atMs, quiet)': weigh(() => {
    worker.steps.length = 0;
  }),
  [`keyframes (${worker.keyframes.length}, step 0 included)`]: weigh(() => {
    worker.keyframes.length = 0;
  }),
  'head simulation (the final state)': weigh(() => {
    worker.head = null;
  }),
};

// Page side: the reads a learner makes (the last step shown, which decodes the last keyframe).
const lastKeyframe = page.keyframes[page.keyframes.length - 1]!;
const decodedOne = grow(() => void lastKeyframe.state);
mirror.stateAt(steps);
const pageSide = {
  [`one decoded keyframe (the LRU keeps up to 3), at step ${lastKeyframe.position}`]: decodedOne,
  'steps: events': weigh(() => {
    for (const s of page.steps) s.events = NONE;
  }),
  'steps: records (atMs, quiet)': weigh(() => {
    page.steps.length = 0;
  }),
  'frozen states for views (stateAt cache) and the reader': weigh(() => {
    page.frozenCache = [];
    page.reader = null;
  }),
  [`keyframes (${page.keyframes.length}, step 0 included; text, less the decoded one's)`]: weigh(() => {
    page.keyframes.length = 0;
  }),
};

// The reference worker's run, alone: its peak is the state plus what it collects.
const refBefore = heap();
let peak = 0;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 50);
const outcome = failureFreeOutcome(scenario);
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().heapUsed);
const referenceKept = (heap() - refBefore) / MB;
void (outcome satisfies object);

const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, mb(v)]));
process.stdout.write(
  `${JSON.stringify(
    {
      scenario: scenario.title,
      untilMs: scenario.untilMs,
      detail: options.detail,
      keyframeEvery: options.keyframeEvery,
      steps,
      events,
      chunks,
      cpuSeconds: mb(cpuS),
      packedKeyframeMBSent: mb(packedKeyframeChars / MB),
      bothSidesMB: mb(total),
      workerMB: round(workerSide),
      pageMB: round(pageSide),
      referenceRun: { peakHeapAboveBaseMB: mb((peak - refBefore) / MB), keptMB: mb(referenceKept) },
      rssMB: mb(process.memoryUsage().rss / MB),
    },
    null,
    2,
  )}\n`,
);
