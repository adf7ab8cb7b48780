/**
 * Resolves a lesson in the browser: loads the scenarios it names (files of scenarios/ through
 * the examples' loader, inline ones through the parser), then lets src/lessons resolve every
 * stop against the engine. Resolved lessons are cached for the page's lifetime (they are
 * deterministic).
 */
import { parseScenario, type Scenario } from '../../engine';
import type { Lesson, ScenarioRef } from '../../lessons/lessonSchema';
import { resolveLesson, scenarioKey, type ResolvedStop } from '../../lessons/resolveLesson';
import { loadExample } from '../examples/loadExample';

export interface LessonRun {
  lesson: Lesson;
  stops: ResolvedStop[];
  /** The scenario of each run, by scenarioKey. */
  scenarios: Map<string, Scenario>;
}

const cache = new Map<string, Promise<LessonRun>>();

async function loadRef(ref: ScenarioRef): Promise<Scenario> {
  const r = typeof ref === 'string' ? await loadExample(ref.replace(/\.json$/, '')) : parseScenario(ref);
  if (!r.ok) throw new Error(`the lesson's scenario ${typeof ref === 'string' ? ref : '(inline)'} is not valid: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.scenario;
}

async function resolveRun(lesson: Lesson): Promise<LessonRun> {
  const refs = [lesson.scenario, ...lesson.stops.flatMap((s) => (s.scenario ? [s.scenario] : []))];
  const scenarios = new Map<string, Scenario>();
  for (const ref of refs) if (!scenarios.has(scenarioKey(ref))) scenarios.set(scenarioKey(ref), await loadRef(ref));
  const r = resolveLesson(lesson, (ref) => scenarios.get(scenarioKey(ref))!);
  if (!r.ok) throw new Error(r.problems.map((p) => `stop ${p.stop}${p.selector ? ` (${p.selector})` : ''}: ${p.message}`).join('; '));
  return { lesson, stops: r.stops, scenarios };
}

export function lessonRun(lesson: Lesson): Promise<LessonRun> {
  let p = cache.get(lesson.id);
  if (!p) {
    p = resolveRun(lesson);
    cache.set(lesson.id, p);
    p.catch(() => cache.delete(lesson.id));
  }
  return p;
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
