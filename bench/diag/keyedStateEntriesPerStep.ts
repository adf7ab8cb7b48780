/**
 * What the subtask state panel's listing (`keyedStateEntries`) costs per step, as the cursor
 * moves one step at a time: runs a scenario to `fromMs`, then for the next `steps` steps takes
 * the state copy a view would get (`snapshot()`, a deep copy whose SST bytes are shared) and
 * times `keyedStateEntries` of one subtask's backend on it. Prints ms per step (median, p95, max).
 *
 *   node --import tsx bench/diag/keyedStateEntriesPerStep.ts scenarios/scale-run.json [fromMs] [steps] [task]
 *
 * A diagnostic for people (issue 17: no main-thread task over 50 ms), not a bench.
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText, Simulation, keyedStateEntries } from '../../src/engine';

const [file, fromArg, stepsArg, taskArg] = process.argv.slice(2);
if (!file) throw new Error('usage: keyedStateEntriesPerStep.ts <scenario.json> [fromMs] [steps] [task]');
const parsed = parseScenarioText(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
const fromMs = Number(fromArg ?? 20_000);
const steps = Number(stepsArg ?? 300);
const sim = Simulation.create(parsed.scenario);
for (let next = sim.nextAtMs; next !== undefined && next <= fromMs; next = sim.nextAtMs) sim.step();
const tasks = Object.keys(sim.state.job.keyed).sort();
const task = taskArg ?? tasks[0]!;
if (!tasks.includes(task)) throw new Error(`no keyed task ${task} (have ${tasks.join(', ')})`);

const ms: number[] = [];
let entries = 0;
for (let i = 0; i < steps && sim.step() !== null; i++) {
  const copy = sim.snapshot();
  const t0 = performance.now();
  entries = keyedStateEntries(copy.job.keyed[task]!.backend).length;
  ms.push(performance.now() - t0);
}
const sorted = [...ms].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const f = (n: number) => n.toFixed(2);
console.log(`${file} from ${fromMs} ms, ${ms.length} steps, task ${task}, ${entries} entries at the end`);
console.log(`first ${f(ms[0]!)} ms, median ${f(at(0.5))} ms, p95 ${f(at(0.95))} ms, max ${f(sorted[sorted.length - 1]!)} ms`);
