/**
 * Resolves a lesson against the engine: records each scenario it uses, finds every stop's anchor
 * event (its step is where the stop shows the run), evaluates the stop's facts and computes each
 * question's answer. Problems (an anchor that matches nothing or more than one event, a fact the
 * run cannot answer) name the stop and the selector; the checker exits 2 on any.
 */
import { Timeline, type EngineEvent, type Scenario } from '../engine';
import { describeSelector, findAnchor } from './anchor';
import { evaluateFact, FactError, type StopView } from './facts';
import type { Lesson, ScenarioRef, Stop } from './lessonSchema';
import { resolveQuestion, type ResolvedQuestion } from './questions';
import { placeholders, type FactValue } from './template';

export interface ResolvedStop {
  index: number;
  /** The scenario the stop shows (the lesson's, or the stop's own). */
  scenario: ScenarioRef;
  /** Position on the timeline: after the anchor event's step. */
  step: number;
  atMs: number;
  anchor: EngineEvent;
  facts: Record<string, FactValue>;
  question: ResolvedQuestion | null;
}

export interface LessonProblem {
  stop: number;
  selector?: string;
  message: string;
}

export type ResolveResult = { ok: true; stops: ResolvedStop[] } | { ok: false; problems: LessonProblem[]; stops: ResolvedStop[] };

/** Returns the validated scenario a reference names (a file of scenarios/, or inline). */
export type ScenarioLoader = (ref: ScenarioRef) => Scenario;

interface Run {
  timeline: Timeline;
  events: EngineEvent[];
}

export function scenarioKey(ref: ScenarioRef): string {
  return typeof ref === 'string' ? ref : JSON.stringify(ref);
}

export function resolveLesson(lesson: Lesson, load: ScenarioLoader): ResolveResult {
  const runs = new Map<string, Run>();
  const runOf = (ref: ScenarioRef): Run => {
    const key = scenarioKey(ref);
    let run = runs.get(key);
    if (!run) {
      const timeline = Timeline.record(load(ref));
      run = { timeline, events: timeline.records().flatMap((r) => r.events) };
      runs.set(key, run);
    }
    return run;
  };
  const stops: ResolvedStop[] = [];
  const problems: LessonProblem[] = [];
  lesson.stops.forEach((stop, index) => {
    const r = resolveStop(stop, index, stop.scenario ?? lesson.scenario, runOf);
    if ('problem' in r) problems.push(r.problem);
    else stops.push(r.stop);
  });
  return problems.length ? { ok: false, problems, stops } : { ok: true, stops };
}

function resolveStop(stop: Stop, index: number, ref: ScenarioRef, runOf: (ref: ScenarioRef) => Run): { stop: ResolvedStop } | { problem: LessonProblem } {
  const selector = describeSelector(stop.anchor);
  let run: Run;
  try {
    run = runOf(ref);
  } catch (e) {
    return { problem: { stop: index + 1, message: `scenario ${typeof ref === 'string' ? ref : '(inline)'}: ${e instanceof Error ? e.message : String(e)}` } };
  }
  const found = findAnchor(run.events, stop.anchor);
  if (!found.ok) {
    const why = found.why === 'ambiguous' ? `ambiguous: ${found.matches} events match (add "nth" or narrow "where")` : found.why === 'too-few' ? `only ${found.matches} events match` : 'no event matches';
    return { problem: { stop: index + 1, selector, message: why } };
  }
  const step = found.event.step;
  const view: StopView = { step, anchor: found.event, events: run.events.filter((e) => e.step <= step), state: run.timeline.stateAt(step) };
  try {
    const facts: Record<string, FactValue> = {};
    for (const [name, fact] of Object.entries(stop.facts ?? {})) facts[name] = evaluateFact(fact, view);
    // `{anchor.field}` placeholders read the anchor event itself.
    for (const [k, x] of Object.entries(found.event)) if (isFactValue(x)) facts[`anchor.${k}`] = x;
    const texts = [stop.title, stop.text, ...(stop.question ? [stop.question.prompt, stop.question.explain] : [])].flatMap((t) => [t.en, t.zh]);
    const missing = [...new Set(texts.flatMap(placeholders))].filter((n) => n !== 'answer' && !(n in facts));
    if (missing.length) return { problem: { stop: index + 1, selector, message: `the anchor event has no ${missing.map((n) => `{${n}}`).join(', ')}` } };
    const question = stop.question ? resolveQuestion(stop.question, view, run.events.filter((e) => e.step > step)) : null;
    return { stop: { index, scenario: ref, step, atMs: found.event.atMs, anchor: found.event, facts, question } };
  } catch (e) {
    if (e instanceof FactError) return { problem: { stop: index + 1, selector, message: e.message } };
    throw e;
  }
}

const isScalar = (x: unknown): boolean => x === null || ['number', 'string', 'boolean'].includes(typeof x);
function isFactValue(x: unknown): x is FactValue {
  return isScalar(x) || (Array.isArray(x) && x.every(isScalar));
}
