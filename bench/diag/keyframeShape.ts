/**
 * What an engine snapshot (a keyframe) of a run is made of: runs a scenario to `untilMs` and
 * prints, per part of the state, the bytes of the keyframe text the worker sends to the page
 * (recording/keyframeCodec.ts: byte arrays travel beside the text, so they count as a few bytes
 * here) and the heap a keyframe's clone of it takes (clonePlain shares byte arrays and sealed
 * values, such as closed transactions' records, so those cost the heap once but the text every
 * time).
 *
 *   node --expose-gc --import tsx bench/diag/keyframeShape.ts scenarios/scale-run.json 32000
 *
 * A diagnostic for people (how the `seen` runs and KEYFRAME_BYTES_PER_RECORD were sized), not a bench.
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText, Simulation } from '../../src/engine';
import { clonePlain } from '../../src/engine/core/plainData';
import { packKeyframe } from '../../src/recording/keyframeCodec';

const [file, until] = process.argv.slice(2);
const parsed = parseScenarioText(readFileSync(file!, 'utf8'));
if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
const untilMs = Number(until ?? parsed.scenario.untilMs);
const sim = Simulation.create({ ...parsed.scenario, untilMs });
while (sim.nextAtMs !== undefined && sim.nextAtMs <= untilMs) sim.step();
const state = sim.snapshot();
const text = (v: unknown): number => JSON.stringify(v, (_k, x: unknown) => (x instanceof Uint8Array ? 0 : x))?.length ?? 0;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
/** Heap bytes of one clone of `v`, averaged over a few clones kept alive at once. */
function heapOfClone(v: unknown): number {
  const copies = 8;
  gc!();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: copies }, () => clonePlain(v));
  gc!();
  const bytes = (process.memoryUsage().heapUsed - before) / copies;
  return kept.length > 0 ? Math.round(bytes) : 0;
}
const job = state.job as unknown as Record<string, unknown>;
const output = state.job.output;
const txns = output.transactions ?? [];
const parts: Record<string, number> = {
  total: packKeyframe({ position: 0, state }).json.length,
  'job.output.seen': text(output.seen),
  'job.output.transactions': text(txns),
  'job.output.transactions[].records': txns.reduce((n, t) => n + text(t.records), 0),
};
const heap: Record<string, number> = { total: heapOfClone(state), 'job.output.seen': heapOfClone(output.seen), 'job.output.transactions': heapOfClone(txns) };
for (const k of Object.keys(job)) {
  if (k === 'output') continue;
  parts[`job.${k}`] = text(job[k]);
  heap[`job.${k}`] = heapOfClone(job[k]);
}
for (const k of Object.keys(state)) {
  if (k === 'job') continue;
  const v = (state as unknown as Record<string, unknown>)[k];
  parts[k] = text(v);
  heap[k] = heapOfClone(v);
}
const records = Object.values(state.job.sources).reduce((n, s) => n + s.partitions.reduce((m, p) => m + p.offset + p.logOffset, 0), 0);
process.stdout.write(`${JSON.stringify({ untilMs, records, transactions: txns.length, seenRuns: Object.values(output.seen).reduce((n, r) => n + r.length / 3, 0), textBytes: parts, heapBytes: heap })}\n`);
