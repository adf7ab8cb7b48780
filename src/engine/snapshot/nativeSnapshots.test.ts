/**
 * RocksDB's native snapshot formats and where their files go: full checkpoints with
 * `RocksNativeFullSnapshotStrategy` (since 1.16), an incremental checkpoint's private files in
 * `shared/`, materializations in `taskowned/`, and native savepoints (1.15+).
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent } from '../events';
import { keyedStateEntries } from '../job/stateView';
import { getEntry, registryKeyForPath } from '../registry';
import type { ScenarioAction } from '../scenario/actionSchema';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { filesOfKeyedHandle, type IncrementalRemoteKeyedStateHandle } from '../format/stateHandles';

const generator = { kind: 'generator' as const, keys: 12, ratePerSec: 200 };

function scenario(over: Partial<ScenarioInput> & { script: ScenarioAction[]; untilMs: number }) {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 5,
    job: { parallelism: 2, source: generator },
    checkpointing: { numRetained: 1 },
    ...over,
    stateBackend: { type: 'rocksdb', incremental: false, rocksdb: { writeBufferBytes: 256 }, ...over.stateBackend },
  } as ScenarioInput);
}

function run(s: ReturnType<typeof scenario>): { sim: Simulation; events: EngineEvent[] } {
  const sim = Simulation.create(s);
  return { sim, events: sim.runUntil(s.untilMs) };
}

function sums(sim: Simulation): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const k of Object.values(sim.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value);
  return out;
}

/** The state a restore from `id` rebuilds, compared with the state the checkpoint was taken from. */
function restoredFrom(sim: Simulation, id: number, parallelism?: number): Map<string, unknown> {
  const check = Simulation.fromSnapshot(sim.snapshot());
  const evs = check.apply({ do: 'restore', checkpoint: id, ...(parallelism ? { parallelism } : {}) });
  for (let ev = check.step(); ev && !evs.some((e) => e.type === 'job.running' || e.type === 'restore.failed'); ev = check.step()) evs.push(...ev);
  const failed = evs.find((e) => e.type === 'restore.failed');
  if (failed) throw new Error(JSON.stringify(failed));
  return sums(check);
}

/** The keyed subtasks' handles of retained checkpoint or savepoint `id`. */
function handlesOf(sim: Simulation, id: number): IncrementalRemoteKeyedStateHandle[] {
  const cp = [...sim.state.coordinator.completed, ...sim.state.coordinator.savepoints].find((c) => c.id === id)!;
  return Object.entries(cp.tasks).flatMap(([task, st]) => (task.startsWith('count#') && st.keyed?.type === 'incremental' ? [st.keyed] : []));
}

describe('RocksDB full checkpoints: RocksNativeFullSnapshotStrategy (since 1.16)', () => {
  // RocksNativeFullSnapshotStrategy L168–200, L225–249: every file of the native checkpoint is
  // uploaded with CheckpointedStateScope.EXCLUSIVE into the checkpoint's own directory, and the
  // handle is an IncrementalRemoteKeyedStateHandle with empty shared state. Before, the engine
  // wrote the pre-1.16 canonical full file (a KeyGroupsStateHandle) and these expectations failed.
  const s = scenario({ stateBackend: { type: 'rocksdb', incremental: false, snapshotCompression: true }, script: [{ atMs: 400, do: 'checkpoint' }], untilMs: 700 });

  it('uploads every SST plus MANIFEST, CURRENT and OPTIONS into chk-<id>, nothing shared, nothing registered, nothing compressed', () => {
    const { sim } = run(s);
    const jobId = sim.state.coordinator.jobId;
    const handles = handlesOf(sim, 1);
    expect(handles).toHaveLength(2);
    for (const h of handles) {
      expect(h.sharedState).toEqual([]);
      const names = h.privateState.map((p) => p.localPath);
      expect(names.filter((n) => n.endsWith('.sst')).length).toBeGreaterThan(0);
      expect(names).toEqual(expect.arrayContaining(['CURRENT', 'OPTIONS-000001', 'MANIFEST-000001']));
      for (const f of filesOfKeyedHandle(h)) {
        expect(f.type === 'file' && f.path.startsWith(`${jobId}/chk-1/`)).toBe(true);
        if (f.type === 'file') expect(getEntry(sim.state.registry, registryKeyForPath(f.path))).toBeNull();
      }
    }
    // Snapshot compression applies to Flink's own streams, not to RocksDB's files: no 'full' file at all.
    expect(Object.values(sim.state.storage.files).filter((f) => f.meta.kind === 'full')).toEqual([]);
  });

  it('restores from it at the same parallelism and rescaled, and its files go when it is subsumed', () => {
    const { sim } = run(s);
    const atCheckpoint = restoredFrom(sim, 1);
    expect(atCheckpoint.size).toBeGreaterThan(0);
    // Rescaling opens each old instance and copies the new range's key groups (RocksDBIncrementalRestoreOperation).
    expect(restoredFrom(sim, 1, 3)).toEqual(atCheckpoint);
    expect(restoredFrom(sim, 1, 1)).toEqual(atCheckpoint);
    const files = handlesOf(sim, 1).flatMap(filesOfKeyedHandle).flatMap((f) => (f.type === 'file' ? [f.path] : []));
    const later = Simulation.fromSnapshot(sim.snapshot());
    later.apply({ do: 'checkpoint' });
    later.runUntil(1200);
    expect(later.state.coordinator.completed.map((c) => c.id)).toEqual([2]);
    for (const f of files) expect(later.state.storage.files[f]).toBeUndefined();
  });
});

describe('files in the right directory', () => {
  it("an incremental checkpoint's MANIFEST, CURRENT and OPTIONS go to shared/, private all the same", () => {
    // RocksIncrementalSnapshotStrategy#uploadSnapshotFiles L356–388: SSTs and misc files share one
    // scope, SHARED for checkpoints; the meta data stream is EXCLUSIVE (RocksDBSnapshotStrategyBase
    // L262–273). The misc files stay private state (IncrementalRemoteKeyedStateHandle#discardState).
    // Before, they were written to chk-<id>/.
    const s = scenario({ stateBackend: { type: 'rocksdb', incremental: true }, script: [{ atMs: 400, do: 'checkpoint' }, { atMs: 800, do: 'checkpoint' }], untilMs: 1200 });
    const { sim, events } = run(s);
    const jobId = sim.state.coordinator.jobId;
    expect(sim.state.coordinator.completed.map((c) => c.id)).toEqual([2]); // 1 was subsumed (numRetained 1)
    const h = handlesOf(sim, 2);
    for (const x of h) {
      for (const p of x.privateState) expect(p.handle.type === 'file' && p.handle.path.startsWith(`${jobId}/shared/`)).toBe(true);
      expect(x.metaStateHandle.type === 'file' && x.metaStateHandle.path.startsWith(`${jobId}/chk-2/`)).toBe(true);
      for (const p of x.privateState) if (p.handle.type === 'file') expect(getEntry(sim.state.registry, registryKeyForPath(p.handle.path))).toBeNull();
    }
    // Checkpoint 1's private files in shared/ were discarded with it when checkpoint 2 subsumed it.
    const privateOfOne = Object.values(sim.state.storage.files).filter((f) => f.meta.kind === 'private' && f.meta.checkpointId === 1);
    expect(privateOfOne).toEqual([]);
    const discarded = events.filter((e) => e.type === 'file.discarded' && e.path.startsWith(`${jobId}/shared/`));
    expect(discarded.length).toBeGreaterThanOrEqual(6); // 3 misc files × 2 subtasks
  });

  it('materializations go to taskowned/', () => {
    // ChangelogKeyedStateBackend L253–259: the materialization's stream factory opens every stream
    // with createTaskOwnedStateStream (FsCheckpointStorageAccess.taskOwnedStateDirectory). Before,
    // the engine wrote them to shared/.
    for (const incremental of [true, false]) {
      const s = scenario({
        stateBackend: { type: 'rocksdb', incremental, changelog: { enabled: true, materializationIntervalMs: 0 } },
        script: [{ atMs: 300, do: 'materialize' }, { atMs: 600, do: 'checkpoint' }],
        untilMs: 900,
      });
      const { sim } = run(s);
      const jobId = sim.state.coordinator.jobId;
      const cp = sim.state.coordinator.completed.at(-1)!;
      const materialized = Object.values(cp.tasks).flatMap((st) => (st.keyed?.type === 'changelog' ? st.keyed.materialized : []));
      expect(materialized.length).toBe(2);
      for (const m of materialized) for (const f of filesOfKeyedHandle(m)) expect(f.type === 'file' && f.path.startsWith(`${jobId}/taskowned/`)).toBe(true);
      for (const f of Object.values(sim.state.storage.files)) if (f.path.startsWith(`${jobId}/taskowned/`)) expect(f.meta.scope).toBe('taskowned');
    }
  });
});
