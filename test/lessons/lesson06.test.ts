/**
 * Lesson 6 (checkpointed vs full size) against what Flink's statistics count: checkpointed_size is
 * what the subtasks wrote for this checkpoint, state_size everything its handles reference, so
 * the gap is exactly the SST uploads it reuses. The reused SSTs come from seed 002's table
 * (CP2 reuses 1, 2; CP3 reuses 4; CP4 reuses the first compaction's output, SST 5 here); the
 * byte counts from the sizes of the files uploaded in the run, not from the checker.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioRef } from '../../cli/lessonFiles';
import { Timeline, type EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { lessonFile, resolvedStops } from './lessonFile';

const stops = resolvedStops(lessonFile('06-checkpointed-vs-full-size.json'));
const events: EngineEvent[] = Timeline.record(loadScenarioRef('seed002-refcount.json'))
  .records()
  .flatMap((r) => r.events);
const REUSED: Record<number, number[]> = { 2: [1, 2], 3: [4], 4: [5] };

/** Size of the upload of an SST (each is uploaded once in this run). */
const uploadSize = (sst: number) => {
  const e = events.find((x) => x.type === 'file.uploaded' && x.sst === sst);
  if (e?.type !== 'file.uploaded') throw new Error(`SST ${sst} was not uploaded`);
  return e.size;
};

describe('lesson 6: checkpointed vs full size', () => {
  it("a subtask's checkpointed size is the bytes it uploaded for that checkpoint", () => {
    const written = events.filter((e) => e.type === 'file.uploaded' && e.task === 'count#0' && e.checkpointId === 2).reduce((s, e) => s + (e as { size: number }).size, 0);
    expect(stops[1]!.anchor).toMatchObject({ type: 'checkpoint.asyncCompleted', checkpointedSize: written });
  });

  it('the first checkpoint has equal sizes and _metadata counts in neither', () => {
    // The subtasks' reports add up; the JobManager's _metadata upload is not among them.
    const perTask = events.filter((e) => e.type === 'checkpoint.asyncCompleted' && e.checkpointId === 1).reduce((s, e) => s + (e as { checkpointedSize: number }).checkpointedSize, 0);
    expect(stops[0]!.anchor).toMatchObject({ checkpointedSize: perTask, stateSize: perTask });
    expect(stops[0]!.facts.meta).toBeGreaterThan(0);
  });

  it('full − checkpointed is the size of the SSTs each checkpoint reuses (seed 002)', () => {
    // Asked at count#0's async part, one step before CP2 completes and the registry shows it.
    expect(stops[1]!.question).toMatchObject({ kind: 'files', atStep: stops[2]!.step });
    expect(stops[1]!.step).toBeLessThan(stops[2]!.step);
    expect(answerValue(stops[1]!.question!)).toEqual(REUSED[2]);
    expect(stops[2]!.question).toBeNull();
    for (const [i, cp] of [[2, 2], [4, 3], [5, 4]] as const) {
      const a = stops[i]!.anchor as Extract<EngineEvent, { type: 'checkpoint.completed' }>;
      expect(a.checkpointId).toBe(cp);
      expect(a.stateSize - a.checkpointedSize).toBe(REUSED[cp]!.reduce((s, sst) => s + uploadSize(sst), 0));
    }
    expect(stops[4]!.facts.reused).toEqual(REUSED[3]);
    // Asked right after the compaction, before CP3 is triggered; answered (and shown) at CP3's completion.
    const cp3 = stops[4]!.anchor as Extract<EngineEvent, { type: 'checkpoint.completed' }>;
    const trigger3 = events.find((e) => e.type === 'checkpoint.triggered' && e.checkpointId === 3)!;
    expect(stops[3]!.step).toBeLessThan(trigger3.step);
    expect(stops[3]!.question).toMatchObject({ kind: 'number', atStep: cp3.step });
    expect(answerValue(stops[3]!.question!)).toBe(uploadSize(4));
    expect(stops[3]!.answerFacts.reused3).toEqual(REUSED[3]);
    expect((stops[3]!.answerFacts.full3 as number) - (stops[3]!.answerFacts.chk3 as number)).toBe(uploadSize(4));
    expect(stops[4]!.question).toBeNull();
    expect(stops[5]!.facts.reused).toEqual(REUSED[4]);
  });

  it('a full (HashMap) snapshot reports equal sizes; a changelog checkpoint counts the materialization only in its full size', () => {
    expect(stops[6]!.anchor).toMatchObject({ type: 'checkpoint.completed' });
    const full = stops[6]!.anchor as Extract<EngineEvent, { type: 'checkpoint.completed' }>;
    expect(full.checkpointedSize).toBe(full.stateSize);
    const cl = stops[7]!.anchor as Extract<EngineEvent, { type: 'checkpoint.completed' }>;
    expect(cl.stateSize - cl.checkpointedSize).toBeGreaterThanOrEqual(stops[7]!.facts.mat as number);
  });
});
