/**
 * Finished parts of the state are shared by clones, not copied: what keeps a keyframe and each
 * frame's `Timeline.stateAt` from growing with every checkpoint (issue 17). A keyframe that
 * crossed from the worker as text is sealed again when a simulation is rebuilt from it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Simulation } from './index';
import { clonePlain } from './core/plainData';

function runTo(ms: number): Simulation {
  const sim = Simulation.create(DEFAULT_SCENARIO);
  while (sim.nextAtMs !== undefined && sim.nextAtMs <= ms) sim.step();
  return sim;
}

describe('sealed finished state', () => {
  const sim = runTo(DEFAULT_SCENARIO.untilMs);
  const history = sim.state.coordinator.history;

  it('a finished checkpoint’s per-subtask rows are shared by clones; a pending one’s are copied', () => {
    const finished = history.filter((h) => h.status !== 'IN_PROGRESS');
    expect(finished.length).toBeGreaterThan(2);
    const copy = clonePlain(sim.state);
    for (const h of finished) {
      const c = copy.coordinator.history.find((x) => x.id === h.id)!;
      expect(c.subtasks).toBe(h.subtasks);
      expect(c.taskFiles).toBe(h.taskFiles);
      expect(Object.isFrozen(h.subtasks)).toBe(true);
    }
    const pending = runTo(1_050).state.coordinator.history.filter((h) => h.status === 'IN_PROGRESS');
    for (const h of pending) expect(Object.isFrozen(h.subtasks)).toBe(false);
  });

  it('the registry’s discarded log is shared too', () => {
    expect(sim.state.registry.discarded.length).toBeGreaterThan(0);
    const copy = clonePlain(sim.state);
    expect(copy.registry.discarded[0]).toBe(sim.state.registry.discarded[0]);
  });

  it('a snapshot that lost its marks (as a keyframe from the worker) is sealed again when rebuilt, and runs on identically', () => {
    const mid = runTo(3_000);
    // structuredClone makes fresh, unfrozen objects, as decoding the worker's keyframe text does.
    const crossed = structuredClone(mid.snapshot());
    const done = mid.state.coordinator.history.find((x) => x.status === 'COMPLETED')!;
    expect(Object.isFrozen(crossed.coordinator.history.find((x) => x.id === done.id)!.subtasks)).toBe(false);
    const rebuilt = Simulation.fromSnapshot(crossed);
    const h = rebuilt.state.coordinator.history.find((x) => x.id === done.id)!;
    expect(Object.isFrozen(h.subtasks)).toBe(true);
    expect(clonePlain(rebuilt.state).coordinator.history.find((x) => x.id === done.id)!.subtasks).toBe(h.subtasks);
    // Sealing changes no value: both go on to the same end state.
    for (const s of [mid, rebuilt]) while (s.nextAtMs !== undefined && s.nextAtMs <= DEFAULT_SCENARIO.untilMs) s.step();
    expect(rebuilt.digest()).toBe(mid.digest());
  });
});
