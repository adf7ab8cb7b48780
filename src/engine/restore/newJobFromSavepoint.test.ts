/**
 * A new job started from a savepoint (`flink run -s <savepoint>`, Flink 1.15–1.20) under the
 * changelog state backend. The restored job carries the savepoint's keyed state as the
 * materialized part of its checkpoints until its next materialization; Flink registers that
 * state when the job starts (`CheckpointCoordinator#restoreSavepoint` →
 * `CompletedCheckpoint#registerSharedStatesAfterRestored` → `SharedStateRegistryImpl
 * #registerAllAfterRestored`), so the entry is created by the savepoint:
 *   LEGACY: `highestNotClaimedCheckpointID` ≥ the savepoint's id, so its files are never deleted;
 *   CLAIM:  the savepoint gets the job's own `CheckpointProperties` and is deleted once subsumed,
 *           so it is no longer the user's savepoint.
 * Before the fix the engine registered nothing at the restore: the first checkpoint after it
 * created the entries, and once a materialization replaced the materialized part, the registry
 * deleted the savepoint's files while the savepoint was still listed.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EventOf } from '../events';
import type { ScenarioAction } from '../scenario/actionSchema';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';

type Backend = 'hashmap' | 'rocksdb';
type Format = 'canonical' | 'native';

/** A savepoint (id 3) after two checkpoints and a materialization, then `restore` at 1200 ms. */
function run(backend: Backend, format: Format, restore: Omit<Extract<ScenarioAction, { do: 'restore' }>, 'atMs' | 'do' | 'checkpoint'>, later: ScenarioAction[] = []) {
  const sim = Simulation.create(
    scenarioOf({
      format: SCENARIO_FORMAT,
      seed: 3,
      job: { parallelism: 2, source: { kind: 'generator', keys: 10, ratePerSec: 100 } },
      stateBackend: { type: backend, incremental: backend === 'rocksdb', changelog: { enabled: true } },
      checkpointing: { intervalMs: 300, numRetained: 1 },
      script: [
        { atMs: 500, do: 'materialize' },
        { atMs: 700, do: 'savepoint', format },
        { atMs: 1200, do: 'restore', checkpoint: 3, ...restore },
        // Materializations of the new job replace the savepoint's state as the materialized part.
        { atMs: 2500, do: 'materialize' },
        { atMs: 4000, do: 'materialize' },
        ...later,
      ],
      untilMs: 6000,
    }),
  );
  sim.runUntil(1100);
  const savepoint = sim.state.coordinator.savepoints.find((s) => s.id === 3)!;
  expect(savepoint).toBeDefined();
  const events = sim.runUntil(6000);
  const missing = savepoint.files.filter((f) => !sim.state.storage.files[f]);
  return { sim, savepoint, events, missing };
}

const CASES: [Backend, Format][] = [
  ['hashmap', 'canonical'],
  ['hashmap', 'native'],
  ['rocksdb', 'canonical'],
  ['rocksdb', 'native'],
];

describe('a new job from a savepoint, changelog backend (Flink 1.15–1.20)', () => {
  it.each(CASES)('LEGACY, %s, %s savepoint: every file of the savepoint stays and it is still listed', (backend, format) => {
    const { sim, missing, events } = run(backend, format, { mode: 'LEGACY' });
    expect(events.filter((e) => e.type === 'changelog.materialization.completed').length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(sim.state.coordinator.savepoints.map((s) => s.id)).toContain(3);
  });

  it('LEGACY: the savepoint can be restored again later and brings its state back', () => {
    const { sim, events } = run('rocksdb', 'canonical', { mode: 'LEGACY' }, [{ atMs: 5000, do: 'restore', checkpoint: 3, mode: 'LEGACY' }]);
    expect(events.some((e) => e.type === 'restore.failed')).toBe(false);
    const restored = events.filter((e): e is EventOf<'restore.taskRestored'> => e.type === 'restore.taskRestored' && e.checkpointId === 3 && e.step > events.find((x) => x.type === 'job.submitted')!.step);
    expect(restored.reduce((n, e) => n + e.entries, 0)).toBeGreaterThan(0);
    expect(sim.state.job.running).toBe(true);
  });

  it.each(CASES)('CLAIM, %s, %s savepoint: the savepoint leaves the user\'s list, is claimed by the new job and deleted once unused', (backend, format) => {
    const { sim, savepoint, missing, events } = run(backend, format, { mode: 'CLAIM' });
    const submitted = events.find((e): e is EventOf<'job.submitted'> => e.type === 'job.submitted')!;
    expect(submitted.claimedSavepoint).toBe(true);
    expect(sim.state.coordinator.savepoints.map((s) => s.id)).not.toContain(3);
    expect(sim.state.coordinator.claimedSavepoints).toEqual([{ id: 3, metadataPath: savepoint.metadataPath, jobId: submitted.jobId, claimedAtMs: submitted.atMs }]);
    // Owned by the job: once no retained checkpoint uses its files, they go.
    const stillUsed = new Set(sim.state.coordinator.completed.flatMap((c) => c.files));
    expect(missing.length).toBeGreaterThan(0);
    expect(savepoint.files.filter((f) => sim.state.storage.files[f] && !stillUsed.has(f))).toEqual([]);
  });

  it('CLAIM: a later restore from the claimed savepoint is refused and says why', () => {
    const { sim, events } = run('hashmap', 'canonical', { mode: 'CLAIM' }, [{ atMs: 5000, do: 'restore', checkpoint: 3, mode: 'NO_CLAIM', changelog: false }]);
    const failed = events.filter((e): e is EventOf<'restore.failed'> => e.type === 'restore.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toMatch(/savepoint 3 was claimed by job [0-9a-f]{8}… \(started from it in CLAIM mode\)/);
    expect(sim.state.job.running).toBe(true);
  });

  it('NO_CLAIM (changelog off across the restore): nothing is claimed, every file stays', () => {
    const { sim, missing } = run('rocksdb', 'native', { mode: 'NO_CLAIM', changelog: false });
    expect(missing).toEqual([]);
    expect(sim.state.coordinator.claimedSavepoints).toEqual([]);
  });

  // The engine also lets the running job restart from its own savepoint in place (Flink would
  // submit a new job); the savepoint is still the user's, so none of its files may go.
  it.each(CASES)('restart in place from its own savepoint, %s, %s: every file of the savepoint stays', (backend, format) => {
    const { missing } = run(backend, format, {});
    expect(missing).toEqual([]);
  });
});
