/**
 * Kernel benchmarks: raw step throughput, and time travel on a 10,000-step timeline — seek to
 * a random position (nearest keyframe + replay) against replaying from step 0.
 */
import { DEFAULT_SCENARIO_INPUT, Simulation, Timeline, scenarioOf } from '../src/engine';
import { createRng, nextInt } from '../src/engine/core/rng';
import { fmt, percentile, printSection, timeMs } from './stats';
import { KEYFRAME_EVERY } from '../src/store/timelineSlice';

const TIMELINE_STEPS = 10_000;
const SEEKS = 200;

export function runKernelBench(): void {
  // The default job at a higher rate, so 10,000 steps cover a few simulated seconds.
  const config = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, seed: 1, untilMs: 1e8, job: { ...DEFAULT_SCENARIO_INPUT.job, source: { kind: 'generator', keys: 100, ratePerSec: 500 } } });

  // Steps per second of the kernel (warm up first so the JIT has compiled the hot path).
  const warm = Simulation.create(config);
  for (let i = 0; i < 20_000; i++) warm.step();
  const sim = Simulation.create(config);
  const n = 200_000;
  const stepMs = timeMs(() => {
    for (let i = 0; i < n; i++) sim.step();
  });
  const stepsPerSec = n / (stepMs / 1000);

  // Time travel on a 10,000-step timeline.
  let timeline!: Timeline;
  const recordMs = timeMs(() => {
    timeline = Timeline.record(config, { keyframeEvery: KEYFRAME_EVERY, maxSteps: TIMELINE_STEPS });
  });
  const rng = createRng(99);
  const seekTimes: number[] = [];
  const replayTimes: number[] = [];
  for (let i = 0; i < SEEKS; i++) {
    const target = nextInt(rng, timeline.length + 1);
    seekTimes.push(timeMs(() => timeline.seek(target)));
    replayTimes.push(
      timeMs(() => {
        const fresh = Simulation.create(config);
        for (let k = 0; k < target; k++) fresh.step();
      }),
    );
  }
  const seekMedian = percentile(seekTimes, 50);
  const seekP95 = percentile(seekTimes, 95);
  const replayMedian = percentile(replayTimes, 50);
  const ratio = replayMedian / seekMedian;

  printSection('Kernel', [
    { name: 'steps per second', value: fmt(stepsPerSec) },
    { name: `record ${timeline.length}-step timeline`, value: `${fmt(recordMs)} ms` },
    { name: 'seek to random step, median', value: `${fmt(seekMedian, 3)} ms` },
    { name: 'seek to random step, p95', value: `${fmt(seekP95, 3)} ms`, goal: '< 50 ms', ok: seekP95 < 50 },
    { name: 'replay from step 0, median', value: `${fmt(replayMedian, 3)} ms` },
    { name: 'replay ÷ seek (median)', value: `${fmt(ratio, 1)}×`, goal: '≥ 20×', ok: ratio >= 20 },
  ]);
}
