import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { generatedRecord } from '../job/sourceGenerator';
import { keyedStateEntries } from '../job/stateView';
import type { EngineState } from '../state';
import type { EngineEvent } from '../events';

const generator = { kind: 'generator' as const, keys: 10, ratePerSec: 100 };

function scenario(extra: Partial<ScenarioInput>) {
  return scenarioOf({ format: SCENARIO_FORMAT, job: { parallelism: 2, source: generator }, ...extra });
}

/**
 * Exactly-once for state: every record a source has read (offsets below its current ones) is
 * counted exactly once in keyed state, except those still on their way to the keyed operator.
 */
function expectedSums(state: EngineState): Map<string, number> {
  const sums = new Map<string, number>();
  for (const src of Object.values(state.job.sources)) {
    for (const p of src.partitions) {
      for (let o = 0; o < p.offset; o++) {
        const r = generatedRecord(state.scenario, p.partition, o);
        sums.set(String(r.key), (sums.get(String(r.key)) ?? 0) + r.value);
      }
    }
  }
  const subtract = (key: string | number, value: number) => sums.set(String(key), sums.get(String(key))! - value);
  for (const e of state.queue.heap) if (e.item.kind === 'record.arrive' && e.item.from.startsWith('source#')) subtract(e.item.key, e.item.value);
  // Records waiting at a source behind an aligned barrier (its channel is blocked) or queued at an operator.
  const waiting = [...Object.values(state.job.channels).filter((c) => c.from.startsWith('source#')).flatMap((c) => c.outQueue), ...Object.entries(state.job.flow).filter(([t]) => t.startsWith('count#')).flatMap(([, f]) => f.queue)];
  for (const r of waiting) if (r.kind === 'record') subtract(r.key, r.value);
  for (const [k, v] of [...sums]) if (v === 0) sums.delete(k);
  return sums;
}

function actualSums(state: EngineState): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of Object.values(state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value as number);
  return out;
}

function run(extra: Partial<ScenarioInput>): { sim: Simulation; events: EngineEvent[] } {
  const s = scenario(extra);
  const sim = Simulation.create(s);
  return { sim, events: sim.runUntil(s.untilMs) };
}

describe('restore', () => {
  for (const parallelism of [undefined, 1, 3, 4]) {
    it(`restores the latest checkpoint${parallelism ? ` at parallelism ${parallelism}` : ''} and keeps exactly-once state`, () => {
      const { sim, events } = run({
        script: [
          { atMs: 300, do: 'checkpoint' },
          { atMs: 600, do: 'restore', checkpoint: 'latest', ...(parallelism ? { parallelism } : {}) },
        ],
        untilMs: 1200,
      });
      expect(events.map((e) => e.type)).toContain('job.running');
      const restored = events.filter((e) => e.type === 'restore.taskRestored');
      expect(restored.length).toBe(3 * (parallelism ?? 2));
      expect(sim.state.job.topology.vertices.map((v) => v.parallelism)).toEqual([parallelism ?? 2, parallelism ?? 2, parallelism ?? 2]);
      expect(actualSums(sim.state)).toEqual(expectedSums(sim.state));
      // Every partition is read by exactly one subtask after the restore.
      const partitions = Object.values(sim.state.job.sources).flatMap((s) => s.partitions.map((p) => p.partition)).sort();
      expect(partitions).toEqual([0, 1]);
    });
  }

  it('right after the restore, keyed state equals the state in the checkpoint', () => {
    const s = scenario({ script: [{ atMs: 300, do: 'checkpoint' }, { atMs: 700, do: 'restore' }], untilMs: 1500 });
    const sim = Simulation.create(s);
    const events: EngineEvent[] = [];
    // Step until the restarted job runs, before any record is processed again.
    for (let ev = sim.step(); ev; ev = sim.step()) {
      events.push(...ev);
      if (ev.some((e) => e.type === 'job.running')) break;
    }
    expect(events.some((e) => e.type === 'job.running')).toBe(true);
    // The expected state: records before each source's barrier.
    const injected = events.filter((e) => e.type === 'barrier.injected');
    const expected = new Map<string, number>();
    for (const e of events) {
      if (e.type !== 'source.emitted' || e.atMs > 600) continue;
      const b = injected.find((x) => x.task === e.task)!;
      if (e.step < b.step) expected.set(String(e.key), (expected.get(String(e.key)) ?? 0) + e.value);
    }
    expect(actualSums(sim.state)).toEqual(expected);
  });

  it('restores from a savepoint by id', () => {
    const { sim, events } = run({ script: [{ atMs: 300, do: 'savepoint' }, { atMs: 600, do: 'restore', checkpoint: 1, parallelism: 1 }], untilMs: 1000 });
    expect(events.some((e) => e.type === 'restore.started' && e.isSavepoint)).toBe(true);
    expect(actualSums(sim.state)).toEqual(expectedSums(sim.state));
  });

  it('reads state from storage bytes: a corrupt file fails the restore with its path', () => {
    const s = scenario({ script: [{ atMs: 300, do: 'checkpoint' }], untilMs: 500 });
    const sim = Simulation.create(s);
    sim.runUntil(500);
    const snap = sim.snapshot();
    const victim = Object.values(snap.storage.files).find((f) => f.meta.kind === 'full')!;
    const bad = victim.bytes.slice();
    bad.fill(7, 0, 8);
    snap.storage.files[victim.path] = { ...victim, bytes: bad };
    const broken = Simulation.fromSnapshot(snap);
    const events = broken.apply({ do: 'restore', checkpoint: 'latest' });
    events.push(...broken.runUntil(900));
    const failed = events.find((e) => e.type === 'restore.failed');
    expect(failed && failed.type === 'restore.failed' && failed.reason).toContain(victim.path);
    expect(broken.state.job.running).toBe(false);
  });

  it('says clearly when there is nothing to restore', () => {
    const { events } = run({ script: [{ atMs: 300, do: 'restore' }], untilMs: 400 });
    const failed = events.find((e) => e.type === 'restore.failed');
    expect(failed && failed.type === 'restore.failed' && failed.reason).toMatch(/no retained checkpoint/);
  });
});
