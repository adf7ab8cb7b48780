/**
 * Resolves a lesson in the browser: loads the scenarios it names (files of scenarios/ through
 * the examples' loader, inline ones through the parser) here, then has the lesson worker resolve
 * every stop against the engine (lessonResolverClient.ts: recording the runs takes 0.2–2 s, off
 * the page's thread). Resolved lessons are cached for the page's lifetime (they are
 * deterministic); an imported lesson that replaces another of the same id is resolved afresh.
 */
import { parseScenario, type Scenario } from '../../engine';
import type { Lesson, ScenarioRef } from '../../lessons/lessonSchema';
import { scenarioKey, type LessonProblem, type ResolvedStop } from '../../lessons/resolveLesson';
import { loadExample } from '../examples/loadExample';
import { resolveOffThread } from './lessonResolverClient';

export interface LessonRun {
  lesson: Lesson;
  stops: ResolvedStop[];
  /** The scenario of each run, by scenarioKey (the page's objects: the store compares them by identity). */
  scenarios: Map<string, Scenario>;
}

/** A lesson whose stops do not resolve against the engine (or whose scenario does not load). */
export class LessonResolveError extends Error {
  constructor(readonly problems: readonly LessonProblem[]) {
    super(problems.map((p) => `stop ${p.stop}${p.selector ? ` (${p.selector})` : ''}: ${p.message}`).join('; '));
  }
}

const cache = new Map<string, { lesson: Lesson; run: Promise<LessonRun> }>();

async function loadRef(ref: ScenarioRef): Promise<Scenario> {
  const r = typeof ref === 'string' ? await loadExample(ref.replace(/\.json$/, '')) : parseScenario(ref);
  if (!r.ok) throw new Error(`the lesson's scenario ${typeof ref === 'string' ? ref : '(inline)'} is not valid: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.scenario;
}

export async function resolveLessonRun(lesson: Lesson): Promise<LessonRun> {
  const refs = [lesson.scenario, ...lesson.stops.flatMap((s) => (s.scenario ? [s.scenario] : []))];
  const scenarios = new Map<string, Scenario>();
  try {
    for (const ref of refs) if (!scenarios.has(scenarioKey(ref))) scenarios.set(scenarioKey(ref), await loadRef(ref));
  } catch (e) {
    throw new LessonResolveError([{ stop: 0, message: e instanceof Error ? e.message : String(e) }]);
  }
  const r = await resolveOffThread(lesson, [...scenarios]);
  if (!r.ok) throw new LessonResolveError(r.problems);
  return { lesson, stops: r.stops, scenarios };
}

export function lessonRun(lesson: Lesson): Promise<LessonRun> {
  const hit = cache.get(lesson.id);
  if (hit && hit.lesson === lesson) return hit.run;
  const run = resolveLessonRun(lesson);
  cache.set(lesson.id, { lesson, run });
  run.catch(() => {
    if (cache.get(lesson.id)?.run === run) cache.delete(lesson.id);
  });
  return run;
}

/** The resolved run if it is already known (for synchronous rendering). */
const settled = new Map<string, LessonRun>();
export async function lessonRunSettled(lesson: Lesson): Promise<LessonRun> {
  const run = await lessonRun(lesson);
  settled.set(lesson.id, run);
  return run;
}
export function knownLessonRun(id: string): LessonRun | undefined {
  return settled.get(id);
}
