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
  /**
   * The same facts at the question's `answerAt` event, for its explanation (shown once the player
   * has stepped there); the stop's facts when the question has no `answerAt`.
   */
  answerFacts: Record<string, FactValue>;
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
  if (!found.ok) return { problem: { stop: index + 1, selector, message: anchorWhy(found.why, found.matches) } };
  const step = found.event.step;
  const viewAt = (anchor: EngineEvent): StopView => ({ step: anchor.step, anchor, events: run.events.filter((e) => e.step <= anchor.step), state: run.timeline.stateAt(anchor.step) });
  const view = viewAt(found.event);
  const answerAt = stop.question && 'answerAt' in stop.question ? stop.question.answerAt : undefined;
  let answerView = view;
  if (answerAt) {
    const where = describeSelector(answerAt);
    const at = findAnchor(run.events, answerAt);
    if (!at.ok) return { problem: { stop: index + 1, selector: `answerAt ${where}`, message: anchorWhy(at.why, at.matches) } };
    // Asked before the view shows it: the answer's event must come after the stop's.
    if (at.event.step <= step) return { problem: { stop: index + 1, selector: `answerAt ${where}`, message: `the event is at step ${at.event.step}, not after the stop's step ${step}` } };
    answerView = viewAt(at.event);
  }
  // With answerAt, a fact only the explanation quotes is read where the answer is (it may not
  // exist yet at the stop, e.g. the files of a checkpoint that has not completed).
  const shownAtStop = new Set([stop.title, stop.text, ...(stop.question ? [stop.question.prompt] : [])].flatMap((t) => [t.en, t.zh]).flatMap(placeholders));
  const factsAt = (v: StopView, lenient: boolean): Record<string, FactValue> => {
    const facts: Record<string, FactValue> = {};
    for (const [name, fact] of Object.entries(stop.facts ?? {})) {
      try {
        facts[name] = evaluateFact(fact, v);
      } catch (e) {
        if (!(lenient && e instanceof FactError && !shownAtStop.has(name))) throw e;
      }
    }
    // `{anchor.field}` placeholders read the stop's anchor event itself.
    for (const [k, x] of Object.entries(found.event)) if (isFactValue(x)) facts[`anchor.${k}`] = x;
    return facts;
  };
  const missingIn = (texts: readonly string[], facts: Record<string, FactValue>) => [...new Set(texts.flatMap(placeholders))].filter((n) => n !== 'answer' && !(n in facts));
  const noSuch = (missing: string[]) => `the anchor event has no ${missing.map((n) => `{${n}}`).join(', ')}`;
  let facts: Record<string, FactValue>;
  try {
    facts = factsAt(view, answerAt !== undefined);
  } catch (e) {
    if (e instanceof FactError) return { problem: { stop: index + 1, selector, message: e.message } };
    throw e;
  }
  const explain = stop.question ? [stop.question.explain.en, stop.question.explain.zh] : [];
  const missing = missingIn([...shownAtStop].map((n) => `{${n}}`).concat(answerAt ? [] : explain), facts);
  if (missing.length) return { problem: { stop: index + 1, selector, message: noSuch(missing) } };
  const answerSelector = answerAt ? `answerAt ${describeSelector(answerAt)}` : selector;
  try {
    const answerFacts = answerView === view ? facts : factsAt(answerView, false);
    const missingAtAnswer = missingIn(explain, answerFacts);
    if (missingAtAnswer.length) return { problem: { stop: index + 1, selector: answerSelector, message: noSuch(missingAtAnswer) } };
    const question = stop.question ? resolveQuestion(stop.question, view, run.events.filter((e) => e.step > step), answerView) : null;
    return { stop: { index, scenario: ref, step, atMs: found.event.atMs, anchor: found.event, facts, answerFacts, question } };
  } catch (e) {
    if (e instanceof FactError) return { problem: { stop: index + 1, selector: answerSelector, message: e.message } };
    throw e;
  }
}

function anchorWhy(why: 'none' | 'ambiguous' | 'too-few', matches: number): string {
  return why === 'ambiguous' ? `ambiguous: ${matches} events match (add "nth" or narrow "where")` : why === 'too-few' ? `only ${matches} events match` : 'no event matches';
}

const isScalar = (x: unknown): boolean => x === null || ['number', 'string', 'boolean'].includes(typeof x);
function isFactValue(x: unknown): x is FactValue {
  return isScalar(x) || (Array.isArray(x) && x.every(isScalar));
}
