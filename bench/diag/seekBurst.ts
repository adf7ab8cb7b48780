/**
 * What a drag across a big run costs the recording worker (recording/recorderCore.ts
 * `keyframeNear`): a scenario is recorded to `untilMs` in a RecorderCore, then `n` seek requests
 * sweep from 10% to 90% of the run, as a drag's input events do. Printed: wall ms and steps
 * replayed when each request is answered before the next is sent (what every request cost when
 * the worker answered them one after another, before they were coalesced) and when all are sent
 * at once (a burst: only the latest is replayed).
 *
 *   npx tsx bench/diag/seekBurst.ts scenarios/views-at-scale.json 30
 *
 * A diagnostic for people, not a bench: wall times depend on the machine's load (printed).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseScenarioText, type Timeline } from '../../src/engine';
import { RecorderCore, SEEK_GRID } from '../../src/recording/recorderCore';
import { RECORDER_TIMING } from '../../src/recording/recorderTiming';

const [file, count] = process.argv.slice(2);
const parsed = parseScenarioText(readFileSync(file!, 'utf8'));
if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
const n = Number(count ?? 30);
const turn = () => new Promise<void>((r) => setImmediate(r));

async function recorded(): Promise<{ core: RecorderCore; t: Timeline; replayed: () => number }> {
  let done = false;
  const core = new RecorderCore((c) => void (done ||= c.chunk.done), { ...RECORDER_TIMING, keyframeEvery: 32, now: () => performance.now(), pause: turn });
  core.record(1, parsed.ok ? parsed.scenario : (undefined as never));
  while (!done) await turn();
  const t = (core as unknown as { timeline: Timeline }).timeline;
  // Steps the reader replays: advanceReader moves it by at most maxSteps from where it is.
  let steps = 0;
  const advance = t.advanceReader.bind(t);
  t.advanceReader = (position, maxSteps) => {
    const from = (t as unknown as { readerPos: number }).readerPos;
    const kf = t.keyframeNear(position).position;
    const there = advance(position, maxSteps);
    const to = (t as unknown as { readerPos: number }).readerPos;
    // Stepping on from where the reader was, or (restored from the keyframe) nothing yet.
    steps += from >= kf && from <= position ? to - from : to - kf;
    return there;
  };
  return { core, t, replayed: () => steps };
}

const { core, t, replayed } = await recorded();
const targets = Array.from({ length: n }, (_, i) => Math.round(t.length * (0.1 + (0.8 * i) / Math.max(1, n - 1))));
console.log(`${file}: ${t.length} steps, keyframes every ${t.keyframeEvery}, seek grid ${SEEK_GRID}; ${n} requests from step ${targets[0]} to ${targets.at(-1)}; load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);

// Each sweep starts with no reader, as after a seek backwards: replays start from a keyframe.
const forget = () => (t as unknown as { invalidateReads: () => void }).invalidateReads();
forget();
let t0 = performance.now();
let s0 = replayed();
for (const p of targets) await core.keyframeNear(1, p);
console.log(`one after another: ${(performance.now() - t0).toFixed(0)} ms, ${replayed() - s0} steps replayed, ${n} keyframes packed`);

forget();
t0 = performance.now();
s0 = replayed();
const answers = await Promise.all(targets.map((p) => core.keyframeNear(1, p)));
console.log(`at once (coalesced): ${(performance.now() - t0).toFixed(0)} ms, ${replayed() - s0} steps replayed, ${answers.filter((a) => a !== null).length} keyframe packed`);
