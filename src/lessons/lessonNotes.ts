/**
 * Printable notes of a lesson (issue 15 §5, a teacher's handout): the lesson's header, each stop
 * numbered with its texts filled from the recorded run exactly as the player fills them, each
 * question with the engine's answer and the filled explanation, and the figures the stops quote.
 * Pure: the caller resolves the lesson (resolveLesson) and labels the figures in its language.
 */
import type { Fact, Lesson, Question } from './lessonSchema';
import { answerValue, type ResolvedQuestion } from './questions';
import type { ResolvedStop } from './resolveLesson';
import { fill, formatValue, placeholders, type Lang } from './template';

/** A number (or list) a stop's text quotes: what it is, and its value in the run at that stop. */
export interface NoteFigure {
  /** The stop it belongs to, counted from 1. */
  stop: number;
  /** The placeholder name (`rc1`, `anchor.checkpointId`). */
  name: string;
  /** The fact it evaluates, or for `{anchor.field}` the anchor event's type and the field. */
  source: { kind: 'fact'; fact: Fact } | { kind: 'anchor'; event: string; field: string };
  /** The type of the stop's anchor event (what a `{ fact: 'anchor' }` reads). */
  anchorEvent: string;
  value: string;
}

export interface NoteQuestion {
  prompt: string;
  /** The engine's answer as the player shows it (a choice's text, an event type, SSTs, a number). */
  answer: string;
  explain: string;
}

export interface NoteStop {
  number: number;
  title: string;
  text: string;
  question: NoteQuestion | null;
  figures: NoteFigure[];
}

export interface LessonNotes {
  id: string;
  number: number;
  title: string;
  summary: string;
  level: Lesson['level'];
  minutes: number;
  stops: NoteStop[];
}

/** The answer as the player's feedback names it: a choice by its text, otherwise the value. */
export function answerShown(q: Question, r: ResolvedQuestion, lang: Lang): string {
  return r.kind === 'choice' && q.kind === 'choice' ? q.choices[r.answer]!.text[lang] : formatValue(answerValue(r), lang);
}

export function lessonNotes(lesson: Lesson, resolved: readonly ResolvedStop[], lang: Lang): LessonNotes {
  const stops = resolved.map((r): NoteStop => {
    const stop = lesson.stops[r.index]!;
    const q = stop.question && r.question ? stop.question : null;
    const answer = q && r.question ? answerShown(q, r.question, lang) : '';
    // The figures a reader sees quoted: the title's, the text's and the prompt's placeholders
    // (the explanation's `{answer}` is the answer itself, shown on its own line).
    const atStop = new Set([stop.title, stop.text, ...(q ? [q.prompt] : [])].flatMap((t) => placeholders(t[lang])));
    const quoted = [...atStop, ...(q ? placeholders(q.explain[lang]) : [])];
    // A question answered at a later event (answerAt): its explanation quotes the facts there.
    const valueOf = (n: string) => (atStop.has(n) || !(n in r.answerFacts) ? r.facts[n] : r.answerFacts[n]);
    const names = [...new Set(quoted)].filter((n) => n !== 'answer' && (n in r.facts || n in r.answerFacts));
    const figures = names.map((name): NoteFigure => {
      const field = name.startsWith('anchor.') ? name.slice('anchor.'.length) : null;
      const fact = stop.facts?.[name];
      const source: NoteFigure['source'] = fact ? { kind: 'fact', fact } : { kind: 'anchor', event: r.anchor.type, field: field ?? name };
      return { stop: r.index + 1, name, source, anchorEvent: r.anchor.type, value: formatValue(valueOf(name)!, lang) };
    });
    return {
      number: r.index + 1,
      title: fill(stop.title[lang], r.facts, lang),
      text: fill(stop.text[lang], r.facts, lang),
      question: q ? { prompt: fill(q.prompt[lang], r.facts, lang), answer, explain: fill(q.explain[lang], { ...r.facts, ...r.answerFacts, answer }, lang) } : null,
      figures,
    };
  });
  return { id: lesson.id, number: lesson.number, title: lesson.title[lang], summary: lesson.summary[lang], level: lesson.level, minutes: lesson.minutes, stops };
}
