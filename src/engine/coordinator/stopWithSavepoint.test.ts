/**
 * Stop with savepoint (`flink stop [--drain]`), Flink 1.20: SchedulerBase#stopWithSavepoint,
 * CheckpointCoordinator#triggerSynchronousSavepoint (SavepointType.terminate / .suspend),
 * SourceOperatorStreamTask#triggerStopWithSavepointAsync, CheckpointCoordinator L1431 (synchronous
 * savepoints are notified), StopWithSavepointTerminationHandlerImpl (job FINISHED).
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent } from '../events';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { restCheckpointStatistics } from './restStats';

const scenario = (drain: boolean) =>
  scenarioOf({
    format: SCENARIO_FORMAT,
    job: { parallelism: 2, source: { kind: 'generator', keys: 8, ratePerSec: 100 }, sink: { kind: 'transactional' } },
    checkpointing: { intervalMs: 200, numRetained: 2 },
    script: [{ atMs: 750, do: 'stop', drain }],
    untilMs: 1500,
  });

function run(drain: boolean) {
  const s = scenario(drain);
  const sim = Simulation.create(s);
  const events: EngineEvent[] = sim.runUntil(s.untilMs);
  return { sim, events };
}

describe.each([true, false])('stop with savepoint (drain %s)', (drain) => {
  it('follows Flink order: scheduler stopped, sources stop before their barrier, ack, notify, sink commit, tasks finish, job FINISHED', () => {
    const { sim, events } = run(drain);
    const stop = events.find((e) => e.type === 'job.stopWithSavepoint')!;
    expect(stop).toMatchObject({ drain, reason: null });
    const id = stop.checkpointId!;
    const at = (pred: (e: EngineEvent) => boolean) => events.findIndex(pred);
    const stopped = events.filter((e) => e.type === 'source.stopped');
    expect(stopped.map((e) => e.task).sort()).toEqual(['source#0', 'source#1']);
    for (const s of stopped) {
      // Each source stops, then injects the savepoint's barrier, and emits nothing afterwards.
      const i = events.indexOf(s);
      expect(at((e) => e.type === 'barrier.injected' && e.task === s.task && e.checkpointId === id)).toBeGreaterThan(i);
      expect(events.slice(i).some((e) => e.type === 'source.emitted' && e.task === s.task)).toBe(false);
    }
    const completed = at((e) => e.type === 'checkpoint.completed' && e.checkpointId === id);
    expect(completed).toBeGreaterThan(at((e) => e.type === 'source.stopped'));
    // No periodic checkpoint after the stop was requested.
    expect(events.slice(events.indexOf(stop)).filter((e) => e.type === 'checkpoint.triggered').map((e) => (e as { checkpointId: number }).checkpointId)).toEqual([id]);
    // Synchronous savepoints are notified (1.15–1.20 notifies no ordinary savepoint).
    expect(at((e) => e.type === 'checkpoint.notified' && e.checkpointId === id && e.notification === 'complete')).toBeGreaterThan(completed);
    const commits = events.filter((e) => e.type === 'sink.commit' && e.notifiedCheckpointId === id);
    expect(commits.length).toBeGreaterThan(0);
    const finished = events.filter((e) => e.type === 'task.finished');
    expect(finished.length).toBe(sim.state.job.topology.subtasks.length);
    // Each sink finishes only after it committed on the savepoint's notification.
    for (const c of commits) expect(events.indexOf(finished.find((f) => f.task === c.task)!)).toBeGreaterThan(events.indexOf(c));
    const jobFinished = events.find((e) => e.type === 'job.finished')!;
    expect(jobFinished).toMatchObject({ savepointId: id, drain });
    expect(events.indexOf(jobFinished)).toBeGreaterThan(Math.max(...finished.map((f) => events.indexOf(f))));
    expect(sim.state.job.finished).toEqual({ savepointId: id });
    // A finished job discards its checkpoints; the savepoint stays.
    expect(sim.state.coordinator.completed).toEqual([]);
    expect(sim.state.coordinator.savepoints.map((s) => s.id)).toEqual([id]);
    for (const f of sim.state.coordinator.savepoints[0]!.files) expect(sim.state.storage.files[f]).toBeDefined();
    // REST: the synchronous savepoint is SYNC_SAVEPOINT (CheckpointStatistics.RestAPICheckpointType).
    const rest = restCheckpointStatistics(sim.state.coordinator);
    expect(rest.history.find((h) => h.id === id)?.checkpoint_type).toBe('SYNC_SAVEPOINT');
    // Every transaction committed exactly once, nothing duplicated.
    expect(sim.state.job.output.duplicates).toBe(0);
  });

  it('a new job started from the savepoint continues where it stopped, without duplicates in the transactional sink', () => {
    const s = scenario(drain);
    const sim = Simulation.create({ ...s, untilMs: 3000 });
    const events = sim.runUntil(1000);
    const id = sim.state.job.finished!.savepointId;
    const emittedBefore = sim.state.job.output.emitted;
    const offsets = Object.values(sim.state.job.sources).flatMap((src) => src.partitions.map((p) => p.offset));
    const after = [...sim.apply({ do: 'restore', checkpoint: id, mode: 'CLAIM' }), ...sim.runUntil(3000)];
    expect(events.some((e) => e.type === 'job.finished')).toBe(true);
    expect(after.find((e) => e.type === 'job.submitted')).toMatchObject({ previousStatus: 'FINISHED', checkpointId: id, isSavepoint: true });
    expect(after.some((e) => e.type === 'job.running')).toBe(true);
    // The sources resume at the savepoint's offsets (the stopped sources' offsets).
    const firstEmits = new Map<string, number>();
    for (const e of after) if (e.type === 'source.emitted' && !e.fromLog && !firstEmits.has(e.task!)) firstEmits.set(e.task!, e.offset);
    expect([...firstEmits.values()].sort()).toEqual([...offsets].sort());
    expect(sim.state.job.output.emitted).toBeGreaterThan(emittedBefore);
    expect(sim.state.job.output.duplicates).toBe(0);
    // The sink commits each transaction once: the savepoint's on its notification, none again after the restart.
    const txs = [...events, ...after].filter((e) => e.type === 'sink.commit').map((e) => (e as { transaction: string }).transaction);
    expect(new Set(txs).size).toBe(txs.length);
  });
});
