/**
 * Savepoint formats (Flink 1.15+, `SavepointFormatType`): what a canonical and a native savepoint
 * write, who can restore them, and what each does to the changelog backend's materialization.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent, EventOf } from '../events';
import { keyedStateEntries } from '../job/stateView';
import { getEntry, registryKeyForPath } from '../registry';
import type { ScenarioAction } from '../scenario/actionSchema';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { filesOfKeyedHandle, type KeyedStateHandle } from '../format/stateHandles';

const generator = { kind: 'generator' as const, keys: 12, ratePerSec: 200 };
type Backend = NonNullable<ScenarioInput['stateBackend']>;

function scenario(stateBackend: Backend, script: ScenarioAction[], untilMs: number, checkpointing: ScenarioInput['checkpointing'] = { numRetained: 1 }) {
  return scenarioOf({ format: SCENARIO_FORMAT, seed: 9, job: { parallelism: 2, source: generator }, checkpointing, stateBackend: { rocksdb: { writeBufferBytes: 256 }, ...stateBackend }, script, untilMs });
}

function sums(sim: Simulation): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const k of Object.values(sim.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value);
  return out;
}

function stepUntilRunning(sim: Simulation, first: EngineEvent[] = []): EngineEvent[] {
  const evs = [...first];
  for (let ev = sim.step(); ev && !evs.some((e) => e.type === 'job.running' || e.type === 'restore.failed'); ev = sim.step()) evs.push(...ev);
  return evs;
}

function keyedHandles(sim: Simulation, id: number): KeyedStateHandle[] {
  const cp = [...sim.state.coordinator.completed, ...sim.state.coordinator.savepoints].find((c) => c.id === id)!;
  return Object.entries(cp.tasks).flatMap(([task, st]) => (task.startsWith('count#') && st.keyed ? [st.keyed] : []));
}

/** Submits a new job (possibly with another backend) from a savepoint of `sim`, as after a reload. */
function startFrom(sim: Simulation, id: number, stateBackend: Backend): { sim: Simulation; events: EngineEvent[] } {
  const sp = sim.state.coordinator.savepoints.find((c) => c.id === id)!;
  const files = Object.values(sim.state.storage.files).map((f) => ({ path: f.path, bytes: f.bytes.slice(), meta: { ...f.meta } }));
  const next = Simulation.create(scenario(stateBackend, [], 3000), { checkpointId: id, isSavepoint: true, metadataPath: sp.metadataPath, files });
  return { sim: next, events: stepUntilRunning(next) };
}

describe('native savepoints (SavepointFormatType.NATIVE)', () => {
  const rocksIncremental: Backend = { type: 'rocksdb', incremental: true };
  const script: ScenarioAction[] = [{ atMs: 300, do: 'checkpoint' }, { atMs: 500, do: 'savepoint', format: 'native' }, { atMs: 800, do: 'checkpoint' }];

  it('RocksDB writes every file into the savepoint directory, shares nothing, and later checkpoints do not build on it', () => {
    // RocksIncrementalSnapshotStrategy with SharingFilesStrategy.NO_SHARING (L141–152, L356–359,
    // L390–398): no previous snapshot, EXCLUSIVE scope, not remembered in uploadedSstFiles.
    const s = scenario(rocksIncremental, script, 1100);
    const sim = Simulation.create(s);
    sim.runUntil(s.untilMs);
    const sp = sim.state.coordinator.savepoints[0]!;
    expect(sp.id).toBe(2);
    const handles = keyedHandles(sim, 2);
    expect(handles.map((h) => h.type)).toEqual(['incremental', 'incremental']);
    for (const h of handles) {
      if (h.type !== 'incremental') continue;
      expect(h.sharedState.length).toBeGreaterThan(0);
      expect(h.sharedState.every((x) => x.uploadedNow)).toBe(true);
      for (const f of filesOfKeyedHandle(h)) {
        if (f.type !== 'file') continue;
        expect(f.path.startsWith('savepoints/')).toBe(true);
        expect(sim.state.storage.files[f.path]!.meta.scope).toBe('savepoint');
        expect(getEntry(sim.state.registry, registryKeyForPath(f.path))).toBeNull();
      }
    }
    // Checkpoint 3 may reuse checkpoint 1's SSTs, never the savepoint's.
    const after = keyedHandles(sim, 3);
    for (const h of after) if (h.type === 'incremental') for (const x of h.sharedState) expect(x.handle.type === 'file' && x.handle.path.includes('/shared/')).toBe(true);
    expect(after.length).toBe(2);
  });

  it('restores from a native savepoint, also rescaled (docs: checkpoints_vs_savepoints, "Rescaling ✓")', () => {
    for (const backend of [rocksIncremental, { type: 'rocksdb', incremental: false } as Backend]) {
      const s = scenario(backend, script.slice(0, 2), 700);
      const sim = Simulation.create(s);
      sim.runUntil(s.untilMs);
      const at = (p?: number) => {
        const check = Simulation.fromSnapshot(sim.snapshot());
        const evs = stepUntilRunning(check, check.apply({ do: 'restore', checkpoint: 2, ...(p ? { parallelism: p } : {}) }));
        expect(evs.filter((e) => e.type === 'restore.failed')).toEqual([]);
        return sums(check);
      };
      const same = at();
      expect(same.size).toBeGreaterThan(0);
      expect(at(3)).toEqual(same);
      expect(at(1)).toEqual(same);
    }
  });

  it('only the same backend type restores a RocksDB native savepoint; a canonical one restores anywhere', () => {
    // HeapRestoreOperation L118–121 → StateUtil#unexpectedStateHandleException; docs
    // checkpoints_vs_savepoints "State backend change": canonical ✓, native x.
    const s = scenario(rocksIncremental, [{ atMs: 300, do: 'savepoint', format: 'native' }, { atMs: 500, do: 'savepoint' }], 800);
    const sim = Simulation.create(s);
    sim.runUntil(s.untilMs);
    expect(sim.state.coordinator.savepoints.map((x) => x.id)).toEqual([1, 2]);
    const native = startFrom(sim, 1, { type: 'hashmap' });
    const failed = native.events.find((e): e is EventOf<'restore.failed'> => e.type === 'restore.failed');
    expect(failed?.reason).toMatch(/Unexpected state handle type, expected one of: KeyGroupsStateHandle, but found: IncrementalRemoteKeyedStateHandle/);
    const canonical = startFrom(sim, 2, { type: 'hashmap' });
    expect(canonical.events.filter((e) => e.type === 'restore.failed')).toEqual([]);
    expect(sums(canonical.sim).size).toBeGreaterThan(0);
    // The same backend type reads the native one.
    const rocks = startFrom(sim, 1, { type: 'rocksdb', incremental: false });
    expect(rocks.events.filter((e) => e.type === 'restore.failed')).toEqual([]);
  });

  it('a HashMap native savepoint is the key-group format of its checkpoints, which RocksDB reads as Flink does', () => {
    // HeapSnapshotStrategy writes KeyGroupsStateHandles for checkpoints and native savepoints;
    // RocksDBKeyedStateBackendBuilder#getRocksDBRestoreOperation sends them to RocksDBFullRestoreOperation.
    const s = scenario({ type: 'hashmap' }, [{ atMs: 300, do: 'savepoint', format: 'native' }], 600);
    const sim = Simulation.create(s);
    sim.runUntil(s.untilMs);
    expect(keyedHandles(sim, 1).map((h) => h.type)).toEqual(['keyGroups', 'keyGroups']);
    const rocks = startFrom(sim, 1, { type: 'rocksdb', incremental: true });
    expect(rocks.events.filter((e) => e.type === 'restore.failed')).toEqual([]);
    expect(sums(rocks.sim).size).toBeGreaterThan(0);
  });
});

describe('savepoints under the changelog backend', () => {
  const changelog = (type: 'hashmap' | 'rocksdb'): Backend => ({ type, incremental: type === 'rocksdb', changelog: { enabled: true, materializationIntervalMs: 200 } });

  function run(type: 'hashmap' | 'rocksdb', format: 'canonical' | 'native') {
    const s = scenario(changelog(type), [{ atMs: 650, do: 'savepoint', format }], 3000, { intervalMs: 300, numRetained: 1 });
    const sim = Simulation.create(s);
    const events = sim.runUntil(s.untilMs);
    const done = events.find((e) => e.type === 'checkpoint.completed' && e.checkpointId === sim.state.coordinator.savepoints[0]?.id);
    if (!done) throw new Error('the savepoint did not complete');
    return { sim, events, after: events.filter((e) => e.step > done.step) };
  }

  for (const type of ['hashmap', 'rocksdb'] as const) {
    it(`${type}: a canonical savepoint leaves materialization alone; it goes on and the log is truncated`, () => {
      // ChangelogKeyedStateBackend#savepoint (L617–619) hands a canonical savepoint to the nested
      // backend; the materialization id and its confirmation are untouched. Before, the engine
      // took a new materialization id for it, never confirmed, so every later run was skipped.
      const { sim, after } = run(type, 'canonical');
      const handles = keyedHandles(sim, sim.state.coordinator.savepoints[0]!.id);
      expect(handles.map((h) => h.type)).toEqual(['keyGroups', 'keyGroups']);
      const completedAfter = after.filter((e) => e.type === 'changelog.materialization.completed');
      expect(completedAfter.length).toBeGreaterThanOrEqual(2);
      expect(after.some((e) => e.type === 'changelog.truncated')).toBe(true);
    });
  }

  it('a native savepoint takes the changelog path and, as in Flink 1.20, stops materialization', () => {
    // ChangelogKeyedStateBackend#nativeSavepoint (L436–460) takes materializedId++; ordinary
    // savepoints get no notifyCheckpointComplete (CheckpointCoordinator L1433), so
    // initMaterialization (L835–846) skips every later run as unconfirmed.
    const { sim, after } = run('rocksdb', 'native');
    const handles = keyedHandles(sim, sim.state.coordinator.savepoints[0]!.id);
    expect(handles.map((h) => h.type)).toEqual(['changelog', 'changelog']);
    for (const h of handles) if (h.type === 'changelog') expect(h.materialized.map((m) => m.type)).toEqual(['incremental']);
    expect(after.filter((e) => e.type === 'changelog.materialization.completed' || e.type === 'changelog.materialization.started')).toEqual([]);
    expect(after.some((e) => e.type === 'changelog.materialization.skipped' && e.reason === 'unconfirmed')).toBe(true);
  });
});
