/**
 * "Save as lesson": turns stops a teacher marked at steps of a recorded run into a lesson. Each
 * step becomes an event selector (never a step number) that resolves to exactly that step's first
 * event: its type, narrowed by the checkpoint id where the event has one, and `nth` only when
 * that still matches more than one event. The lesson is then validated like any lesson file.
 */
import type { EngineEvent, Scenario } from '../engine';
import { findAnchor } from './anchor';
import { LESSON_FORMAT, type HighlightTarget, type Lesson, type Question, type Selector } from './lessonSchema';
import { parseLesson, type LessonParseResult } from './parseLesson';
import { answerValue } from './questions';
import { resolveLesson } from './resolveLesson';
import type { FactValue } from './template';

type Bilingual = { en: string; zh: string };

export interface DraftStop {
  step: number;
  /** One or more regions to highlight (the known targets). */
  highlight: HighlightTarget[];
  title: Bilingual;
  text: Bilingual;
  /** An optional question; its answer is computed by the engine, never written here. */
  question?: Question;
}

export interface DraftLesson {
  id: string;
  number: number;
  title: Bilingual;
  summary: Bilingual;
  level?: Lesson['level'];
  /** Defaults to two minutes a stop. */
  minutes?: number;
  stops: DraftStop[];
}

/** The selector for the first event of `step`, or null when nothing happened at that step. */
export function anchorForStep(events: readonly EngineEvent[], step: number): Selector | null {
  const event = events.find((e) => e.type !== undefined && e.step === step);
  if (!event) return null;
  const fields = event as unknown as Record<string, unknown>;
  const where = typeof fields.checkpointId === 'number' ? { checkpointId: fields.checkpointId } : undefined;
  const base: Selector = where ? { event: event.type, where } : { event: event.type };
  const only = findAnchor(events, base);
  if (only.ok && only.event === event) return base;
  const same = events.filter((e) => e.type === base.event && (!where || (e as unknown as Record<string, unknown>).checkpointId === where.checkpointId));
  return { ...base, nth: same.indexOf(event) + 1 };
}

/** The lesson document for a draft on `scenario`'s run (inline scenario), validated. */
export function buildLesson(draft: DraftLesson, scenario: Scenario, events: readonly EngineEvent[]): LessonParseResult {
  const stops: unknown[] = [];
  const problems: { path: string; message: string }[] = [];
  draft.stops.forEach((s, i) => {
    const anchor = anchorForStep(events, s.step);
    if (!anchor) problems.push({ path: `stops[${i}].anchor`, message: `nothing happens at step ${s.step}: mark a step with an event` });
    stops.push({ anchor, highlight: [...new Set(s.highlight)], title: s.title, text: s.text, ...(s.question ? { question: s.question } : {}) });
  });
  if (problems.length) return { ok: false, problems };
  const minutes = draft.minutes ?? Math.max(1, Math.min(120, draft.stops.length * 2));
  return parseLesson({ format: LESSON_FORMAT, id: draft.id, number: draft.number, title: draft.title, summary: draft.summary, level: draft.level ?? 'beginner', minutes, scenario, stops });
}

/** What the builder shows under each stop: the engine's answer to its question, or why there is none. */
export type AnswerPreview = { stop: number; answer: FactValue; atStep?: number } | { stop: number; problem: string };

/** Resolves a built lesson against its run and gives each question's answer (stops without one are left out). */
export function previewAnswers(lesson: Lesson, scenario: Scenario): AnswerPreview[] {
  const r = resolveLesson(lesson, () => scenario);
  const out: AnswerPreview[] = [];
  for (const s of r.stops) if (s.question) out.push({ stop: s.index, answer: answerValue(s.question), ...('atStep' in s.question && s.question.atStep !== undefined ? { atStep: s.question.atStep } : {}) });
  if (!r.ok) for (const p of r.problems) out.push({ stop: p.stop - 1, problem: p.selector ? `${p.selector}: ${p.message}` : p.message });
  return out.sort((a, b) => a.stop - b.stop);
}
