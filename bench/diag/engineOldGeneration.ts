/**
 * What the engine alone puts in V8's old generation while it runs the scale run's first UNTIL ms
 * of simulated time (100 s by default: about what the page replays in 10 s of play at 50×), in
 * Node: what the old generation grew by (old and large-object spaces, sampled every 50 steps:
 * promoted objects, objects V8 allocates there directly because their allocation site's objects
 * mostly live long, and large objects). With `SAMPLE=1`, a sampling heap profile of the same run
 * that leaves out what the young generation's collections freed, by function and by stack: where
 * the old generation's objects come from.
 *
 *   [UNTIL=100000] [SAMPLE=1] npx tsx bench/diag/engineOldGeneration.ts
 *
 * A diagnostic for people (docs/long-tasks.md, "Session 17"), not a bench.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { parseScenarioText, Simulation } from '../../src/engine';
import { SCALE_SCENARIO } from '../scale.bench';

interface SampledNode {
  selfSize: number;
  callFrame: { functionName: string; url: string };
  children: SampledNode[];
}

const parsed = parseScenarioText(readFileSync(SCALE_SCENARIO, 'utf8'));
if (!parsed.ok) throw new Error(`${SCALE_SCENARIO}: invalid scenario`);
const until = Number(process.env.UNTIL ?? 100_000);
const sample = process.env.SAMPLE === '1';
const session = new Session();
session.connect();
if (sample) {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
}
const oldGeneration = () =>
  getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'old_space' || s.space_name === 'large_object_space')
    .reduce((n, s) => n + s.space_used_size, 0);
const sim = Simulation.create(parsed.scenario);
let steps = 0;
let grew = 0;
let last = oldGeneration();
const t0 = performance.now();
for (let next = sim.nextAtMs; next !== undefined && next <= until; next = sim.nextAtMs) {
  sim.step();
  if (++steps % 50 !== 0) continue;
  const now = oldGeneration();
  if (now > last) grew += now - last;
  last = now;
}
const mb = (b: number) => (b / 1e6).toFixed(1).padStart(7);
console.log(`${steps} steps to ${until} ms simulated in ${Math.round(performance.now() - t0)} ms; the old generation grew by ${mb(grew).trim()} MB`);
if (sample) {
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } };
  const byFunction = new Map<string, number>();
  const byStack = new Map<string, number>();
  const walk = (n: SampledNode, stack: string[]): void => {
    const here = [...stack, `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}`];
    if (n.selfSize > 0) {
      byFunction.set(here.at(-1)!, (byFunction.get(here.at(-1)!) ?? 0) + n.selfSize);
      const k = here.slice(-4).join(' < ');
      byStack.set(k, (byStack.get(k) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c, here);
  };
  walk(profile.head, []);
  console.log(`sampled, not freed by a young-generation collection: ${mb([...byFunction.values()].reduce((a, b) => a + b, 0)).trim()} MB`);
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(mb(v), k);
  console.log('by stack (last four frames):');
  for (const [k, v] of [...byStack].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(mb(v), k);
}
session.disconnect();
