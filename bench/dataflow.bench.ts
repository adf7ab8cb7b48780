/**
 * Records per second (wall clock) through a 3-operator job (source → keyed count → sink) at
 * parallelism 4, with a checkpoint every 100 simulated ms (RocksDB incremental), and the same run
 * without checkpoints: the cost of checkpointing as a ratio. Also the unaligned variant with a slow
 * operator, for the cost of persisting in-flight data.
 */
import { parseScenario } from '../src/engine/scenario/parseScenario';
import type { ScenarioInput } from '../src/engine/scenario/scenarioSchema';
import { SCENARIO_FORMAT } from '../src/engine/scenario/scenarioSchema';
import { Simulation } from '../src/engine/simulation';
import { fmt, printSection, timeMs, type BenchLine } from './stats';

const UNTIL_MS = 5_000;

function scenario(intervalMs: number, extra: Partial<{ unaligned: boolean; processingMs: number }> = {}) {
  const input: ScenarioInput = {
    format: SCENARIO_FORMAT,
    seed: 4,
    job: { parallelism: 4, source: { kind: 'generator', keys: 500, ratePerSec: 1000, valueBytes: 16 }, operators: [{ name: 'count', state: 'value', processingMs: extra.processingMs ?? 0 }], sink: { kind: 'transactional' }, channelCapacity: 32 },
    stateBackend: { type: 'rocksdb', incremental: true },
    checkpointing: { intervalMs, unaligned: extra.unaligned ?? false },
    untilMs: UNTIL_MS,
  };
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return r.scenario;
}

function run(intervalMs: number, extra?: Parameters<typeof scenario>[1]): { recordsPerSec: number; records: number; checkpoints: number; steps: number } {
  const s = scenario(intervalMs, extra);
  let records = 0;
  let checkpoints = 0;
  let steps = 0;
  const ms = timeMs(() => {
    const sim = Simulation.create(s);
    for (let ev = sim.step(); ev && sim.nowMs <= UNTIL_MS; ev = sim.step()) {
      steps += 1;
      for (const e of ev) {
        if (e.type === 'sink.received') records += 1;
        else if (e.type === 'checkpoint.completed') checkpoints += 1;
      }
    }
  });
  return { recordsPerSec: records / (ms / 1000), records, checkpoints, steps };
}

function best(f: () => ReturnType<typeof run>): ReturnType<typeof run> {
  f();
  return [f(), f()].reduce((a, b) => (b.recordsPerSec > a.recordsPerSec ? b : a));
}

export function runDataflowBench(): void {
  const none = best(() => run(0));
  const every100 = best(() => run(100));
  const unalignedSlow = best(() => run(100, { unaligned: true, processingMs: 1 }));
  const alignedSlow = best(() => run(100, { processingMs: 1 }));
  const lines: BenchLine[] = [
    { name: 'no checkpoints', value: `${fmt(none.recordsPerSec)} records/s (${none.records} records, ${none.steps} steps)` },
    { name: 'checkpoint every 100 ms', value: `${fmt(every100.recordsPerSec)} records/s (${every100.checkpoints} checkpoints)` },
    { name: 'with ÷ without checkpoints', value: fmt(every100.recordsPerSec / none.recordsPerSec, 3) },
    { name: 'slow operator, aligned', value: `${fmt(alignedSlow.recordsPerSec)} records/s (${alignedSlow.checkpoints} checkpoints)` },
    { name: 'slow operator, unaligned', value: `${fmt(unalignedSlow.recordsPerSec)} records/s (${unalignedSlow.checkpoints} checkpoints)` },
  ];
  printSection('Dataflow: 3 operators at parallelism 4, 5 s simulated, 1000 records/s per source (wall-clock throughput)', lines);
}
