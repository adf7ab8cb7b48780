/**
 * Lesson 11 (failover and restore) against Flink's rule: a failover restarts every task from the
 * latest completed checkpoint and each source re-reads from the offset stored there, so what it read
 * after that checkpoint's barrier is read again; a two-phase-commit sink commits none of it twice.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { eventsOf, lesson, resolved } from './support/lessonRun';

type Emitted = Extract<EngineEvent, { type: 'source.emitted' }>;
const emitted = (events: EngineEvent[]) => events.filter((e): e is Emitted => e.type === 'source.emitted');

describe('lesson 11 against the failover rule', () => {
  const l = lesson('11-failover-and-restore.json');
  const stops = resolved(l);
  const run = eventsOf(l.scenario);
  const fastRun = eventsOf(l.stops[7]!.scenario!);

  it('the source reads again exactly the offsets it had read after the restored checkpoint\'s barrier', () => {
    for (const [events, stop] of [[run, stops[2]!], [fastRun, stops[7]!]] as const) {
      const failedAt = events.findIndex((e) => e.type === 'job.failed');
      const before = emitted(events.slice(0, failedAt));
      const after = emitted(events.slice(failedAt));
      // The restored offset is where the source stood at the checkpoint; the replay runs from there.
      const restoredCp = (events[failedAt] as Extract<EngineEvent, { type: 'job.failed' }>).restartFrom;
      const op = events.find((e) => e.type === 'restore.operatorState' && e.task === 'source#0');
      const restoredOffset = Number((op as Extract<EngineEvent, { type: 'restore.operatorState' }>).received[0]!.entries[0]!.split('@')[1]);
      expect(op).toMatchObject({ checkpointId: restoredCp });
      const lastRead = Math.max(...before.map((e) => e.offset));
      const again = after.filter((e) => e.offset <= lastRead);
      expect(again.map((e) => e.offset)).toEqual(Array.from({ length: lastRead - restoredOffset + 1 }, (_, i) => restoredOffset + i));
      expect(answerValue(stop.question!)).toBe(again.length);
    }
  });

  it('with 20 records/s, the 1 s run replays the records of the 50 ms ticks between the barrier and the failure', () => {
    const barrier = stops[1]!.anchor.atMs;
    const failure = stops[2]!.anchor.atMs;
    let ticks = 0;
    for (let t = 0; t < failure; t += 50) if (t > barrier) ticks += 1;
    expect(answerValue(stops[2]!.question!)).toBe(ticks);
    // Stop 2 says how many records precede the barrier: the offset the source rewinds to.
    expect(stops[1]!.facts.read).toBe(emitted(run).filter((e) => e.atMs < barrier).length);
  });

  it('the sink commits no duplicate, having aborted the transaction of the replayed records', () => {
    expect(stops[6]!.facts.dups).toBe(0);
    expect(answerValue(stops[6]!.question!)).toBe(1); // the first choice: "No"
    expect(stops[4]!.facts.aborted).toBe(answerValue(stops[2]!.question!));
  });

  it('checkpointing 4× as often replays fewer records and pays with more checkpoints and uploaded bytes', () => {
    const slow = stops[2]!;
    const fast = stops[7]!;
    expect(answerValue(fast.question!)).toBeLessThan(answerValue(slow.question!) as number);
    expect(fast.facts.cps).toBeGreaterThanOrEqual(3 * (slow.facts.cps as number));
    expect(fast.facts.bytes).toBeGreaterThan(3 * (slow.facts.bytes as number));
  });
});
