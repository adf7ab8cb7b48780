// The recording worker's heap after recording the scale run (RecorderCore in-process): full GC pause, array buffers.
import { readFileSync } from 'node:fs';
import { parseScenarioText } from '../../src/engine';
import { RecorderCore, type RecordingChunk } from '../../src/recording/recorderCore';
import { RECORDER_TIMING } from '../../src/recording/recorderTiming';
import { KEYFRAME_EVERY, recordingOptionsFor } from '../../src/recording/keyframeSpacing';
const parsed = parseScenarioText(readFileSync('scenarios/scale-run.json', 'utf8'));
if (!parsed.ok) throw new Error('bad');
const scenario = { ...parsed.scenario, untilMs: Number(process.env.UNTIL ?? parsed.scenario.untilMs) };
const options = recordingOptionsFor(scenario);
let done = false;
const core = new RecorderCore(
  (c: RecordingChunk) => { done = c.chunk.done; },
  { ...RECORDER_TIMING, keyframeEvery: KEYFRAME_EVERY, now: () => performance.now(), pause: () => new Promise((r) => setImmediate(r)) },
);
core.record(1, scenario, undefined, [], options.detail);
while (!done) await new Promise((r) => setImmediate(r));
console.error('--- recorded; forcing GCs');
const g = (globalThis as unknown as { gc: () => void }).gc;
for (let i = 0; i < 3; i++) { const t0 = performance.now(); g(); console.error(`gc ${i}: ${(performance.now() - t0).toFixed(0)} ms`); }
const m = process.memoryUsage();
console.error(`heapUsed ${(m.heapUsed / 1e6).toFixed(0)} MB, external ${(m.external / 1e6).toFixed(0)} MB, arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(0)} MB`);
if (process.env.SNAP) { const v8 = await import('node:v8'); console.error('snapshot', v8.writeHeapSnapshot('/tmp/worker.heapsnapshot')); }
(globalThis as unknown as { core: unknown }).core = core;
