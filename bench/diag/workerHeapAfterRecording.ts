/**
 * The recording worker's heap once it has recorded a run: records `scenarios/scale-run.json`
 * (to `UNTIL` ms) through the worker's own `RecorderCore`, in this process, then forces three full
 * collections and prints their pauses and the heap left (used, external, ArrayBuffers). With
 * `SNAP=1` it also writes a heap snapshot to /tmp/worker.heapsnapshot, to see what the worker
 * keeps (docs/long-tasks.md, "Session 15": its idle full collection is what still lands in the
 * page's play).
 *
 *   node --expose-gc --import tsx bench/diag/workerHeapAfterRecording.ts
 *   UNTIL=100000 SNAP=1 node --expose-gc --import tsx bench/diag/workerHeapAfterRecording.ts
 *
 * A diagnostic for people, not a bench.
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText } from '../../src/engine';
import { RecorderCore, type RecordingChunk } from '../../src/recording/recorderCore';
import { RECORDER_TIMING } from '../../src/recording/recorderTiming';
import { KEYFRAME_EVERY, recordingOptionsFor } from '../../src/recording/keyframeSpacing';
const g = (globalThis as { gc?: () => void }).gc;
if (!g) throw new Error('run with node --expose-gc');
const parsed = parseScenarioText(readFileSync('scenarios/scale-run.json', 'utf8'));
if (!parsed.ok) throw new Error('scenarios/scale-run.json: invalid scenario');
const scenario = {
  ...parsed.scenario,
  untilMs: Number(process.env.UNTIL ?? parsed.scenario.untilMs),
};
const options = recordingOptionsFor(scenario);
let done = false;
const core = new RecorderCore(
  (c: RecordingChunk) => {
    done = c.chunk.done;
  },
  {
    ...RECORDER_TIMING,
    keyframeEvery: KEYFRAME_EVERY,
    now: () => performance.now(),
    pause: () => new Promise((r) => setImmediate(r)),
  },
);
core.record(1, scenario, undefined, [], options.detail);
while (!done) await new Promise((r) => setImmediate(r));
console.error('--- recorded; forcing GCs');
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  g();
  console.error(`gc ${i}: ${(performance.now() - t0).toFixed(0)} ms`);
}
const m = process.memoryUsage();
console.error(
  `heapUsed ${(m.heapUsed / 1e6).toFixed(0)} MB, external ${(m.external / 1e6).toFixed(0)} MB, arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(0)} MB`,
);
if (process.env.SNAP) {
  const v8 = await import('node:v8');
  console.error('snapshot', v8.writeHeapSnapshot('/tmp/worker.heapsnapshot'));
}
