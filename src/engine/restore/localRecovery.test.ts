import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import type { ScenarioAction } from '../scenario/actionSchema';
import { parseScenario } from '../scenario/parseScenario';
import { Simulation } from '../simulation';
import { keyedStateEntries } from '../job/stateView';
import type { EngineEvent, EventOf } from '../events';
import { summarize } from '../verdict/summary';
import { failureFreeScenario } from '../verdict/failureFreeRun';

type Backend = 'hashmap' | 'rocksdb';

function scenario(backend: Backend, localRecovery: boolean | undefined, script: ScenarioAction[], extra: Partial<ScenarioInput> = {}) {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 11,
    job: { parallelism: 2, slotsPerTaskManager: 1, source: { kind: 'generator', keys: 12, ratePerSec: 40 } },
    stateBackend: { type: backend, incremental: backend === 'rocksdb', ...(localRecovery === undefined ? {} : { localRecovery }), rocksdb: { writeBufferBytes: 512 } },
    checkpointing: { intervalMs: 500 },
    script,
    untilMs: 4000,
    ...extra,
  });
}

const of = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T) => events.filter((e): e is EventOf<T> => e.type === type);

/** Steps until the job runs again after the first restore; returns the events and each keyed subtask's entries then. */
function runToFirstRestore(sim: Simulation) {
  const events: EngineEvent[] = [];
  for (;;) {
    const step = sim.step();
    if (!step) throw new Error('the run ended before a restore finished');
    events.push(...step);
    if (step.some((e) => e.type === 'job.running')) break;
  }
  const state: Record<string, string> = {};
  for (const [task, k] of Object.entries(sim.state.job.keyed)) state[task] = JSON.stringify(keyedStateEntries(k.backend));
  return { events, state };
}

const FAIL: ScenarioAction[] = [{ atMs: 1700, do: 'fail', task: 'count#0', phase: 'now' }];

describe('local recovery (execution.state-recovery.from-local)', () => {
  for (const backend of ['hashmap', 'rocksdb'] as const) {
    // TaskStateManagerImpl#prioritizedOperatorState: the local copy comes first; the task restarts
    // in its previous slot (PreviousAllocationSlotSelectionStrategy), whose store holds checkpoint n.
    it(`${backend}: a task failure restores every keyed subtask from its TaskManager's disk, downloads nothing, and rebuilds the same state as the remote path`, () => {
      const local = runToFirstRestore(Simulation.create(scenario(backend, true, FAIL)));
      const remote = runToFirstRestore(Simulation.create(scenario(backend, false, FAIL)));
      const sources = of(local.events, 'restore.localState');
      expect(sources.map((e) => [e.task, e.source, e.reason])).toEqual([
        ['count#0', 'local', 'found'],
        ['count#1', 'local', 'found'],
      ]);
      for (const e of sources) {
        expect(e.remoteBytes).toBe(0);
        expect(e.localBytes).toBeGreaterThan(0);
      }
      const keyedRestores = of(local.events, 'restore.taskRestored').filter((e) => e.keyGroupRange);
      expect(keyedRestores.map((e) => e.files.length)).toEqual([0, 0]);
      expect(keyedRestores.every((e) => e.downloadMs === 0)).toBe(true);
      // The remote path downloaded the same checkpoint and rebuilt the same entries.
      const remoteRestores = of(remote.events, 'restore.taskRestored').filter((e) => e.keyGroupRange);
      expect(remoteRestores.every((e) => e.files.length > 0)).toBe(true);
      expect(local.state).toEqual(remote.state);
      expect(of(remote.events, 'restore.localState')).toEqual([]);
    });

    it(`${backend}: the restore reads nothing of its keyed state from remote storage (it succeeds with those files gone)`, () => {
      const run = (localRecovery: boolean) => {
        const sim = Simulation.create(scenario(backend, localRecovery, FAIL));
        sim.runUntil(1699);
        // Remote keyed files of count#0 become unreadable (a DFS outage for that directory).
        const storage = sim.state.storage;
        for (const [path, f] of Object.entries(storage.files)) if (f.meta.task === 'count#0') delete storage.files[path];
        return sim.runUntil(2000);
      };
      expect(of(run(true), 'restore.failed')).toEqual([]);
      expect(of(run(true), 'job.running')).toHaveLength(1);
      expect(of(run(false), 'restore.failed')[0]?.reason).toMatch(/count#0: Remote storage: .* does not exist/);
    });
  }

  it('a lost TaskManager takes its local disk along: its subtask restores from remote, the other one still locally', () => {
    const sim = Simulation.create(scenario('rocksdb', true, [{ atMs: 1700, do: 'loseTaskManager', taskManager: 1 }]));
    const { events, state } = runToFirstRestore(sim);
    const lost = of(events, 'taskManager.lost')[0]!;
    expect(lost.taskManager).toBe('tm-1');
    expect(lost.tasks).toEqual(['source#1', 'count#1', 'sink#1']);
    expect(lost.localSnapshots).toBeGreaterThan(0);
    const bySubtask = Object.fromEntries(of(events, 'restore.localState').map((e) => [e.task, e]));
    expect(bySubtask['count#0']).toMatchObject({ source: 'local', taskManager: 'tm-0', remoteBytes: 0 });
    expect(bySubtask['count#1']).toMatchObject({ source: 'remote', reason: 'no-local-copy', taskManager: 'tm-1', localBytes: 0 });
    expect(bySubtask['count#1']!.remoteBytes).toBeGreaterThan(0);
    const count1 = of(events, 'restore.taskRestored').find((e) => e.task === 'count#1')!;
    expect(count1.bytes).toBe(bySubtask['count#1']!.remoteBytes);
    // The replacement TaskManager's disk starts empty.
    expect(sim.state.localState!.taskManagers['tm-1']).toMatchObject({ incarnation: 1, files: {}, stores: {} });
    // Same state as a run without local recovery that loses the TaskManager at the same time.
    const remote = runToFirstRestore(Simulation.create(scenario('rocksdb', false, [{ atMs: 1700, do: 'loseTaskManager', taskManager: 1 }])));
    expect(state).toEqual(remote.state);
  });

  it('keeps the local copy of the latest completed checkpoint only: older ones are pruned on confirm, an aborted one on abort', () => {
    // count#1's upload of the next checkpoint fails: it declines, the checkpoint is aborted after count#0 stored its copy.
    const sim = Simulation.create(scenario('rocksdb', true, [{ atMs: 1400, do: 'failUploads', count: 1, task: 'count#1' }], { checkpointing: { intervalMs: 500, tolerableFailed: 5 } }));
    const events = sim.runUntil(4000);
    // TaskLocalStateStoreImpl#confirmCheckpoint: pruneCheckpoints(id < confirmed) keeps only the confirmed one (and newer).
    for (const e of of(events, 'localState.pruned').filter((x) => x.why === 'confirmed')) {
      expect(e.checkpointIds.every((id) => id < e.checkpointId)).toBe(true);
      expect(e.kept).toEqual([e.checkpointId]);
    }
    const aborted = of(events, 'checkpoint.aborted')[0]!;
    const abortPrune = of(events, 'localState.pruned').find((e) => e.why === 'aborted');
    expect(abortPrune).toMatchObject({ task: 'count#0', checkpointIds: [aborted.checkpointId] });
    // At the end: every store holds the latest completed checkpoint (plus one still pending), and the disk nothing else.
    const latest = sim.state.coordinator.completed.at(-1)!.id;
    const pending = sim.state.coordinator.pending.map((p) => p.id);
    for (const disk of Object.values(sim.state.localState!.taskManagers)) {
      const ids = Object.values(disk.stores).flatMap((l) => l.map((s) => s.checkpointId));
      expect(ids).toContain(latest);
      expect(ids.every((id) => id === latest || pending.includes(id))).toBe(true);
      const owned = Object.values(disk.stores).flatMap((l) => l.flatMap((s) => s.files));
      expect(Object.keys(disk.files).sort()).toEqual(owned.sort());
    }
    // Local copies are engine state, never written to remote storage.
    expect(Object.keys(sim.state.storage.files).some((p) => p.startsWith('localState/'))).toBe(false);
  });

  it('the run summary records local and remote bytes per restore', () => {
    const sim = Simulation.create(scenario('hashmap', true, [...FAIL, { atMs: 3200, do: 'loseTaskManager', taskManager: 1 }]));
    const events = sim.runUntil(4000);
    const lr = summarize(sim.state, events, { committed: {}, settled: {} }).localRecovery!;
    expect(lr.restores.map((r) => Object.entries(r.tasks).map(([t, x]) => `${t}:${x.source}`))).toEqual([
      ['count#0:local', 'count#1:local'],
      ['count#0:local', 'count#1:remote'],
    ]);
    const restored = of(events, 'restore.localState');
    expect(lr.localBytes).toBe(restored.reduce((n, e) => n + e.localBytes, 0));
    expect(lr.remoteBytes).toBe(restored.reduce((n, e) => n + e.remoteBytes, 0));
    expect(lr.remoteBytes).toBeGreaterThan(0);
  });

  it('is off by default, and copies never change what the job does', () => {
    const parsed = parseScenario({ format: SCENARIO_FORMAT });
    expect(parsed.ok && parsed.scenario.stateBackend.localRecovery).toBe(false);
    const off = Simulation.create(scenario('rocksdb', undefined, FAIL));
    const offEvents = off.runUntil(1699);
    expect(off.state.localState).toBeUndefined();
    expect(offEvents.some((e) => e.type.startsWith('localState.'))).toBe(false);
    expect(summarize(off.state, offEvents, { committed: {}, settled: {} }).localRecovery).toBeUndefined();
    // Until the first restore, a run with local recovery is the same run plus its localState events.
    const on = Simulation.create(scenario('rocksdb', true, FAIL)).runUntil(1699);
    const strip = (l: EngineEvent[]) => l.filter((e) => !e.type.startsWith('localState.')).map((e) => JSON.stringify({ ...e, step: 0 }));
    expect(strip(on)).toEqual(strip(offEvents));
  });

  it('a TaskManager loss is a fault: the exactly-once verdict compares with the run without it', () => {
    const s = scenario('hashmap', true, [{ atMs: 1700, do: 'loseTaskManager', taskManager: 1 }]);
    expect(failureFreeScenario(s).script).toEqual([]);
    const sim = Simulation.create(s);
    const events = sim.runUntil(4000);
    expect(summarize(sim.state, events).sink.verdict).toMatchObject({ exactlyOnce: true, lost: 0, duplicated: 0 });
  });

  it('refuses to lose a TaskManager the job does not run on', () => {
    const r = parseScenario({ format: SCENARIO_FORMAT, job: { parallelism: 2, slotsPerTaskManager: 2 }, script: [{ atMs: 10, do: 'loseTaskManager', taskManager: 1 }] });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map((p) => p.path)).toEqual(['script[0].taskManager']);
  });
});
