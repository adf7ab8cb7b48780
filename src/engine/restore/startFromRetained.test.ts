import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { keyedStateEntries } from '../job/stateView';
import type { EngineEvent } from '../events';

const scenario = scenarioOf({
  format: SCENARIO_FORMAT,
  job: { parallelism: 2, source: { kind: 'generator', keys: 10, ratePerSec: 100 } },
  checkpointing: { intervalMs: 300, numRetained: 1 },
  untilMs: 1000,
});

function stateSums(sim: Simulation): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of Object.values(sim.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value as number);
  return out;
}

describe('starting a job from a retained checkpoint (after a reload)', () => {
  it('rebuilds state from the imported bytes alone and never deletes the imported files (NO_CLAIM)', () => {
    const first = Simulation.create(scenario);
    first.runUntil(1000);
    const latest = first.state.coordinator.completed.at(-1)!;
    // What durable storage holds: copies of the bytes, nothing shared with the first engine.
    const files = Object.values(first.state.storage.files).map((f) => ({ path: f.path, bytes: f.bytes.slice(), meta: { ...f.meta } }));
    const second = Simulation.create(scenario, { checkpointId: latest.id, isSavepoint: false, metadataPath: latest.metadataPath, files });
    const events: EngineEvent[] = [];
    for (let ev = second.step(); ev; ev = second.step()) {
      events.push(...ev);
      if (ev.some((e) => e.type === 'job.running')) break;
    }
    expect(events.map((e) => e.type)).toContain('restore.started');
    // Right after the restore, state is exactly what the checkpoint holds: compare with a restore in the first engine.
    const check = Simulation.fromSnapshot(first.snapshot());
    const evs = check.apply({ do: 'restore', checkpoint: 'latest' });
    for (let ev = check.step(); ev && !evs.some((e) => e.type === 'job.running'); ev = check.step()) evs.push(...ev);
    expect(stateSums(second)).toEqual(stateSums(check));
    expect(second.state.coordinator.nextCheckpointId).toBe(latest.id + 1);
    // Later checkpoints subsume the imported one, but its files stay.
    second.runUntil(3000);
    expect(second.state.coordinator.completed.at(-1)!.id).toBeGreaterThan(latest.id + 1);
    for (const f of files) expect(second.state.storage.files[f.path]).toBeDefined();
  });

  it('a missing _metadata in durable storage fails clearly', () => {
    const sim = Simulation.create(scenario, { checkpointId: 4, isSavepoint: false, metadataPath: 'x/chk-4/_metadata', files: [] });
    const events = sim.runUntil(100);
    const failed = events.find((e) => e.type === 'restore.failed');
    expect(failed && failed.type === 'restore.failed' && failed.reason).toMatch(/x\/chk-4\/_metadata does not exist/);
  });
});
