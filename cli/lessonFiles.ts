/** Node-side loading of lesson files and the scenarios they name (scenarios/<file>.json or inline). */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatProblems, parseScenario, parseScenarioText, type Scenario } from '../src/engine';
import type { ScenarioRef } from '../src/lessons/lessonSchema';
import { MAX_LESSON_BYTES, parseLessonText, type LessonParseResult } from '../src/lessons/parseLesson';

export const SCENARIOS_DIR = fileURLToPath(new URL('../scenarios/', import.meta.url));
export const LESSONS_DIR = fileURLToPath(new URL('../lessons/', import.meta.url));

export function readLessonFile(path: string): LessonParseResult {
  let text: string;
  try {
    if (statSync(path).size > MAX_LESSON_BYTES) return { ok: false, problems: [{ path: '(document)', message: `larger than ${MAX_LESSON_BYTES / 1024} KB` }] };
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, problems: [{ path: '(document)', message: `cannot read (${e instanceof Error ? e.message : String(e)})` }] };
  }
  return parseLessonText(text);
}

/** Loads a scenario a lesson names; throws with the scenario's problems when it is not valid. */
export function loadScenarioRef(ref: ScenarioRef): Scenario {
  const r = typeof ref === 'string' ? parseScenarioText(readFileSync(SCENARIOS_DIR + ref, 'utf8')) : parseScenario(ref);
  if (!r.ok) throw new Error(`invalid scenario\n${formatProblems(r.problems)}`);
  return r.scenario;
}
