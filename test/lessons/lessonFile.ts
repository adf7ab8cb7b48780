/** Shared by the per-lesson tests: a lesson file of lessons/, validated and resolved against the engine. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LESSONS_DIR, loadScenarioRef } from '../../cli/lessonFiles';
import type { Lesson } from '../../src/lessons/lessonSchema';
import { parseLesson } from '../../src/lessons/parseLesson';
import { resolveLesson, type ResolvedStop } from '../../src/lessons/resolveLesson';

export function lessonFile(file: string): Lesson {
  const r = parseLesson(JSON.parse(readFileSync(join(LESSONS_DIR, file), 'utf8')));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.lesson;
}

export function resolvedStops(l: Lesson): ResolvedStop[] {
  const r = resolveLesson(l, loadScenarioRef);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.stops;
}
