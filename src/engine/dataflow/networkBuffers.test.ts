/**
 * Network buffers (`job.network.recordsPerBuffer`): records read, sent and processed a buffer at a
 * time. A buffered run reads the same records at the same rate in far fewer steps, keeps every
 * per-record event, carries at most N records per arrival, keeps a slow subtask busy N ×
 * processingMs per buffer, and still delivers exactly once through a failure; N = 1 is the
 * per-record run.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent } from '../events';
import type { Scenario } from '../scenario/scenarioSchema';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { exactlyOnceVerdict } from '../verdict/exactlyOnce';
import { failureFreeOutcome } from '../verdict/failureFreeRun';

function scenario(recordsPerBuffer: number | null, opts: { processingMs?: number; fail?: boolean } = {}): Scenario {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 9,
    job: {
      parallelism: 2,
      source: { kind: 'generator', keys: 50, ratePerSec: 400 },
      operators: [{ name: 'count', state: 'value', processingMs: opts.processingMs ?? 0 }],
      sink: { kind: 'transactional' },
      ...(recordsPerBuffer === null ? {} : { network: { recordsPerBuffer } }),
    },
    stateBackend: { type: 'rocksdb', incremental: true },
    checkpointing: { intervalMs: 500 },
    script: opts.fail ? [{ atMs: 2_300, do: 'fail', task: 'count#1' }] : [],
    untilMs: 4_000,
  });
}

interface Run {
  steps: number;
  events: EngineEvent[];
  maxPerArrival: number;
  sim: Simulation;
}

function run(s: Scenario): Run {
  const sim = Simulation.create(s);
  const events: EngineEvent[] = [];
  let steps = 0;
  let maxPerArrival = 0;
  for (let next = sim.nextAtMs; next !== undefined && next <= s.untilMs; next = sim.nextAtMs) {
    const item = sim.nextItem!;
    if (item.kind === 'record.arrive') maxPerArrival = Math.max(maxPerArrival, 1 + (item.more?.length ?? 0));
    events.push(...sim.step()!);
    steps += 1;
  }
  return { steps, events, maxPerArrival, sim };
}

const count = (events: EngineEvent[], type: EngineEvent['type']) => events.filter((e) => e.type === type).length;

describe('network buffers', () => {
  it('recordsPerBuffer 1 is the per-record run, step for step', () => {
    const absent = run(scenario(null));
    const one = run(scenario(1));
    expect(one.steps).toBe(absent.steps);
    expect(one.maxPerArrival).toBe(1);
    expect(one.events).toEqual(absent.events);
  });

  it('reads the same records at the same rate in far fewer steps, keeping every per-record event', () => {
    const perRecord = run(scenario(1));
    const buffered = run(scenario(16));
    const emitted = (r: Run) => Object.values(r.sim.state.job.sources).reduce((n, s) => n + s.emitted, 0);
    // The sources read a buffer's worth a step, that many periods apart: within one buffer per partition.
    expect(Math.abs(emitted(buffered) - emitted(perRecord))).toBeLessThanOrEqual(2 * 16);
    expect(buffered.steps).toBeLessThan(perRecord.steps / 3);
    expect(buffered.maxPerArrival).toBeGreaterThan(1);
    expect(buffered.maxPerArrival).toBeLessThanOrEqual(16);
    // Every record still shows: one emitted, one state update and one sink write per record.
    expect(count(buffered.events, 'source.emitted')).toBe(emitted(buffered));
    expect(count(buffered.events, 'state.updated')).toBeGreaterThan(emitted(buffered) * 0.9);
    expect(count(buffered.events, 'checkpoint.completed')).toBe(count(perRecord.events, 'checkpoint.completed'));
  });

  it('keeps a slow subtask busy for the whole buffer: one step per buffer, N × processingMs', () => {
    const s = scenario(8, { processingMs: 1 });
    const sim = Simulation.create(s);
    let busyChecked = 0;
    for (let next = sim.nextAtMs; next !== undefined && next <= 2_000; next = sim.nextAtMs) {
      const item = sim.nextItem!;
      const at = sim.nowMs;
      const events = sim.step()!;
      if (item.kind !== 'task.process' && item.kind !== 'record.arrive') continue;
      const task = item.task;
      if (!task.startsWith('count')) continue;
      const processed = events.filter((e) => e.type === 'state.updated' && e.task === task).length;
      if (processed === 0) continue;
      expect(processed).toBeLessThanOrEqual(8);
      // The subtask's next task.process comes processed × 1 ms later.
      const wake = sim.state.queue.heap.filter((e) => e.item.kind === 'task.process' && (e.item as { task: string }).task === task);
      expect(wake.map((e) => e.atMs - Math.max(at, sim.nowMs))).toEqual([processed]);
      if (processed > 1) busyChecked += 1;
    }
    expect(busyChecked).toBeGreaterThan(10);
  });

  it('still delivers exactly once through a failure and a restore', () => {
    const s = scenario(8, { fail: true });
    const r = run(s);
    expect(count(r.events, 'job.failed')).toBe(1);
    expect(r.events.some((e) => e.type === 'job.running' && e.restoredFrom > 0)).toBe(true);
    const verdict = exactlyOnceVerdict(r.sim.state, failureFreeOutcome(s));
    expect(verdict.compared).toBeGreaterThan(1_000);
    expect(verdict).toMatchObject({ exactlyOnce: true, lost: 0, duplicated: 0 });
  });
});
