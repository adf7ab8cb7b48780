/**
 * Flink ≤1.14 savepoints under the changelog backend: a savepoint joins the completed store
 * (1.14 `CheckpointCoordinator#completePendingCheckpoint`: `sharedStateRegistry.registerAll`, then
 * `addCheckpoint`), a failover may restore from it, and the checkpoints after that restore carry its
 * keyed state as their materialized part (`ChangelogStateBackendHandleImpl#getChangelogStateBackendHandle`).
 * The savepoint holds its own references and never releases them (`CompletedCheckpoint#discardOnSubsume`
 * does nothing for a savepoint: `CheckpointProperties#discardOnSubsumed` is false), so those
 * checkpoints being subsumed never deletes a file of the savepoint.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent } from '../events';
import { registryInvariantViolations } from '../registry';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';

function run(type: 'hashmap' | 'rocksdb', format: 'canonical' | 'native') {
  const s = scenarioOf({
    format: SCENARIO_FORMAT,
    job: { parallelism: 1, source: { kind: 'generator', keys: 8, ratePerSec: 100 }, sink: { kind: 'transactional' } },
    stateBackend: { type, incremental: type === 'rocksdb', changelog: { enabled: true, materializationIntervalMs: 250 } },
    checkpointing: { numRetained: 2, flinkVersion: '<=1.14' },
    script: [
      { atMs: 200, do: 'checkpoint' },
      { atMs: 400, do: 'savepoint', format },
      // The job fails right after the savepoint: ≤1.14 restarts from the latest in the store, the savepoint.
      { atMs: 500, do: 'fail', task: 'count#0' },
      // Two checkpoints before the first materialization after the restore (about 700 ms) use the savepoint's state.
      ...[560, 640, 900, 1100, 1300, 1500, 1700].map((atMs) => ({ atMs, do: 'checkpoint' as const })),
    ],
    untilMs: 1900,
  });
  const sim = Simulation.create(s);
  const events: EngineEvent[] = [];
  const missing: string[] = [];
  const violations: string[] = [];
  /** Checkpoints (not the savepoint) whose files include one in the savepoint's directory. */
  const usingSavepointFiles = new Set<number>();
  while (sim.nextAtMs !== undefined && sim.nextAtMs <= s.untilMs) {
    const step = sim.step();
    if (step === null) break;
    events.push(...step);
    for (const sp of sim.state.coordinator.savepoints) for (const f of sp.files) if (!sim.state.storage.files[f]) missing.push(`step ${sim.stepIndex}: ${f}`);
    violations.push(...registryInvariantViolations(sim.state.registry));
    for (const cp of sim.state.coordinator.completed) if (!cp.isSavepoint && cp.files.some((f) => f.startsWith('savepoints/'))) usingSavepointFiles.add(cp.id);
  }
  return { sim, events, missing, violations, usingSavepointFiles };
}

describe('Flink ≤1.14 + changelog: a savepoint keeps its files while retained', () => {
  it.each([
    ['hashmap', 'canonical'],
    ['rocksdb', 'canonical'],
    ['rocksdb', 'native'],
  ] as const)('%s, %s savepoint: restored by a failover, its files outlive the checkpoints that used them', (type, format) => {
    const { sim, events, missing, violations, usingSavepointFiles } = run(type, format);
    // The failover restored the savepoint (id 2); checkpoints after it carried its files and were subsumed.
    expect(events.find((e) => e.type === 'job.running')).toMatchObject({ restoredFrom: 2 });
    const subsumed = events.filter((e) => e.type === 'checkpoint.subsumed').map((e) => e.checkpointId);
    expect(usingSavepointFiles.size).toBeGreaterThan(0);
    expect(subsumed).toEqual(expect.arrayContaining([2, ...usingSavepointFiles]));
    // Old code: "reference count reached 0" deleted the savepoint's keyed state when the last checkpoint using it went.
    expect(missing).toEqual([]);
    expect(events.filter((e) => e.type === 'file.discarded' && e.path.startsWith('savepoints/'))).toEqual([]);
    expect(violations).toEqual([]);
    // The savepoint left the store but keeps its references in the registry.
    expect(sim.state.registry.checkpoints.find((c) => c.checkpointId === 2)).toMatchObject({ status: 'kept', savepoint: true });
    // …and it still restores: a job started from it (after a reload) reads every file back.
    const sp = sim.state.coordinator.savepoints[0]!;
    const files = Object.values(sim.state.storage.files).map((f) => ({ path: f.path, bytes: f.bytes.slice(), meta: { ...f.meta } }));
    const next = Simulation.create({ ...sim.state.scenario, script: [] }, { checkpointId: sp.id, isSavepoint: true, metadataPath: sp.metadataPath, files, mode: 'CLAIM' });
    const after = next.runUntil(300);
    expect(after.filter((e) => e.type === 'restore.failed')).toEqual([]);
    expect(after.find((e) => e.type === 'job.running')).toMatchObject({ restoredFrom: 2 });
  });
});
