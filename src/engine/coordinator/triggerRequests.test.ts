/**
 * How requests become checkpoints (Flink 1.20's `CheckpointCoordinator` and
 * `CheckpointRequestDecider`), and the order trigger RPCs reach a source.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import type { EngineEvent, EventOf } from '../events';

const generator = { kind: 'generator' as const, keys: 8, ratePerSec: 100 };

function run(input: Partial<ScenarioInput>): { sim: Simulation; events: EngineEvent[] } {
  const s = scenarioOf({ format: SCENARIO_FORMAT, ...input });
  const sim = Simulation.create(s);
  return { sim, events: sim.runUntil(s.untilMs) };
}
const ofType = <T extends EngineEvent['type']>(events: EngineEvent[], t: T) => events.filter((e): e is EventOf<T> => e.type === t);

describe('trigger RPCs to one source arrive in the order sent', () => {
  // Flink: the JobManager's RPCs to one TaskExecutor travel over one connection and are handled in
  // order (`StreamTask.triggerCheckpointAsync` runs in the mailbox in arrival order), so a source
  // injects barriers in trigger order. The seeded jitter only spreads the sources apart.
  it('a checkpoint at 1000 ms and a savepoint at 1003 ms: every source injects 1 before 2, and both complete', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { sim, events } = run({
        seed,
        job: { parallelism: 2, source: generator },
        script: [
          { atMs: 1000, do: 'checkpoint' },
          { atMs: 1003, do: 'savepoint' },
        ],
        untilMs: 3000,
      });
      for (const source of ['source#0', 'source#1']) {
        const order = ofType(events, 'barrier.injected')
          .filter((e) => e.task === source)
          .map((e) => e.checkpointId);
        expect(order, `seed ${seed} ${source}`).toEqual([1, 2]);
      }
      expect(sim.state.coordinator.completed.map((c) => c.id), `seed ${seed}`).toEqual([1]);
      expect(sim.state.coordinator.savepoints.map((c) => c.id), `seed ${seed}`).toEqual([2]);
    }
  });

  it('the jitter still spreads different sources apart', () => {
    const spread = [1, 2, 3, 4, 5, 6].some((seed) => {
      const { events } = run({ seed, job: { parallelism: 2, source: generator }, script: [{ atMs: 500, do: 'checkpoint' }], untilMs: 900 });
      const at = ofType(events, 'barrier.injected').map((e) => e.atMs);
      return at.length === 2 && at[0] !== at[1];
    });
    expect(spread).toBe(true);
  });
});

describe('CheckpointRequestDecider: queue instead of drop', () => {
  const slow = { latencyMs: 400, bytesPerMs: 1000 };

  it('a checkpoint requested while max-concurrent are pending waits and starts the moment the pending one completes', () => {
    // CheckpointRequestDecider.chooseRequestToExecute L155–159 keeps the request queued;
    // CheckpointCoordinator.completePendingCheckpoint L1396 (scheduleTriggerRequest) runs it.
    const { sim, events } = run({
      job: { parallelism: 1, source: generator },
      storage: slow,
      script: [
        { atMs: 300, do: 'checkpoint' },
        { atMs: 350, do: 'checkpoint' },
      ],
      untilMs: 2500,
    });
    expect(ofType(events, 'checkpoint.requestQueued')).toHaveLength(1);
    const done1 = ofType(events, 'checkpoint.completed').find((e) => e.checkpointId === 1)!;
    const trig2 = ofType(events, 'checkpoint.triggered').find((e) => e.checkpointId === 2)!;
    expect(trig2.atMs).toBe(done1.atMs);
    expect(trig2.step).toBe(done1.step);
    expect(sim.state.coordinator.history.map((h) => [h.id, h.status])).toEqual([
      [1, 'COMPLETED'],
      [2, 'COMPLETED'],
    ]);
  });

  it('a queued request also runs when the pending checkpoint is aborted', () => {
    // CheckpointCoordinator.abortPendingCheckpoint L2300: scheduleTriggerRequest in `finally`.
    const { events } = run({
      job: { parallelism: 1, source: generator },
      storage: slow,
      checkpointing: { tolerableFailed: 5 },
      script: [
        { atMs: 100, do: 'decline', task: 'count#0', checkpoint: 1 },
        { atMs: 300, do: 'checkpoint' },
        { atMs: 302, do: 'checkpoint' },
      ],
      untilMs: 1500,
    });
    const aborted1 = ofType(events, 'checkpoint.aborted').find((e) => e.checkpointId === 1)!;
    const trig2 = ofType(events, 'checkpoint.triggered').find((e) => e.checkpointId === 2)!;
    expect(trig2.step).toBe(aborted1.step);
  });

  it('a savepoint is forced: it starts even while max-concurrent checkpoints are pending', () => {
    const { events } = run({
      job: { parallelism: 1, source: generator },
      storage: slow,
      script: [
        { atMs: 300, do: 'checkpoint' },
        { atMs: 310, do: 'savepoint' },
      ],
      untilMs: 400,
    });
    expect(ofType(events, 'checkpoint.triggered').map((e) => [e.checkpointId, e.isSavepoint, e.atMs])).toEqual([
      [1, false, 300],
      [2, true, 310],
    ]);
    expect(ofType(events, 'checkpoint.requestQueued')).toEqual([]);
  });
});

describe('min-pause and the periodic trigger', () => {
  it('a periodic request within min-pause fails as MINIMUM_TIME_BETWEEN_CHECKPOINTS and the trigger moves to last completion + min-pause', () => {
    // CheckpointRequestDecider L166–178: refuse, then rescheduleTrigger(now, lastCompletion - now + minPause).
    const { events } = run({
      job: { parallelism: 1, source: generator },
      storage: { latencyMs: 120, bytesPerMs: 1000 },
      checkpointing: { intervalMs: 200, minPauseMs: 150 },
      untilMs: 2000,
    });
    const refused = ofType(events, 'checkpoint.triggerSkipped');
    expect(refused.length).toBeGreaterThan(3);
    for (const r of refused) {
      expect(r.reason).toBe('MINIMUM_TIME_BETWEEN_CHECKPOINTS');
      const lastDone = ofType(events, 'checkpoint.completed').filter((e) => e.step < r.step).pop()!;
      expect(r.rescheduledAtMs).toBe(lastDone.atMs + 150);
      // The rescheduled trigger fires exactly then and starts a checkpoint (if still within the run).
      if (r.rescheduledAtMs! > 2000) continue;
      const next = ofType(events, 'checkpoint.triggered').find((e) => e.step > r.step)!;
      expect(next.atMs).toBe(r.rescheduledAtMs);
    }
  });

  it('an interval below min-pause is raised to min-pause', () => {
    // CheckpointCoordinator L321–326: baseInterval = max(interval, minPause). Nothing completes
    // here (storage is very slow), so min-pause never refuses: only the interval spaces triggers.
    const { events } = run({
      job: { parallelism: 1, source: generator },
      storage: { latencyMs: 60_000, bytesPerMs: 1000 },
      checkpointing: { intervalMs: 100, minPauseMs: 300, maxConcurrent: 16 },
      untilMs: 2000,
    });
    const at = ofType(events, 'checkpoint.triggered').map((e) => e.atMs);
    expect(at.length).toBeGreaterThan(3);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBe(300);
  });

  it('a completed savepoint restarts the min-pause clock', () => {
    // CheckpointCoordinator.cleanupAfterCompletedCheckpoint L1429 sets
    // lastCheckpointCompletionRelativeTime for savepoints too.
    const { events } = run({
      // The first periodic trigger comes in [900, 1000] ms (getRandomInitDelay), within min-pause of the savepoint.
      job: { parallelism: 1, source: generator },
      checkpointing: { intervalMs: 1000, minPauseMs: 900 },
      script: [{ atMs: 400, do: 'savepoint' }],
      untilMs: 3000,
    });
    const sp = ofType(events, 'checkpoint.completed').find((e) => e.isSavepoint)!;
    const firstPeriodic = ofType(events, 'checkpoint.triggered').find((e) => !e.isSavepoint)!;
    expect(firstPeriodic.atMs).toBeGreaterThanOrEqual(sp.atMs + 900);
    const refused = ofType(events, 'checkpoint.triggerSkipped');
    expect(refused.map((r) => [r.reason, r.rescheduledAtMs])).toEqual([['MINIMUM_TIME_BETWEEN_CHECKPOINTS', sp.atMs + 900]]);
  });
});
