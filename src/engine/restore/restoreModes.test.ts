import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import type { ScenarioAction } from '../scenario/actionSchema';
import { Simulation } from '../simulation';
import { keyedStateEntries } from '../job/stateView';
import type { EngineEvent, EventOf } from '../events';
import type { RetainedCheckpointImport } from './startFromRetained';

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const emit = (atMs: number, value: number): ScenarioAction => ({ atMs, do: 'emit', records: KEYS.map((key) => ({ key, value })) });

function scenario(script: ScenarioAction[], backend: 'hashmap' | 'rocksdb' = 'hashmap', changelog = true) {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 5,
    job: { parallelism: 2, maxParallelism: 16, source: { kind: 'script' } },
    stateBackend: { type: backend, incremental: backend === 'rocksdb', changelog: { enabled: changelog } },
    checkpointing: { numRetained: 2 },
    script,
    untilMs: 1000,
  });
}

function stateOf(sim: Simulation): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const k of Object.values(sim.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value);
  return out;
}

/** Job 1: state in a materialized part and in change sets after it, two checkpoints. */
function firstJob(backend: 'hashmap' | 'rocksdb' = 'hashmap', changelog = true) {
  const sim = Simulation.create(scenario([emit(100, 1), { atMs: 200, do: 'checkpoint' }, ...(changelog ? [{ atMs: 300, do: 'materialize' } as const] : [{ atMs: 300, do: 'flush', task: 'count#0' } as const]), emit(400, 2), { atMs: 600, do: 'checkpoint' }], backend, changelog));
  sim.runUntil(1000);
  return sim;
}

/** What durable storage gives back after a reload: copies of the bytes of the latest checkpoint. */
function reloadImport(first: Simulation, mode?: RetainedCheckpointImport['mode']): RetainedCheckpointImport {
  const latest = first.state.coordinator.completed.at(-1)!;
  const files = Object.values(first.state.storage.files).map((f) => ({ path: f.path, bytes: f.bytes.slice(), meta: { ...f.meta } }));
  return { checkpointId: latest.id, isSavepoint: false, metadataPath: latest.metadataPath, files, ...(mode ? { mode } : {}) };
}

function runCollect(sim: Simulation, ms: number): EngineEvent[] {
  return sim.runUntil(ms);
}

describe('restore modes (RestoreMode CLAIM / NO_CLAIM / LEGACY)', () => {
  // ChangelogKeyedStateBackend L492–546 (Flink 1.20): every checkpoint after a restore carries the
  // restored materialized part plus the restored change sets, whatever the restore mode. Before
  // the fix, a job started from a reloaded checkpoint continued the changelog only when the restore
  // claimed its checkpoint, so its checkpoints held neither, and a second restore lost the state.
  it('changelog: restarting from a reloaded checkpoint (CLAIM), checkpointing and restoring again brings all state back', () => {
    const first = firstJob();
    const reference = stateOf(first);
    expect(reference.size).toBe(KEYS.length);
    const second = Simulation.create(scenario([{ atMs: 300, do: 'checkpoint' }, { atMs: 600, do: 'checkpoint' }, { atMs: 900, do: 'restore', checkpoint: 'latest' }]), reloadImport(first, 'CLAIM'));
    const events = runCollect(second, 1500);
    const restores = events.filter((e): e is EventOf<'restore.started'> => e.type === 'restore.started');
    expect(restores.length).toBe(2);
    expect(restores[1]!.checkpointId).toBeGreaterThan(restores[0]!.checkpointId);
    expect(stateOf(second)).toEqual(reference);
  });

  it('changelog: LEGACY keeps the restored files and still carries them into later checkpoints', () => {
    const first = firstJob();
    const reference = stateOf(first);
    const imported = reloadImport(first, 'LEGACY');
    const second = Simulation.create(scenario([{ atMs: 300, do: 'checkpoint' }, { atMs: 600, do: 'checkpoint' }, { atMs: 900, do: 'restore', checkpoint: 'latest' }]), imported);
    runCollect(second, 1500);
    expect(stateOf(second)).toEqual(reference);
    for (const f of imported.files) expect(second.state.storage.files[f.path]).toBeDefined();
  });

  // Docs state_backends.md "Limitations": NO_CLAIM is not supported by the changelog backend;
  // StreamTask#checkForcedFullSnapshotSupport fails the first FULL_CHECKPOINT trigger. Refused here.
  it('changelog + NO_CLAIM is refused with Flink\'s message, and the job does not run', () => {
    const first = firstJob();
    const second = Simulation.create(scenario([]), reloadImport(first, 'NO_CLAIM'));
    const events = runCollect(second, 500);
    const failed = events.find((e): e is EventOf<'restore.failed'> => e.type === 'restore.failed');
    expect(failed?.reason).toMatch(/does not support enforcing a full snapshot.*NO_CLAIM.*CLAIM/);
    expect(second.state.job.running).toBe(false);
    expect(events.some((e) => e.type === 'restore.started')).toBe(false);
  });

  // CheckpointCoordinator#triggerTasks L841: forceFullSnapshot (set by restoring an unclaimed
  // checkpoint) makes the first checkpoint FULL_CHECKPOINT; RocksIncrementalSnapshotStrategy then
  // reuses no restored SST (FORWARD sharing). CLAIM lets it reuse them as placeholders.
  it('incremental RocksDB: after NO_CLAIM the first checkpoint uploads every SST; after CLAIM it reuses the restored ones', () => {
    const first = firstJob('rocksdb', false);
    const firstCheckpoint = (mode: 'CLAIM' | 'NO_CLAIM') => {
      const sim = Simulation.create(scenario([{ atMs: 300, do: 'checkpoint' }], 'rocksdb', false), reloadImport(first, mode));
      sim.runUntil(800);
      const cp = sim.state.coordinator.completed.at(-1)!;
      expect(cp.id).toBeGreaterThan(first.state.coordinator.completed.at(-1)!.id);
      const keyed = Object.values(cp.tasks).flatMap((t) => (t.keyed?.type === 'incremental' ? [t.keyed] : []));
      return keyed.flatMap((k) => k.sharedState).filter((s) => !s.uploadedNow).length;
    };
    expect(firstCheckpoint('NO_CLAIM')).toBe(0);
    expect(firstCheckpoint('CLAIM')).toBeGreaterThan(0);
  });

  it('a restore action with a mode submits a new job (new JobID) whose store holds only the snapshot', () => {
    const sim = Simulation.create(scenario([emit(100, 1), { atMs: 200, do: 'checkpoint' }, { atMs: 400, do: 'checkpoint' }, { atMs: 600, do: 'restore', checkpoint: 1, mode: 'CLAIM' }], 'hashmap', false));
    const jobId = sim.state.coordinator.jobId;
    const events = sim.runUntil(1000);
    const submitted = events.find((e): e is EventOf<'job.submitted'> => e.type === 'job.submitted');
    expect(submitted).toMatchObject({ previousJobId: jobId, previousStatus: 'SUSPENDED', checkpointId: 1, mode: 'CLAIM' });
    expect(sim.state.coordinator.jobId).not.toBe(jobId);
    expect(sim.state.coordinator.completed.map((c) => c.id)).toEqual([1]);
    expect(sim.state.coordinator.nextCheckpointId).toBe(2);
  });
});
