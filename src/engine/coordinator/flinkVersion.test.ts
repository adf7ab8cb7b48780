/**
 * The "Flink version" choice: savepoints in Flink ≤1.14 versus 1.15–1.20
 * (`CheckpointCoordinator.completePendingCheckpoint` of 1.14 and of 1.20 f6f88135b3a5).
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent, EventOf } from '../events';
import { parseScenario } from '../scenario/parseScenario';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';

const ofType = <T extends EngineEvent['type']>(events: EngineEvent[], t: T) => events.filter((e): e is EventOf<T> => e.type === t);

function run(input: Partial<ScenarioInput>): { sim: Simulation; events: EngineEvent[] } {
  const s = scenarioOf({ format: SCENARIO_FORMAT, ...input });
  const sim = Simulation.create(s);
  return { sim, events: sim.runUntil(s.untilMs) };
}

const base = (flinkVersion: '<=1.14' | '1.15-1.20'): Partial<ScenarioInput> => ({
  job: { parallelism: 1, source: { kind: 'generator', keys: 8, ratePerSec: 100 }, sink: { kind: 'transactional' } },
  checkpointing: { numRetained: 2, flinkVersion },
  script: [
    { atMs: 200, do: 'checkpoint' },
    { atMs: 400, do: 'savepoint' },
    { atMs: 600, do: 'checkpoint' },
  ],
  untilMs: 1000,
});

describe('Flink version: savepoints', () => {
  it('1.15–1.20: a savepoint stays outside the store, is not counted toward num-retained and gets no notify-complete', () => {
    // CheckpointCoordinator (1.20) L1381–1388: only checkpoints go to the store;
    // cleanupAfterCompletedCheckpoint L1431: `!props.isSavepoint() || props.isSynchronous()` guards the notification.
    const { sim, events } = run(base('1.15-1.20'));
    expect(sim.state.coordinator.completed.map((c) => c.id)).toEqual([1, 3]);
    expect(sim.state.coordinator.savepoints.map((c) => c.id)).toEqual([2]);
    expect(ofType(events, 'checkpoint.notified').filter((e) => e.notification === 'complete').map((e) => e.checkpointId)).toEqual([1, 3]);
    // The transactional sink commits nothing on the savepoint: its transaction waits for checkpoint 3.
    const commits = ofType(events, 'sink.commit');
    expect(commits.every((e) => e.notifiedCheckpointId !== 2)).toBe(true);
  });

  it('≤1.14: a savepoint joins the store, counts toward num-retained (subsuming checkpoint 1 later) and is notified', () => {
    // CheckpointCoordinator (1.14) completePendingCheckpoint: registerAll, completedCheckpointStore.addCheckpoint,
    // dropSubsumedCheckpoints and sendAcknowledgeMessages for every completed checkpoint, savepoints included.
    const { sim, events } = run(base('<=1.14'));
    expect(sim.state.coordinator.completed.map((c) => c.id)).toEqual([2, 3]);
    expect(ofType(events, 'checkpoint.subsumed').map((e) => [e.checkpointId, e.by])).toEqual([[1, 3]]);
    expect(ofType(events, 'checkpoint.notified').filter((e) => e.notification === 'complete').map((e) => e.checkpointId)).toEqual([1, 2, 3]);
    expect(ofType(events, 'sink.commit').some((e) => e.notifiedCheckpointId === 2)).toBe(true);
    // The savepoint's files are not discarded when it leaves the store (it is not discarded on subsume).
    expect(Object.keys(sim.state.storage.files).some((p) => p.startsWith('savepoints/'))).toBe(true);
  });

  it('old scenario files with checkpointing.registry still load: "refcount" means Flink ≤1.14', () => {
    const r = parseScenario({ format: SCENARIO_FORMAT, checkpointing: { registry: 'refcount' } });
    expect(r.ok && r.scenario.checkpointing.flinkVersion).toBe('<=1.14');
    const r2 = parseScenario({ format: SCENARIO_FORMAT, checkpointing: { registry: 'last-used-id' } });
    expect(r2.ok && r2.scenario.checkpointing.flinkVersion).toBe('1.15-1.20');
    const bad = parseScenario({ format: SCENARIO_FORMAT, checkpointing: { registry: 'refcount', flinkVersion: '1.15-1.20' } });
    expect(bad.ok).toBe(false);
    if (r.ok) expect(Simulation.create(r.scenario).state.registry.model).toBe('refcount');
  });
});
