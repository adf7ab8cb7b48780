/**
 * The question kinds and their evaluators. The right answer is computed from the recorded run at
 * the stop (facts, or the events after it), never read from the lesson; the feedback fills the
 * lesson's explanation with the computed facts and the answer.
 */
import type { EngineEvent, EventType } from '../engine';
import { evaluateFact, FactError, type StopView } from './facts';
import type { Predicate, Question } from './lessonSchema';
import { fill, formatValue, type FactValue, type Lang } from './template';

export type ResolvedQuestion =
  | { kind: 'files'; options: number[]; answer: number[]; atStep?: number }
  | { kind: 'number'; answer: number; atStep?: number }
  | { kind: 'choice'; answer: number; truths: boolean[] }
  | { kind: 'next'; options: EventType[]; answer: EventType; atStep: number };

/** What a learner gives: a set of SSTs, a number, a choice's index, or an event type. */
export type Response = { kind: 'files'; files: number[] } | { kind: 'number'; value: number } | { kind: 'choice'; index: number } | { kind: 'next'; event: EventType };

function sortedNumbers(v: FactValue, what: string): number[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number')) throw new FactError(`${what} is not a list of SSTs`);
  return [...(v as number[])].sort((a, b) => a - b);
}

function equal(a: FactValue, b: FactValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function holds(p: Predicate, view: StopView): boolean {
  const value = evaluateFact(p.fact, view);
  if ('contains' in p) return Array.isArray(value) && value.includes(p.contains);
  if ('equals' in p) return equal(value, p.equals as FactValue);
  const empty = value === null || (Array.isArray(value) && value.length === 0);
  return empty === p.empty;
}

/** Every SST the task had by the stop (flushed or written by a compaction): the options to pick from. */
function sstsSoFar(events: readonly EngineEvent[], task: string): number[] {
  const out = new Set<number>();
  for (const e of events) {
    if (e.task !== task) continue;
    if (e.type === 'sst.flushed') out.add(e.sst);
    if (e.type === 'compaction.finished') for (const o of e.outputs) out.add(o);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Computes the right answer. `later`: the events after the stop's step (for "what happens next").
 * `answerView`: the run at the question's `answerAt` event (files and number questions; the stop
 * itself without one). Throws FactError when the run cannot answer (the checker reports it).
 */
export function resolveQuestion(q: Question, view: StopView, later: readonly EngineEvent[], answerView: StopView = view): ResolvedQuestion {
  // Set only when the answer lies ahead of the stop: the player steps there once answered.
  const at = answerView.step !== view.step ? { atStep: answerView.step } : {};
  switch (q.kind) {
    case 'files': {
      const answer = sortedNumbers(evaluateFact(q.answer, answerView), 'the answer');
      const task = 'task' in q.answer && q.answer.task ? q.answer.task : 'count#0';
      // The options: every SST the task has had by the time the answer holds (a later flush or compaction output included).
      return { kind: 'files', answer, options: [...new Set([...sstsSoFar(answerView.events, task), ...answer])].sort((a, b) => a - b), ...at };
    }
    case 'number': {
      const answer = evaluateFact(q.answer, answerView);
      if (typeof answer !== 'number') throw new FactError(`the answer is ${JSON.stringify(answer)}, not a number`);
      return { kind: 'number', answer, ...at };
    }
    case 'choice': {
      const truths = q.choices.map((c) => holds(c.holds, view));
      const right = truths.flatMap((t, i) => (t ? [i] : []));
      if (right.length !== 1) throw new FactError(`exactly one choice must hold in the run; ${right.length === 0 ? 'none does' : `choices ${right.map((i) => i + 1).join(', ')} do`}`);
      return { kind: 'choice', answer: right[0]!, truths };
    }
    case 'next': {
      const next = later.find((e) => (q.among as readonly string[]).includes(e.type));
      if (!next) throw new FactError(`none of ${q.among.join(', ')} happens after step ${view.step}`);
      return { kind: 'next', options: [...q.among], answer: next.type, atStep: next.step };
    }
  }
}

/** The answer as the feedback and the checker show it. */
export function answerValue(r: ResolvedQuestion): FactValue {
  switch (r.kind) {
    case 'files':
      return r.answer;
    case 'number':
      return r.answer;
    case 'choice':
      return r.answer + 1;
    case 'next':
      return r.answer;
  }
}

export function isCorrect(r: ResolvedQuestion, response: Response): boolean {
  if (r.kind !== response.kind) return false;
  switch (response.kind) {
    case 'files':
      return equal([...new Set(response.files)].sort((a, b) => a - b), (r as { answer: number[] }).answer);
    case 'number':
      return response.value === (r as { answer: number }).answer;
    case 'choice':
      return response.index === (r as { answer: number }).answer;
    case 'next':
      return response.event === (r as { answer: EventType }).answer;
  }
}

const VERDICT = {
  en: { right: 'Right.', wrong: (a: string) => `Not quite: the engine's answer is ${a}.` },
  zh: { right: '答对了。', wrong: (a: string) => `不对：引擎给出的答案是 ${a}。` },
} as const;

/**
 * The feedback for a response: the verdict, then the lesson's explanation filled with the stop's
 * facts and `{answer}`. `answerText` shows the answer (a choice's text, an event's name) in `lang`.
 */
export function feedback(
  q: Question,
  r: ResolvedQuestion,
  response: Response,
  facts: Readonly<Record<string, FactValue>>,
  lang: Lang,
  answerText: (r: ResolvedQuestion, lang: Lang) => string = (x, l) => formatValue(answerValue(x), l),
): { correct: boolean; text: string } {
  const correct = isCorrect(r, response);
  const shown = answerText(r, lang);
  const why = fill(q.explain[lang], { ...facts, answer: shown }, lang);
  return { correct, text: `${correct ? VERDICT[lang].right : VERDICT[lang].wrong(shown)} ${why}` };
}
