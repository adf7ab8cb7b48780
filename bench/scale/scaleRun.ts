/**
 * One headless run of a scenario in a process of its own, so its peak RSS is the run's alone:
 * `tsx bench/scale/scaleRun.ts <scenario.json> [sim|timeline]` prints one JSON line of figures.
 * `sim` steps the engine like `npm run sim` (events counted, not kept); `timeline` records the
 * run as the app does (steps, events and keyframes kept for time travel).
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText, Simulation, Timeline } from '../../src/engine';
import { KEYFRAME_EVERY } from '../../src/store/timelineSlice';

export interface ScaleRunFigures {
  mode: 'sim' | 'timeline';
  records: number;
  checkpoints: number;
  steps: number;
  events: number;
  seconds: number;
  /** CPU time of the process (user + system): steadier than `seconds` on a busy machine. */
  cpuSeconds: number;
  peakRssMB: number;
  heapUsedMB: number;
  keyframes?: number;
}

const [file, modeArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/scale/scaleRun.ts <scenario.json> [sim|timeline]');
const mode = modeArg === 'timeline' ? 'timeline' : 'sim';
const parsed = parseScenarioText(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
const scenario = parsed.scenario;

const cpu0 = process.cpuUsage();
const t0 = performance.now();
let sim: Simulation;
let steps = 0;
let events = 0;
let keyframes: number | undefined;
if (mode === 'sim') {
  sim = Simulation.create(scenario);
  for (let next = sim.nextAtMs; next !== undefined && next <= scenario.untilMs; next = sim.nextAtMs) {
    events += sim.step()!.length;
    steps++;
  }
} else {
  const timeline = Timeline.record(scenario, { keyframeEvery: KEYFRAME_EVERY, maxSteps: Number.MAX_SAFE_INTEGER });
  steps = timeline.length;
  for (const r of timeline.records()) events += r.events.length;
  keyframes = (timeline as unknown as { keyframes: unknown[] }).keyframes.length;
  sim = timeline.seek(timeline.length);
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const state = sim.state;
const records = Object.values(state.job.sources).reduce((n, s) => n + s.emitted, 0);
const checkpoints = state.coordinator.history.filter((h) => h.status === 'COMPLETED' && !h.isSavepoint).length;
const figures: ScaleRunFigures = {
  mode,
  records,
  checkpoints,
  steps,
  events,
  seconds,
  cpuSeconds,
  // maxRSS is in kilobytes on Linux and macOS.
  peakRssMB: process.resourceUsage().maxRSS / 1024,
  heapUsedMB: process.memoryUsage().heapUsed / 1024 / 1024,
  ...(keyframes !== undefined ? { keyframes } : {}),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
