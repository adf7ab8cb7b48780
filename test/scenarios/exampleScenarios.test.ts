/**
 * The changelog examples show what the gallery promises (src/i18n/en/examples.ts): seed 000 one
 * manual materialization followed by truncation; the periodic one a checkpoint every 400 ms and,
 * on each of the two subtasks, three materializations in 9 s, each followed by a truncation of
 * the log it covers. The sender-side back-pressure example: barriers that wait in the sources'
 * output queues time out into unaligned barriers 120 ms after the trigger.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation, parseScenarioText, type EngineEvent } from '../../src/engine';

function run(path: string): EngineEvent[] {
  const parsed = parseScenarioText(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${JSON.stringify(parsed.problems)}`);
  const sim = Simulation.create(parsed.scenario);
  const events: EngineEvent[] = [];
  for (let at = sim.nextAtMs; at !== undefined && at <= parsed.scenario.untilMs; at = sim.nextAtMs)
    events.push(...sim.step()!);
  return events;
}

const byTask = (events: EngineEvent[], type: string) => {
  const out = new Map<string, EngineEvent[]>();
  for (const e of events) {
    const task = 'task' in e ? e.task : undefined;
    if (e.type === type && task) out.set(task, [...(out.get(task) ?? []), e]);
  }
  return out;
};

describe('the changelog examples', () => {
  it('seed 000: one manual materialization, then the log before it is truncated', () => {
    const events = run('scenarios/changelog-seed000.json');
    const done = events.filter((e) => e.type === 'changelog.materialization.completed');
    expect(done).toHaveLength(1);
    const truncated = events.filter((e) => e.type === 'changelog.truncated');
    expect(truncated.length).toBeGreaterThan(0);
    expect(truncated.every((e) => e.step >= done[0]!.step)).toBe(true);
  });

  it('periodic: checkpoints every 400 ms; each subtask materializes and truncates three times', () => {
    const events = run('scenarios/changelog-periodic-materialization.json');
    const triggers = events.filter((e) => e.type === 'checkpoint.triggered').map((e) => e.atMs);
    expect(triggers.length).toBeGreaterThanOrEqual(20);
    for (let i = 1; i < triggers.length; i++)
      expect(triggers[i]! - triggers[i - 1]!).toBeGreaterThanOrEqual(400);
    expect(events.filter((e) => e.type === 'checkpoint.completed')).toHaveLength(triggers.length);

    const materialized = byTask(events, 'changelog.materialization.completed');
    const truncated = byTask(events, 'changelog.truncated');
    expect([...materialized.keys()].sort()).toEqual(['count#0', 'count#1']);
    for (const [task, done] of materialized) {
      expect(done, task).toHaveLength(3);
      // Each materialization lets the log it covers go: a truncation at the same step.
      for (const m of done)
        expect(
          truncated.get(task)?.some((t) => t.step === m.step),
          `${task} @${m.step}`,
        ).toBe(true);
    }
  });
});

describe('the back-pressure example at the senders', () => {
  it('barriers wait in the sources’ output queues and jump them as unaligned barriers 120 ms after the trigger', () => {
    const events = run('scenarios/backpressure-output-timeout.json');
    const triggered = new Map(
      events.flatMap((e) => (e.type === 'checkpoint.triggered' ? [[e.checkpointId, e.atMs] as const] : [])),
    );
    const timedOut = events.filter((e) => e.type === 'barrier.outputTimedOut');
    expect(timedOut.length).toBeGreaterThanOrEqual(4);
    for (const e of timedOut) {
      if (e.type !== 'barrier.outputTimedOut') continue;
      expect(e.task).toMatch(/^source#/);
      expect(e.atMs - triggered.get(e.checkpointId)!).toBe(120);
      expect(e.outputRecords).toBeGreaterThan(0);
    }
    // Every checkpoint still completes, with the overtaken records in its channel state.
    const completed = events.filter((e) => e.type === 'checkpoint.completed');
    expect(completed.length).toBe(triggered.size);
    expect(events.some((e) => e.type === 'channel.statePersisted' && e.outputRecords > 0 && e.task?.startsWith('source#'))).toBe(true);
  });
});

describe('the cancel-and-retain example', () => {
  // DefaultCompletedCheckpointStore#shutdown(CANCELED) with RETAIN_ON_CANCELLATION keeps the
  // retained checkpoints; CheckpointCoordinator#restoreSavepoint in CLAIM mode hands the new job
  // ownership, so the kept checkpoint is deleted once the new job's checkpoints subsume it.
  it('keeps checkpoints 3 and 5 at the cancellation; the new job claims 5 and deletes it when subsumed; 3 stays', () => {
    const events = run('scenarios/cancel-retain-restart.json');
    const canceled = events.find((e) => e.type === 'job.canceled');
    expect(canceled).toMatchObject({ retention: 'RETAIN_ON_CANCELLATION', discarded: [], kept: [3, 5], savepoints: [4] });
    const submitted = events.find((e) => e.type === 'job.submitted');
    expect(submitted).toMatchObject({ previousStatus: 'CANCELED', checkpointId: 5, mode: 'CLAIM' });
    const oldJob = submitted && submitted.type === 'job.submitted' ? submitted.previousJobId : '';
    expect(events.some((e) => e.type === 'checkpoint.subsumed' && e.checkpointId === 5)).toBe(true);
    const discarded = events.filter((e): e is Extract<EngineEvent, { type: 'file.discarded' }> => e.type === 'file.discarded').map((e) => e.path);
    expect(discarded).toContain(`${oldJob}/chk-5/_metadata`);
    expect(discarded).not.toContain(`${oldJob}/chk-3/_metadata`);
  });
});
