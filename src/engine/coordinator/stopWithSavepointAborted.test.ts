/**
 * A stop-with-savepoint whose savepoint fails does not stop the job (Flink 1.20,
 * `StopWithSavepointTerminationHandlerImpl#handleSavepointCreationFailure` →
 * `terminateExceptionally`: the sources were never told to finish, the checkpoint scheduler starts
 * again). How the failure is handled depends on where it comes from (`CheckpointFailureManager`):
 *  - expired (a job-level failure, `handleJobLevelCheckpointException`): a savepoint never counts,
 *    the job keeps running with no restart;
 *  - declined by a task (`handleTaskLevelCheckpointException` L188): a synchronous savepoint fails
 *    the job at once (`failJob`), which restarts from its latest checkpoint and runs on.
 * Either way the job is never FINISHED and periodic checkpoints complete again afterwards.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent, EventOf } from '../events';
import type { ScenarioAction } from '../scenario/actionSchema';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';

function run(script: ScenarioAction[], timeoutMs = 600_000) {
  const sim = Simulation.create(
    scenarioOf({
      format: SCENARIO_FORMAT,
      job: { parallelism: 2, source: { kind: 'generator', keys: 8, ratePerSec: 100 }, sink: { kind: 'transactional' } },
      checkpointing: { intervalMs: 200, numRetained: 2, timeoutMs, tolerableFailed: 5 },
      script,
      untilMs: 3000,
    }),
  );
  const events: EngineEvent[] = sim.runUntil(3000);
  const stop = events.find((e): e is EventOf<'job.stopWithSavepoint'> => e.type === 'job.stopWithSavepoint')!;
  const id = stop.checkpointId!;
  const aborted = events.find((e): e is EventOf<'checkpoint.aborted'> => e.type === 'checkpoint.aborted' && e.checkpointId === id);
  const after = aborted ? events.slice(events.indexOf(aborted)) : [];
  return { sim, events, id, aborted, after };
}

function expectRunningOn(r: ReturnType<typeof run>) {
  expect(r.aborted).toBeDefined();
  expect(r.events.some((e) => e.type === 'job.finished' || e.type === 'task.finished')).toBe(false);
  expect(r.sim.state.job.finished).toBeUndefined();
  expect(r.sim.state.job.running).toBe(true);
  expect(r.sim.state.coordinator.savepoints.map((s) => s.id)).not.toContain(r.id);
  // The sources read again and the periodic scheduler runs: later checkpoints complete.
  expect(r.after.some((e) => e.type === 'source.emitted')).toBe(true);
  expect(r.after.some((e) => e.type === 'checkpoint.completed' && !e.isSavepoint && e.checkpointId > r.id)).toBe(true);
  for (const src of Object.values(r.sim.state.job.sources)) expect(src.stopped).toBeUndefined();
}

describe('an aborted stop-with-savepoint: the job keeps running', () => {
  it('the savepoint expires (slow storage, 300 ms timeout): no restart, the sources resume', () => {
    const r = run([{ atMs: 700, do: 'slowStorage', factor: 1000, durationMs: 1200 }, { atMs: 750, do: 'stop', drain: true }], 300);
    expect(r.aborted?.reason).toMatch(/CHECKPOINT_EXPIRED|expired/i);
    expect(r.events.some((e) => e.type === 'job.failed')).toBe(false);
    expectRunningOn(r);
  });

  it('a task declines the savepoint: the job fails over at once and runs on from its latest checkpoint', () => {
    const r = run([{ atMs: 740, do: 'decline', task: 'count#0' }, { atMs: 750, do: 'stop', drain: false }]);
    expect(r.events.some((e) => e.type === 'checkpoint.declined' && e.checkpointId === r.id)).toBe(true);
    const failed = r.after.find((e) => e.type === 'job.failed');
    expect(failed).toBeDefined();
    expect(r.after.some((e) => e.type === 'job.running')).toBe(true);
    expectRunningOn(r);
  });
});
