import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import type { ScenarioAction } from '../scenario/actionSchema';
import { Simulation } from '../simulation';
import { keyedStateEntries } from '../job/stateView';
import type { EventOf } from '../events';

type Retention = 'NO_EXTERNALIZED_CHECKPOINTS' | 'DELETE_ON_CANCELLATION' | 'RETAIN_ON_CANCELLATION';
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

function run(retention: Retention, after: ScenarioAction[] = []) {
  const sim = Simulation.create(
    scenarioOf({
      format: SCENARIO_FORMAT,
      seed: 3,
      job: { parallelism: 2, maxParallelism: 16, source: { kind: 'script' } },
      stateBackend: { type: 'rocksdb', incremental: true },
      checkpointing: { numRetained: 2, externalizedRetention: retention },
      script: [
        { atMs: 100, do: 'emit', records: KEYS.map((key) => ({ key, value: 1 })) },
        { atMs: 200, do: 'checkpoint' },
        { atMs: 300, do: 'flush', task: 'count#0' },
        { atMs: 400, do: 'checkpoint' },
        { atMs: 500, do: 'savepoint' },
        { atMs: 700, do: 'cancel' },
        ...after,
      ],
      untilMs: 1500,
    }),
  );
  const events = sim.runUntil(1500);
  return { sim, events };
}

const stateOf = (sim: Simulation) => {
  const out = new Map<string, unknown>();
  for (const k of Object.values(sim.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value);
  return out;
};

describe('cancelling a job: ExternalizedCheckpointRetention', () => {
  // DefaultCompletedCheckpointStore#shutdown(CANCELED): CheckpointProperties#discardOnJobCancelled
  // is false only for RETAIN_ON_CANCELLATION; unregisterUnusedState(Long.MAX_VALUE) then frees
  // every shared file when nothing is kept. Savepoints are never the job's to delete.
  it('DELETE_ON_CANCELLATION (and the default NO_EXTERNALIZED_CHECKPOINTS) delete every retained checkpoint, private and shared files', () => {
    for (const retention of ['DELETE_ON_CANCELLATION', 'NO_EXTERNALIZED_CHECKPOINTS'] as const) {
      const { sim, events } = run(retention);
      const canceled = events.find((e): e is EventOf<'job.canceled'> => e.type === 'job.canceled')!;
      expect(canceled.discarded).toEqual([1, 2]);
      expect(canceled.kept).toEqual([]);
      const files = Object.keys(sim.state.storage.files);
      const jobId = sim.state.coordinator.jobId;
      expect(files.filter((p) => p.startsWith(`${jobId}/`))).toEqual([]);
      expect(files.some((p) => p.startsWith('savepoints/'))).toBe(true);
      expect(sim.state.job.running).toBe(false);
      // Nothing runs after the cancellation.
      expect(events.filter((e) => e.type === 'checkpoint.completed' && e.atMs > 700)).toEqual([]);
    }
  });

  it('RETAIN_ON_CANCELLATION keeps the retained checkpoints; a new job (new JobID) restores one of them completely', () => {
    const { sim: kept } = run('RETAIN_ON_CANCELLATION');
    expect(kept.state.coordinator.completed.map((c) => c.id)).toEqual([1, 2]);
    for (const cp of kept.state.coordinator.completed) for (const f of cp.files) expect(kept.state.storage.files[f]).toBeDefined();
    const reference = stateOf(Simulation.fromSnapshot(kept.snapshot()));
    const { sim, events } = run('RETAIN_ON_CANCELLATION', [{ atMs: 900, do: 'restore', checkpoint: 2, mode: 'NO_CLAIM' }]);
    const submitted = events.find((e): e is EventOf<'job.submitted'> => e.type === 'job.submitted')!;
    expect(submitted).toMatchObject({ previousStatus: 'CANCELED', checkpointId: 2, mode: 'NO_CLAIM' });
    expect(sim.state.job.running).toBe(true);
    // No input after the checkpoints: the state at cancellation is what checkpoint 2 holds.
    expect(reference.size).toBe(KEYS.length);
    expect(stateOf(sim)).toEqual(reference);
  });

  it('after DELETE_ON_CANCELLATION a new job can still start from the savepoint, not from a deleted checkpoint', () => {
    const { events } = run('DELETE_ON_CANCELLATION', [{ atMs: 900, do: 'restore', checkpoint: 2 }]);
    expect(events.some((e) => e.type === 'restore.failed')).toBe(true);
    const { sim } = run('DELETE_ON_CANCELLATION', [{ atMs: 900, do: 'restore', checkpoint: 3 }]);
    expect(sim.state.job.running).toBe(true);
    expect(stateOf(sim).size).toBe(KEYS.length);
  });
});
