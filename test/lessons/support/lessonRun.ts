/** Shared by the per-lesson tests: load a lesson of lessons/, resolve it, record its scenarios. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LESSONS_DIR, loadScenarioRef } from '../../../cli/lessonFiles';
import { Timeline, type EngineEvent } from '../../../src/engine';
import type { Lesson, ScenarioRef } from '../../../src/lessons/lessonSchema';
import { parseLesson } from '../../../src/lessons/parseLesson';
import { resolveLesson, type ResolvedStop } from '../../../src/lessons/resolveLesson';

export function lesson(file: string, edit: (raw: Lesson) => void = () => {}): Lesson {
  const raw = JSON.parse(readFileSync(join(LESSONS_DIR, file), 'utf8'));
  edit(raw);
  const r = parseLesson(raw);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.lesson;
}

export function resolved(l: Lesson): ResolvedStop[] {
  const r = resolveLesson(l, loadScenarioRef);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.stops;
}

/** Every event of a scenario's whole recorded run. */
export function eventsOf(ref: ScenarioRef): EngineEvent[] {
  return Timeline.record(loadScenarioRef(ref)).records().flatMap((r) => r.events);
}
