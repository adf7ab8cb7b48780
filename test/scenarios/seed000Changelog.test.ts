/**
 * Seed 000's timeline of generic log-based incremental checkpoints, run as a real job on the
 * changelog backend over RocksDB (parallelism 1, num-retained 1, materialization by action):
 *   T0 start; T1 CP-1 = change set 1, no materialized part;
 *   T2 materialization m1 starts (sync point after change set 2) and is still uploading at
 *   T3 CP-2 = change sets 1+2+3; m1 finishes;
 *   T4 CP-3 = m1 + change sets 3+4;
 *   then, with CP-1 and CP-2 subsumed, truncation drops the changes below m1's sync point and
 *   the DSTL file that held only change set 1 is deleted.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../../src/engine/defaultScenario';
import type { EngineEvent, EventOf } from '../../src/engine/events';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';
import { keyedStateEntries } from '../../src/engine/job/stateView';
import type { ChangelogStateBackendHandle } from '../../src/engine/format/stateHandles';

function run(registry: 'refcount' | 'last-used-id') {
  const s = scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 0,
    job: { parallelism: 1, maxParallelism: 128, source: { kind: 'script' } },
    // Slow storage (10 bytes/ms): m1's upload takes long enough for CP-2 to come first.
    storage: { latencyMs: 20, bytesPerMs: 10 },
    stateBackend: { type: 'rocksdb', incremental: true, changelog: { enabled: true, materializationIntervalMs: 0 } },
    checkpointing: { numRetained: 1, flinkVersion: registry === 'refcount' ? ('<=1.14' as const) : ('1.15-1.20' as const) },
    script: [
      { atMs: 100, do: 'emit', records: [{ key: 'a', value: 1 }] }, // change set 1
      { atMs: 200, do: 'checkpoint' }, // T1: CP-1
      { atMs: 500, do: 'emit', records: [{ key: 'b', value: 2 }] }, // change set 2
      { atMs: 600, do: 'materialize' }, // T2: m1, sync point after change set 2
      { atMs: 620, do: 'emit', records: [{ key: 'c', value: 3 }] }, // change set 3
      { atMs: 650, do: 'checkpoint' }, // T3: CP-2 while m1 uploads
      { atMs: 1500, do: 'emit', records: [{ key: 'a', value: 4 }] }, // change set 4
      { atMs: 1600, do: 'checkpoint' }, // T4: CP-3
    ],
    untilMs: 2500,
  });
  const sim = Simulation.create(s);
  const events: EngineEvent[] = [];
  for (let ev = sim.step(); ev && sim.nowMs <= s.untilMs; ev = sim.step()) events.push(...ev);
  return { sim, events };
}

describe("seed 000's changelog timeline, as a job", () => {
  for (const registry of ['last-used-id', 'refcount'] as const) {
    it(`CP-1 = set 1; CP-2 = sets 1+2+3 while m1 runs; CP-3 = m1 + sets 3+4; truncation deletes set 1's file (${registry})`, () => {
      const { sim, events } = run(registry);
      const at = (type: string, pred: (e: EngineEvent) => boolean = () => true) => events.find((e) => e.type === type && pred(e));
      const history = (id: number) => sim.state.coordinator.history.find((h) => h.id === id)!;
      // CP-1: change set 1 (SQN 0), nothing materialized.
      expect(history(1).taskFiles['count#0']).toMatchObject({ materializationId: null, changelog: { fromSqn: 0, toSqn: 1 } });
      // m1 starts at T2 with its sync point after change set 2 (SQN 2) …
      const m1Start = at('changelog.materialization.started') as EventOf<'changelog.materialization.started'>;
      expect(m1Start).toMatchObject({ materializationId: 1, upToSqn: 2, atMs: 600 });
      // … and is unfinished when CP-2 takes its snapshot: CP-2 = change sets 1+2+3, no materialized part.
      const m1Done = at('changelog.materialization.completed') as EventOf<'changelog.materialization.completed'>;
      const cp2Sync = at('changelog.persisted', (e) => (e as EventOf<'changelog.persisted'>).checkpointId === 2)!;
      expect(cp2Sync.atMs).toBeLessThan(m1Done.atMs);
      expect(history(2).taskFiles['count#0']).toMatchObject({ materializationId: null, changelog: { fromSqn: 0, toSqn: 3 } });
      // CP-3 = m1 + change sets 3+4 (SQN 2 and 3).
      expect(history(3).taskFiles['count#0']).toMatchObject({ materializationId: 1, changelog: { fromSqn: 2, toSqn: 4 } });
      const cp3 = sim.state.coordinator.completed.find((c) => c.id === 3)!;
      const h3 = cp3.tasks['count#0']!.keyed as ChangelogStateBackendHandle;
      expect(h3.type).toBe('changelog');
      expect(h3.materialized).toHaveLength(1);
      expect(h3.nonMaterialized.flatMap((n) => n.handlesAndOffsets)).toHaveLength(2);
      // CP-3 is much smaller than the state it represents: only the delta is uploaded.
      expect(history(3).checkpointedSize).toBeLessThan(history(3).stateSize / 2);
      // Truncation: once CP-2 is subsumed, the log is cut at m1's sync point …
      const subsumed2 = at('checkpoint.subsumed', (e) => (e as EventOf<'checkpoint.subsumed'>).checkpointId === 2)!;
      const trunc = events.filter((e): e is EventOf<'changelog.truncated'> => e.type === 'changelog.truncated');
      expect(trunc.map((t) => t.toSqn)).toContain(2);
      expect(trunc.find((t) => t.toSqn === 2)!.step).toBeGreaterThanOrEqual(subsumed2.step);
      expect(sim.state.job.keyed['count#0']!.changelog!.writer.lowestSequenceNumber).toBe(2);
      // … and the DSTL file that held only change set 1 is deleted; the one holding change set 3 stays.
      const cp1 = events.find((e): e is EventOf<'changelog.persisted'> => e.type === 'changelog.persisted' && e.checkpointId === 1)!;
      const set1File = (events.find((e) => e.type === 'dstl.uploaded' && e.step > cp1.step) as EventOf<'dstl.uploaded'>).file;
      expect(events.some((e) => e.type === 'file.discarded' && e.path === set1File)).toBe(true);
      expect(sim.state.storage.files[set1File]).toBeUndefined();
      for (const f of h3.dstlFiles) expect(sim.state.storage.files[f.path], f.path).toBeDefined();
      // Every file a retained checkpoint references exists; nothing else (besides m1's files, all referenced) is left.
      const referenced = new Set(sim.state.coordinator.completed.flatMap((c) => c.files));
      expect(Object.keys(sim.state.storage.files).filter((p) => !referenced.has(p))).toEqual([]);
    });
  }

  it('restores CP-3 exactly: m1 first, then change sets 3+4 replayed in order', () => {
    const { sim } = run('last-used-id');
    const copy = Simulation.fromSnapshot(sim.snapshot());
    const events = copy.apply({ do: 'restore', checkpoint: 3 });
    for (let ev = copy.step(); ev; ev = copy.step()) {
      events.push(...ev);
      if (ev.some((e) => e.type === 'job.running' || e.type === 'restore.failed')) break;
    }
    const replayed = events.filter((e): e is EventOf<'changelog.restore.replayed'> => e.type === 'changelog.restore.replayed');
    expect(replayed.map((r) => [r.fromSqn, r.toSqn])).toEqual([[2, 4]]);
    const restored = events.find((e): e is EventOf<'restore.taskRestored'> => e.type === 'restore.taskRestored' && e.task === 'count#0')!;
    expect(restored.replayMs).toBeGreaterThan(0);
    expect(restored.changelog).toMatchObject({ changeSets: 2 });
    const state = Object.fromEntries(Object.values(copy.state.job.keyed).flatMap((k) => keyed(k.backend)));
    expect(state).toEqual({ a: 5, b: 2, c: 3 });
  });
});

function keyed(b: Parameters<typeof keyedStateEntries>[0]): [string, unknown][] {
  return keyedStateEntries(b).map((e) => [String(e.key), e.value]);
}
