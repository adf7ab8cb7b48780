/**
 * Questions are answered by the engine: these build small lessons over seed 002's scenario and
 * check the computed answers, the verdicts and the feedback in both languages.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenarioText, type Scenario } from '../engine';
import { findAnchor } from './anchor';
import type { Lesson, Question, Stop } from './lessonSchema';
import { parseLesson } from './parseLesson';
import { feedback, isCorrect } from './questions';
import { resolveLesson, type ResolvedStop } from './resolveLesson';

const seed002 = (() => {
  const r = parseScenarioText(readFileSync(new URL('../../scenarios/seed002-refcount.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('seed 002 scenario');
  return r.scenario;
})();
const load = (): Scenario => seed002;
const both = (s: string) => ({ en: s, zh: s });

function lessonWith(stops: Partial<Stop>[]): Lesson {
  const r = parseLesson({
    format: 'checkpoint-lab/lesson@1',
    id: 't',
    number: 1,
    title: both('t'),
    summary: both('t'),
    level: 'beginner',
    minutes: 1,
    scenario: 'seed002-refcount.json',
    stops: stops.map((s) => ({ highlight: ['checkpoints'], title: both('t'), text: both('t'), ...s })),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.lesson;
}

function resolveOne(stop: Partial<Stop>): ResolvedStop {
  const r = resolveLesson(lessonWith([stop]), load);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.stops[0]!;
}

const cp = (n: number) => ({ event: 'checkpoint.completed' as const, where: { checkpointId: n } });

describe('anchors', () => {
  it('a selector without nth must match exactly one event; nth picks among several', () => {
    const r = resolveLesson(lessonWith([{ anchor: { event: 'checkpoint.completed' } }, { anchor: { event: 'checkpoint.completed', nth: 3 } }, { anchor: { event: 'checkpoint.completed', nth: 9 } }, { anchor: cp(7) }]), load);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { stop: 1, selector: 'checkpoint.completed', message: 'ambiguous: 4 events match (add "nth" or narrow "where")' },
      { stop: 3, selector: 'checkpoint.completed nth 9', message: 'only 4 events match' },
      { stop: 4, selector: 'checkpoint.completed where checkpointId=7', message: 'no event matches' },
    ]);
    expect(r.stops.map((s) => [s.index, s.anchor.type, (s.anchor as { checkpointId: number }).checkpointId])).toEqual([[1, 'checkpoint.completed', 3]]);
  });

  it('the stop shows the run after the anchor event\'s step', () => {
    const s = resolveOne({ anchor: { event: 'compaction.finished', nth: 2 } });
    expect(s.anchor).toMatchObject({ type: 'compaction.finished', inputs: [4, 6, 7], outputs: [8] });
    expect(s.step).toBe(s.anchor.step);
    expect(findAnchor([], { event: 'file.discarded', nth: 1 })).toEqual({ ok: false, why: 'none', matches: 0 });
  });
});

describe('question kinds', () => {
  const files: Question = { kind: 'files', prompt: both('Which SSTs does checkpoint 3 upload?'), answer: { fact: 'uploadedSsts', checkpointId: 3 }, explain: { en: 'It uploads {answer}; it references {shared}.', zh: '上传 {answer}；引用 {shared}。' } };

  it('files: the answer is computed from the run, options are every SST the task had by then', () => {
    const s = resolveOne({ anchor: cp(3), facts: { shared: { fact: 'sharedSsts', checkpointId: 3 } }, question: files });
    expect(s.question).toEqual({ kind: 'files', answer: [5, 6], options: [1, 2, 3, 4, 5, 6] });
    expect(isCorrect(s.question!, { kind: 'files', files: [6, 5] })).toBe(true);
    expect(isCorrect(s.question!, { kind: 'files', files: [5] })).toBe(false);
    expect(isCorrect(s.question!, { kind: 'files', files: [4, 5, 6] })).toBe(false);
    expect(feedback(files, s.question!, { kind: 'files', files: [5, 6] }, s.facts, 'en')).toEqual({ correct: true, text: 'Right. It uploads 5, 6; it references 4, 5, 6.' });
    expect(feedback(files, s.question!, { kind: 'files', files: [4] }, s.facts, 'zh')).toEqual({ correct: false, text: '不对：引擎给出的答案是 5、6。 上传 5、6；引用 4、5、6。' });
  });

  it('number: a reference count read from the registry at the stop', () => {
    const q: Question = { kind: 'number', prompt: both('?'), answer: { fact: 'referenceCount', sst: 4 }, explain: both('{answer}') };
    expect(resolveOne({ anchor: cp(2), question: q }).question).toEqual({ kind: 'number', answer: 1 });
    expect(resolveOne({ anchor: cp(3), question: q }).question).toEqual({ kind: 'number', answer: 2 });
    const r = resolveOne({ anchor: cp(3), question: q });
    expect(feedback(q, r.question!, { kind: 'number', value: 1 }, r.facts, 'en').text).toBe("Not quite: the engine's answer is 2. 2");
  });

  it('choice: exactly one choice must hold in the run, else the stop does not resolve', () => {
    const choice = (equals: number[][]): Question => ({ kind: 'choice', prompt: both('?'), choices: equals.map((e) => ({ text: both(String(e)), holds: { fact: { fact: 'deletedSsts' }, equals: e } })), explain: both('{answer}') });
    expect(resolveOne({ anchor: cp(4), question: choice([[1, 2], [1, 2, 3]]) }).question).toEqual({ kind: 'choice', answer: 1, truths: [false, true] });
    const none = resolveLesson(lessonWith([{ anchor: cp(3), question: choice([[1, 2], [1, 2, 3]]) }]), load);
    expect(none.ok ? null : none.problems[0]!.message).toBe('exactly one choice must hold in the run; none does');
  });

  it('next: the first of the named events after the stop, with its step', () => {
    const q: Question = { kind: 'next', prompt: both('?'), among: ['file.discarded', 'compaction.finished'], explain: both('{answer}') };
    const s = resolveOne({ anchor: cp(3), question: q });
    // After CP3 (step 68) the next of these is the second compaction, before CP4 deletes files.
    expect(s.question).toMatchObject({ kind: 'next', answer: 'compaction.finished' });
    expect(isCorrect(s.question!, { kind: 'next', event: 'file.discarded' })).toBe(false);
  });

  it('a fact the run cannot answer names the stop and the selector', () => {
    const r = resolveLesson(lessonWith([{ anchor: cp(1), facts: { x: { fact: 'referenceCount', sst: 6 } } }]), load);
    expect(r.ok ? null : r.problems).toEqual([{ stop: 1, selector: 'checkpoint.completed where checkpointId=1', message: 'count#0 has uploaded no file for SST 6 by step 22' }]);
  });

  it('a placeholder naming a field the anchor event lacks does not resolve', () => {
    const r = resolveLesson(lessonWith([{ anchor: cp(1), text: both('{anchor.sst}') }]), load);
    expect(r.ok ? null : r.problems[0]!.message).toBe('the anchor event has no {anchor.sst}');
  });
});

describe('answerAt: asked before the view shows the answer', () => {
  // Seed 002 (num-retained 2): when CP3 is triggered SST 4 is referenced by CP2 alone; CP3's
  // completion adds CP3's reference (CP1, subsumed, never had SST 4), so the count becomes 2.
  const triggered3 = { event: 'checkpoint.triggered' as const, where: { checkpointId: 3 } };
  const rc4 = { fact: 'referenceCount' as const, sst: 4 };
  const ask = (answerAt: unknown): Partial<Stop> =>
    ({
      anchor: triggered3,
      facts: { rc4, retained: { fact: 'retainedCheckpoints' } },
      question: { kind: 'number', prompt: both('SST 4 after CP3?'), answer: rc4, answerAt, explain: both('{answer}, retained {retained}') },
    }) as Partial<Stop>;

  it('evaluates the answer and the explanation’s facts at the later event, the text’s facts at the stop', () => {
    const s = resolveOne(ask(cp(3)));
    expect(s.facts.rc4).toBe(1);
    expect(s.facts.retained).toEqual([1, 2]);
    expect(s.question).toMatchObject({ kind: 'number', answer: 2 });
    expect(s.answerFacts.retained).toEqual([2, 3]);
    expect(s.answerFacts.rc4).toBe(2);
    // The player steps to CP3's completion once answered: after the stop.
    const at = (s.question as { atStep: number }).atStep;
    expect(at).toBeGreaterThan(s.step);
    const fb = feedback(lessonWith([ask(cp(3))]).stops[0]!.question!, s.question!, { kind: 'number', value: 1 }, s.answerFacts, 'en');
    expect(fb).toEqual({ correct: false, text: "Not quite: the engine's answer is 2. 2, retained 2, 3" });
  });

  it('a fact only the explanation quotes is read at the answer’s event; one the text quotes must exist at the stop', () => {
    const shared3 = { fact: 'sharedSsts' as const, checkpointId: 3 };
    const explainOnly = { ...ask(cp(3)), facts: { shared3 } } as Partial<Stop>;
    (explainOnly.question as { explain: unknown }).explain = both('{answer}: CP3 has {shared3}');
    const s = resolveOne(explainOnly);
    expect(s.facts).not.toHaveProperty('shared3');
    expect(s.answerFacts.shared3).toEqual([4, 5, 6]);
    const inText = { ...explainOnly, text: both('CP3 has {shared3}') };
    const r = resolveLesson(lessonWith([inText]), load);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatchObject({ stop: 1, selector: 'checkpoint.triggered where checkpointId=3', message: expect.stringContaining('checkpoint 3 has no handle') });
  });

  it('a files question offers the SSTs the task has by the answer’s event (a later flush included)', () => {
    const s = resolveOne({
      anchor: triggered3,
      question: { kind: 'files', prompt: both('CP3 uploads?'), answer: { fact: 'uploadedSsts', checkpointId: 3 }, answerAt: cp(3), explain: both('{answer}') },
    } as Partial<Stop>);
    expect(s.question).toMatchObject({ kind: 'files', answer: [5, 6] });
    expect((s.question as { options: number[] }).options).toEqual(expect.arrayContaining([4, 5, 6]));
  });

  it('without answerAt the answer is the stop’s own and there is no step to go to', () => {
    const s = resolveOne({ anchor: cp(3), question: { kind: 'number', prompt: both('q'), answer: rc4, explain: both('{answer}') } });
    expect(s.question).toEqual({ kind: 'number', answer: 2 });
    expect(s.answerFacts).toBe(s.facts);
  });

  it('an answerAt that matches nothing, or is not after the stop, names the stop and the answerAt selector', () => {
    const r = resolveLesson(lessonWith([ask(cp(9)), ask({ event: 'checkpoint.completed', where: { checkpointId: 1 } })]), load);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { stop: 1, selector: 'answerAt checkpoint.completed where checkpointId=9', message: 'no event matches' },
      { stop: 2, selector: 'answerAt checkpoint.completed where checkpointId=1', message: expect.stringMatching(/^the event is at step \d+, not after the stop's step \d+$/) },
    ]);
  });

  it('choice and what-next questions do not take answerAt', () => {
    const r = parseLesson({
      ...lessonWith([{ anchor: cp(1) }]),
      stops: [{ anchor: cp(1), highlight: ['registry'], title: both('t'), text: both('t'), question: { kind: 'next', prompt: both('q'), among: ['checkpoint.completed', 'checkpoint.aborted'], answerAt: cp(2), explain: both('e') } }],
    });
    expect(r.ok).toBe(false);
  });
});
