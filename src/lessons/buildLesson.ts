/**
 * "Save as lesson": turns stops a teacher marked at steps of a recorded run into a lesson. Each
 * step becomes an event selector (never a step number) that resolves to exactly that step's first
 * event: its type, narrowed by the checkpoint id where the event has one, and `nth` only when
 * that still matches more than one event. The lesson is then validated like any lesson file.
 */
import type { EngineEvent, Scenario } from '../engine';
import { findAnchor } from './anchor';
import { LESSON_FORMAT, type HighlightTarget, type Selector } from './lessonSchema';
import { parseLesson, type LessonParseResult } from './parseLesson';

type Bilingual = { en: string; zh: string };

export interface DraftStop {
  step: number;
  highlight: HighlightTarget;
  title: Bilingual;
  text: Bilingual;
}

export interface DraftLesson {
  id: string;
  number: number;
  title: Bilingual;
  summary: Bilingual;
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
    stops.push({ anchor, highlight: [s.highlight], title: s.title, text: s.text });
  });
  if (problems.length) return { ok: false, problems };
  return parseLesson({ format: LESSON_FORMAT, id: draft.id, number: draft.number, title: draft.title, summary: draft.summary, level: 'beginner', minutes: Math.max(1, Math.min(120, draft.stops.length * 2)), scenario, stops });
}
