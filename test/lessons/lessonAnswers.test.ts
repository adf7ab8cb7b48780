/**
 * The engine-computed answers of lessons 5, 7 and 9 against the seed articles' facts:
 * seed 002's shared files and reference counts after CP1–CP4 (num-retained 2), seed 001's
 * re-upload after a failed checkpoint, seed 000's T0–T4 checkpoint composition.
 * The article numbers some files differently (the test/scenarios/seedArticles.test.ts mapping):
 * seed 002's "5" and "6" are SSTs 6 and 7 here and its compactions' outputs are SSTs 5 and 8;
 * seed 001's "4" and "5" are SSTs 3 and 4.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LESSONS_DIR, loadScenarioRef } from '../../cli/lessonFiles';
import type { Lesson } from '../../src/lessons/lessonSchema';
import { parseLesson } from '../../src/lessons/parseLesson';
import { answerValue } from '../../src/lessons/questions';
import { resolveLesson, type ResolvedStop } from '../../src/lessons/resolveLesson';

function lesson(file: string, edit: (raw: Lesson) => void = () => {}): Lesson {
  const raw = JSON.parse(readFileSync(join(LESSONS_DIR, file), 'utf8'));
  edit(raw);
  const r = parseLesson(raw);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.lesson;
}

function resolved(l: Lesson): ResolvedStop[] {
  const r = resolveLesson(l, loadScenarioRef);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.stops;
}

const cpOf = (s: ResolvedStop) => (s.anchor.type === 'checkpoint.completed' ? s.anchor.checkpointId : null);

describe('lesson 5 against seed 002', () => {
  // Seed 002's table after each checkpoint, SST → reference count (refcount model, num-retained 2).
  const TABLE: Record<number, Record<number, number>> = {
    1: { 1: 1, 2: 1 },
    2: { 1: 2, 2: 2, 3: 1, 4: 1 },
    3: { 4: 2, 5: 1, 6: 1 },
    4: { 5: 2, 8: 1 },
  };

  it("at each checkpoint stop, the engine's shared files and reference counts are seed 002's", () => {
    // The lesson's own anchors (a stop asked before a completion is moved to the completion its
    // question is answered at), with facts added for every SST of the table.
    const l = lesson('05-incremental-shared-files.json', (raw) => {
      for (const stop of raw.stops) {
        const q = stop.question;
        if (q && 'answerAt' in q && q.answerAt?.event === 'checkpoint.completed') {
          stop.anchor = q.answerAt;
          delete q.answerAt;
        }
        if (stop.scenario || stop.anchor.event !== 'checkpoint.completed') continue;
        const id = stop.anchor.where!.checkpointId as number;
        stop.facts = { ...stop.facts, tShared: { fact: 'sharedSsts', checkpointId: id } };
        for (const sst of Object.keys(TABLE[id]!)) stop.facts[`tRc${sst}`] = { fact: 'referenceCount', sst: Number(sst) };
      }
    });
    const stops = resolved(l).filter((s) => cpOf(s) !== null && !l.stops[s.index]!.scenario);
    expect(stops.map(cpOf)).toEqual([1, 2, 3, 4]);
    for (const s of stops) {
      const table = TABLE[cpOf(s)!]!;
      const facts = s.facts;
      expect(facts.tShared).toEqual(Object.keys(table).map(Number));
      for (const [sst, count] of Object.entries(table)) expect(facts[`tRc${sst}`]).toBe(count);
    }
  });

  it("the questions' answers: uploads of CP1, SST 1's count at CP2, SST 4's at CP3, the files deleted at CP4, SST 4's last use under 1.15+", () => {
    const stops = resolved(lesson('05-incremental-shared-files.json'));
    const answers = stops.map((s) => (s.question ? answerValue(s.question) : null));
    // CP1 uploads both of its files.
    expect(answers[0]).toEqual([1, 2]);
    expect(answers[1]).toBe(TABLE[2]![1]);
    // Asked when CP3 is triggered, answered at its completion: SST 4's count in the table after CP3.
    expect(stops[3]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: 3 });
    expect(stops[3]!.facts.rc4).toBe(TABLE[2]![4]);
    expect(answers[3]).toBe(TABLE[3]![4]);
    // CP3 uploads the compaction output (1,2,3) and the new file: the table's new entries after CP3.
    const newAt3 = Object.keys(TABLE[3]!).map(Number).filter((sst) => !(sst in TABLE[2]!));
    expect(stops[3]!.answerFacts.uploaded).toEqual(newAt3);
    // CP4 (asked at its trigger): the files no retained checkpoint (3, 4) references any more
    // reach 0 and Flink deletes exactly them: the article's (1), (2), (3).
    const everUsed = new Set(Object.values(TABLE).flatMap((t) => Object.keys(t).map(Number)));
    const stillUsed = new Set([...Object.keys(TABLE[3]!), ...Object.keys(TABLE[4]!)].map(Number));
    expect(answers[4]).toEqual([...everUsed].filter((sst) => !stillUsed.has(sst)).sort((a, b) => a - b));
    expect(stops[4]!.facts.deleted).toEqual([]);
    expect(stops[4]!.answerFacts.deleted).toEqual([1, 2, 3]);
    // Flink 1.15+: no counts; SST 4 was last used by CP2 when CP3 is triggered, and CP3 (whose
    // table lists SST 4) becomes its last use; SST 1, not in CP3, keeps CP2. The same files go at CP4.
    expect(stops[5]!.facts.rc4).toBeNull();
    expect(stops[5]!.facts.last4).toBe(2);
    expect(answers[5]).toBe(3);
    expect(4 in TABLE[3]!).toBe(true);
    expect(stops[5]!.answerFacts.last1).toBe(2);
    expect(stops[6]!.facts.deleted).toEqual([1, 2, 3]);
  });
});

describe('lesson 7 against seed 001', () => {
  it('CP1 uploads 1, 2; the failed CP2 uploaded 3; CP3 uploads 3 again and 4; the orphaned copy of 3 is deleted', () => {
    const stops = resolved(lesson('07-failed-checkpoint-files.json'));
    expect(stops[0]!.facts.uploaded).toEqual([1, 2]);
    expect(stops[1]!.facts.uploaded).toEqual([3]);
    expect(stops[1]!.question).toMatchObject({ kind: 'next', answer: 'checkpoint.aborted' });
    expect(stops[2]!.anchor).toMatchObject({ type: 'checkpoint.aborted', checkpointId: 2, reason: 'CHECKPOINT_DECLINED' });
    expect(answerValue(stops[2]!.question!)).toBe(1);
    // Seed 001: "the checkpoint failed … so 4 and 5 are both uploaded again" (here 3 and 4).
    // Asked when CP3 is triggered, before anything of it is uploaded; answered at its completion.
    expect(stops[3]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: 3 });
    expect(stops[3]!.facts.uploaded).toEqual([]);
    expect(stops[3]!.answerFacts.shared).toEqual([1, 2, 3, 4]);
    expect(answerValue(stops[3]!.question!)).toEqual([3, 4]);
    expect(stops[3]!.answerFacts.deleted).toEqual([3]);
  });
});

describe('lesson 9 against seed 000', () => {
  it('CP-1 = change set 1; CP-2 = change sets 1–3 while m1 runs; CP-3 = m1 + change sets 3, 4; truncation at m1', () => {
    const stops = resolved(lesson('09-changelog-backend.json'));
    // CP-2 and CP-3 are asked about at their trigger and answered at their completion.
    expect([stops[0]!.facts, stops[2]!.answerFacts, stops[4]!.answerFacts].map((f) => [f.m, f.sets])).toEqual([
      [null, [1]],
      [null, [1, 2, 3]],
      [1, [3, 4]],
    ]);
    for (const [i, cp] of [[2, 2], [4, 3]] as const) {
      expect(stops[i]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: cp });
      const q = stops[i]!.question as { kind: string; atStep?: number };
      expect(q.kind).toBe('number');
      expect(q.atStep).toBeGreaterThan(stops[i]!.step);
    }
    expect(stops[4]!.question).toMatchObject({ atStep: stops[5]!.step });
    // Truncation is asked at CP-3's completion, while the log still starts below m1's sync point.
    expect(cpOf(stops[5]!)).toBe(3);
    expect(stops[5]!.facts.lowest).toBeLessThan(2);
    // T2: m1's sync point closes change set 2; CP-2 completes before m1 (seed 000: "after CP-2, m1 completes too").
    expect(stops[1]!.anchor).toMatchObject({ type: 'changelog.materialization.started', materializationId: 1, upToSqn: 2 });
    expect(stops[1]!.question).toMatchObject({ answer: 'checkpoint.completed' });
    // CP-2 holds the log from sequence number 0 (no completed materialization); CP-3 builds on m1; the log is cut at m1's sync point.
    expect(answerValue(stops[2]!.question!)).toBe(0);
    expect(answerValue(stops[4]!.question!)).toBe(1);
    expect(answerValue(stops[5]!.question!)).toBe(2);
  });
});
