/**
 * Lesson 12 (rescaling 2 → 3) against DOMAIN.md §1 and §8: key group ranges from
 * KeyGroupRangeAssignment's formula, keyed state read from every old handle whose range overlaps,
 * SPLIT_DISTRIBUTE dealing total/newP entries (+1 for the first total%newP), UNION giving all,
 * BROADCAST giving new subtask i old subtask i mod oldP's copy.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { eventsOf, lesson, resolved } from './support/lessonRun';

const range = (maxP: number, p: number, i: number) => [Math.floor((i * maxP + p - 1) / p), Math.floor(((i + 1) * maxP - 1) / p)] as const;
const text = (r: readonly [number, number]) => `${r[0]}–${r[1]}`;
type OpRestore = Extract<EngineEvent, { type: 'restore.operatorState' }>;

describe('lesson 12 against the rescaling rules', () => {
  const l = lesson('12-rescaling.json');
  const stops = resolved(l);
  const run = eventsOf(l.scenario);
  // Flink's default max parallelism for p = 2: min(max(roundUpToPowerOfTwo(2 + 1), 128), 32768).
  const maxP = 128;

  it('max parallelism is the default and the ranges are KeyGroupRangeAssignment\'s, before and after', () => {
    expect(stops[0]!.anchor).toMatchObject({ type: 'sim.started', maxParallelism: maxP });
    expect([stops[0]!.facts.kg0, stops[0]!.facts.kg1]).toEqual([0, 1].map((i) => text(range(maxP, 2, i))));
    expect(stops[3]!.anchor).toMatchObject({ parallelism: 3, previousParallelism: 2 });
    expect([stops[8]!.facts.kg0, stops[8]!.facts.kg1, stops[8]!.facts.kg2]).toEqual([0, 1, 2].map((i) => text(range(maxP, 3, i))));
  });

  it('each new count subtask reads the files of exactly the old subtasks whose ranges overlap its own', () => {
    const overlaps = (i: number) => [0, 1].filter((o) => range(maxP, 2, o)[0] <= range(maxP, 3, i)[1] && range(maxP, 3, i)[0] <= range(maxP, 2, o)[1]).length;
    expect(answerValue(stops[7]!.question!)).toBe(overlaps(1));
    expect(overlaps(1)).toBe(2);
    expect(stops[7]!.facts.kg0).toBe(overlaps(0));
  });

  it("asks about count#1's files before count#1 is restored, and answers where it is", () => {
    const restoredAt = (task: string) => run.find((e) => e.type === 'restore.taskRestored' && e.task === task)!.step;
    // The panel shows a subtask's files once it is restored: the question comes before count#1's.
    expect(stops[7]!.step).toBeLessThan(restoredAt('count#1'));
    expect(stops[7]!.step).toBeGreaterThanOrEqual(restoredAt('count#0'));
    expect(stops[7]!.question).toMatchObject({ kind: 'number', atStep: restoredAt('count#1') });
    expect(stops[7]!.answerFacts.files).toBe(answerValue(stops[7]!.question!));
  });

  it('split deals the pending transactions one per subtask from the first; union gives every source all offsets; broadcast copies old i mod 2', () => {
    const restores = run.filter((e): e is OpRestore => e.type === 'restore.operatorState');
    const of = (task: string) => restores.find((e) => e.task === task)!;
    // The old subtasks' lists, concatenated in old-subtask order, from checkpoint 3's sink state.
    const oldSink = restores.filter((e) => e.task?.startsWith('sink#')).flatMap((e) => e.received.flatMap((r) => r.entries));
    const total = oldSink.length;
    const sizes = [0, 1, 2].map((i) => Math.floor(total / 3) + (i < total % 3 ? 1 : 0));
    expect([0, 1, 2].map((i) => of(`sink#${i}`).received.flatMap((r) => r.entries).length)).toEqual(sizes);
    const emptyOne = sizes.findIndex((n) => n === 0);
    expect(answerValue(stops[5]!.question!)).toBe(emptyOne + 1);
    const offsets = of('source#0').received.flatMap((r) => r.entries);
    for (const i of [0, 1, 2]) expect(of(`source#${i}`).received.flatMap((r) => r.entries)).toEqual(offsets);
    expect(stops[4]!.facts.all).toEqual(offsets);
    for (const i of [0, 1, 2]) expect(of(`count#${i}`).received.map((r) => r.from)).toEqual([i % 2]);
  });
});
