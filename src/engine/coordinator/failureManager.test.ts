/**
 * Which failures count toward `tolerable-failed-checkpoints` (Flink 1.20's
 * `CheckpointFailureManager`), and the reasons the coordinator reports.
 */
import { describe, expect, it } from 'vitest';
import { enqueue } from '../core/eventQueue';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent, EventOf } from '../events';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import type { EngineState } from '../state';
import { restCheckpointStatistics } from './restStats';

const generator = { kind: 'generator' as const, keys: 8, ratePerSec: 100 };
const ofType = <T extends EngineEvent['type']>(events: EngineEvent[], t: T) => events.filter((e): e is EventOf<T> => e.type === t);

function run(input: Partial<ScenarioInput>): { sim: Simulation; events: EngineEvent[] } {
  const s = scenarioOf({ format: SCENARIO_FORMAT, ...input });
  const sim = Simulation.create(s);
  return { sim, events: sim.runUntil(s.untilMs) };
}

describe('CheckpointFailureManager', () => {
  it('a CHECKPOINT_DECLINED_SUBSUMED decline aborts the checkpoint at once and is not counted', () => {
    // CheckpointFailureManager.checkFailureCounter L234: CHECKPOINT_DECLINED_SUBSUMED is ignored;
    // CheckpointCoordinator.receiveDeclineMessage L1171 aborts the pending checkpoint at once.
    const s = scenarioOf({
      format: SCENARIO_FORMAT,
      job: { parallelism: 1, source: generator },
      storage: { latencyMs: 400, bytesPerMs: 1000 },
      checkpointing: { tolerableFailed: 0 },
      script: [{ atMs: 300, do: 'checkpoint' }],
      untilMs: 1500,
    });
    const sim = Simulation.create(s);
    const before = sim.runUntil(320);
    expect(ofType(before, 'checkpoint.triggered')).toHaveLength(1);
    // The barrier handler of count#0 declines checkpoint 1 (a newer barrier reached it).
    enqueue((sim.state as EngineState).queue, 330, { kind: 'checkpoint.decline', task: 'count#0', checkpointId: 1, reason: 'CHECKPOINT_DECLINED_SUBSUMED' });
    const events = sim.runUntil(1500);
    const aborted = ofType(events, 'checkpoint.aborted');
    expect(aborted.map((e) => [e.checkpointId, e.reason, e.atMs, e.continuousFailures])).toEqual([[1, 'CHECKPOINT_DECLINED_SUBSUMED', 330, 0]]);
    expect(ofType(events, 'job.failed')).toEqual([]);
    const rest = restCheckpointStatistics(sim.state.coordinator);
    const failed = rest.latest.failed;
    expect(failed && 'failure_message' in failed ? failed.failure_message : null).toBe('Checkpoint was canceled because a barrier from newer checkpoint was received.');
  });

  it('a task declining a savepoint counts as a failure (non-synchronous savepoints go against the counter)', () => {
    // CheckpointFailureManager.handleTaskLevelCheckpointException L160–171: only synchronous
    // savepoints fail the job outright; other savepoints are checked against the counter.
    const { events } = run({
      job: { parallelism: 1, source: generator },
      checkpointing: { tolerableFailed: 0 },
      script: [
        { atMs: 100, do: 'decline', task: 'count#0' },
        { atMs: 300, do: 'savepoint' },
      ],
      untilMs: 800,
    });
    expect(ofType(events, 'checkpoint.aborted').map((e) => [e.checkpointId, e.reason, e.continuousFailures])).toEqual([[1, 'CHECKPOINT_DECLINED', 1]]);
    expect(ofType(events, 'job.failed')).toHaveLength(1);
  });

  it('a savepoint that expires on the JobManager is not counted', () => {
    // handleJobLevelCheckpointException L139–147: savepoints are skipped for JobManager failures.
    const { sim, events } = run({
      job: { parallelism: 1, source: generator },
      storage: { latencyMs: 500, bytesPerMs: 1000 },
      checkpointing: { tolerableFailed: 0, timeoutMs: 200 },
      script: [{ atMs: 300, do: 'savepoint' }],
      untilMs: 1200,
    });
    expect(ofType(events, 'checkpoint.aborted').map((e) => e.reason)).toEqual(['CHECKPOINT_EXPIRED']);
    expect(sim.state.coordinator.continuousFailures).toBe(0);
    expect(ofType(events, 'job.failed')).toEqual([]);
  });

  it('a completed savepoint clears the failure count', () => {
    // CheckpointCoordinator.reportCompletedCheckpoint L1404 → handleCheckpointSuccess, for savepoints too.
    const { events } = run({
      job: { parallelism: 1, source: generator },
      checkpointing: { tolerableFailed: 1 },
      script: [
        { atMs: 100, do: 'decline', task: 'count#0', checkpoint: 1 },
        { atMs: 200, do: 'checkpoint' },
        { atMs: 400, do: 'savepoint' },
        { atMs: 600, do: 'decline', task: 'count#0', checkpoint: 3 },
        { atMs: 700, do: 'checkpoint' },
      ],
      untilMs: 1200,
    });
    expect(ofType(events, 'checkpoint.aborted').map((e) => [e.checkpointId, e.continuousFailures])).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(ofType(events, 'job.failed')).toEqual([]);
  });

  it('failover aborts pending checkpoints as JOB_FAILOVER_REGION, which is not counted', () => {
    // SchedulerBase L438–439: abortPendingCheckpoints(new CheckpointException(JOB_FAILOVER_REGION)).
    const { events } = run({
      job: { parallelism: 1, source: generator },
      storage: { latencyMs: 400, bytesPerMs: 1000 },
      checkpointing: { tolerableFailed: 0 },
      script: [
        { atMs: 200, do: 'checkpoint' },
        { atMs: 500, do: 'checkpoint' },
        { atMs: 750, do: 'restore' },
      ],
      untilMs: 1500,
    });
    const aborted = ofType(events, 'checkpoint.aborted').find((e) => e.checkpointId === 2);
    expect(aborted?.reason).toBe('JOB_FAILOVER_REGION');
    expect(aborted?.continuousFailures).toBe(0);
  });
});
