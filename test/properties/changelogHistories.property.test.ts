/**
 * Random histories on the changelog state backend, over each nested backend and both registry
 * models: writes (some large enough for pre-emptive persists), flushes, checkpoints (some
 * declined), materializations (some failing: their uploads fail) and failed DSTL uploads
 * (retried, or given up so that the checkpoint waiting for them fails), and failovers when
 * failed checkpoints exceed the tolerable number. After every step no
 * retained checkpoint references a missing file; at the end nothing is left that no retained
 * checkpoint references; and restoring any retained checkpoint — with the changelog kept, switched
 * off, or (for checkpoints of a plain job) switched on, at parallelism 1, 2 or 3 — gives exactly
 * the state of the records before that checkpoint's barriers.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scenarioOf } from '../../src/engine/defaultScenario';
import type { ScenarioAction } from '../../src/engine/scenario/actionSchema';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';
import type { EngineEvent } from '../../src/engine/events';
import { expectedAt, keyedSums, restoreAndSettle } from './historySupport';

const nested = [
  { type: 'hashmap', incremental: false },
  { type: 'rocksdb', incremental: false },
  { type: 'rocksdb', incremental: true },
] as const;

const keyArb = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 7, 42);
const actionArb: fc.Arbitrary<Omit<ScenarioAction, 'atMs'>> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ do: fc.constant('emit' as const), records: fc.array(fc.record({ key: keyArb, value: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 12 }), source: fc.constantFrom('source#0', 'source#1') }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('flush' as const), task: fc.constantFrom('count#0', 'count#1') }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('checkpoint' as const) }) },
  { weight: 2, arbitrary: fc.oneof(fc.constant({ do: 'materialize' as const }), fc.record({ do: fc.constant('materialize' as const), task: fc.constantFrom('count#0', 'count#1') })) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('failUploads' as const), count: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('decline' as const), task: fc.constantFrom('count#0', 'sink#1', 'source#0') }) },
);

const historyArb = fc.record({
  nested: fc.constantFrom(...nested),
  registry: fc.constantFrom('refcount' as const, 'last-used-id' as const),
  numRetained: fc.integer({ min: 1, max: 3 }),
  fileCache: fc.boolean(),
  // Low values make failed checkpoints fail the job over (restart from the latest checkpoint).
  tolerableFailed: fc.constantFrom(0, 1, 100),
  seed: fc.nat(1000),
  steps: fc.array(actionArb, { minLength: 4, maxLength: 20 }),
});

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

function scenarioFor(h: History) {
  const steps = h.nested.type === 'rocksdb' ? h.steps : h.steps.filter((a) => a.do !== 'flush');
  const script: ScenarioAction[] = steps.map((a, i) => ({ ...a, atMs: 50 + i * 60 }) as ScenarioAction);
  const end = 50 + steps.length * 60;
  // Quiet checkpoints at the end let the registry and the truncation settle.
  for (let k = 0; k < h.numRetained + 2; k++) script.push({ atMs: end + 400 * k, do: 'checkpoint' });
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: h.seed,
    job: { parallelism: 2, maxParallelism: 16, source: { kind: 'script' } },
    stateBackend: { type: h.nested.type, incremental: h.nested.incremental, rocksdb: { writeBufferBytes: 256 }, changelog: { enabled: true, uploadMaxAttempts: 2, fileCache: h.fileCache } },
    storage: { latencyMs: 5, bytesPerMs: 1000 },
    checkpointing: { numRetained: h.numRetained, flinkVersion: h.registry === 'refcount' ? ('<=1.14' as const) : ('1.15-1.20' as const), tolerableFailed: h.tolerableFailed },
    script,
    untilMs: end + 400 * (h.numRetained + 2) + 300,
  });
}

describe('random changelog histories', () => {
  it('never delete a referenced file, leak nothing, and restore exactly with the changelog on or off', () => {
    const seen = { stuck: 0, failovers: 0, restoredWithMaterialization: 0, restoredWithChanges: 0, materializationsFailed: 0, truncations: 0, dstlDeleted: 0, persistsFailed: 0, preEmptive: 0 };
    fc.assert(
      fc.property(historyArb, (h) => {
        const s = scenarioFor(h);
        const sim = Simulation.create(s);
        const events: EngineEvent[] = [];
        for (let ev = sim.step(); ev && sim.nowMs <= s.untilMs; ev = sim.step()) {
          events.push(...ev);
          for (const cp of [...sim.state.coordinator.completed, ...sim.state.coordinator.savepoints]) {
            for (const f of cp.files) expect(sim.state.storage.files[f], `checkpoint ${cp.id} references ${f}`).toBeDefined();
          }
        }
        const retained = sim.state.coordinator.completed;
        // Settled unless the job is stuck: a DSTL upload given up for good makes every later
        // persist over it fail (as in Flink) until the job fails over, which a high tolerable
        // number prevents; then the TaskManager's files wait for that failover.
        const last = sim.state.coordinator.history.at(-1);
        if (last?.status === 'COMPLETED') {
          const referenced = new Set(retained.flatMap((c) => c.files));
          expect(Object.keys(sim.state.storage.files).filter((p) => !referenced.has(p))).toEqual([]);
        } else seen.stuck += 1;
        seen.failovers += events.filter((e) => e.type === 'job.failed').length;
        seen.materializationsFailed += events.filter((e) => e.type === 'changelog.materialization.failed').length;
        seen.truncations += events.filter((e) => e.type === 'changelog.truncated').length;
        seen.dstlDeleted += events.filter((e) => e.type === 'file.discarded' && e.path.includes('/dstl-')).length;
        seen.persistsFailed += events.filter((e) => e.type === 'dstl.uploadFailed' && !e.willRetry).length;
        seen.preEmptive += events.filter((e) => e.type === 'changelog.persisted' && e.checkpointId === null).length;
        for (const cp of retained) {
          const handle = cp.tasks['count#0']?.keyed;
          if (handle?.type === 'changelog' && handle.materialized.length > 0) seen.restoredWithMaterialization += 1;
          if (handle?.type === 'changelog' && handle.nonMaterialized.length > 0) seen.restoredWithChanges += 1;
          const expected = expectedAt(events, cp.id);
          for (const [p, changelog] of [[2, undefined], [3, false], [1, true]] as const) {
            const restored = restoreAndSettle(sim, cp.id, p, changelog);
            expect(restored.job.changelogEnabled).toBe(changelog ?? true);
            expect(keyedSums(restored)).toEqual(expected);
          }
        }
      }),
      // A fixed seed: the coverage counters below must not depend on luck.
      { numRuns: 80, seed: 20261129 },
    );
    if (process.env.SHOW_COVERAGE) console.log(seen);
    expect(seen.failovers).toBeGreaterThan(5);
    expect(seen.restoredWithMaterialization).toBeGreaterThan(10);
    expect(seen.restoredWithChanges).toBeGreaterThan(10);
    expect(seen.materializationsFailed).toBeGreaterThan(2);
    expect(seen.truncations).toBeGreaterThan(10);
    expect(seen.dstlDeleted).toBeGreaterThan(5);
    expect(seen.persistsFailed).toBeGreaterThan(0);
    expect(seen.preEmptive).toBeGreaterThan(0);
  });
});
