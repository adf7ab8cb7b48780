/**
 * The lessons the build holds: every `lessons/*.json`, validated like an imported file (a broken
 * one is left out and reported on the console; the unit suite's checker keeps that from shipping).
 */
import type { Lesson } from '../../lessons/lessonSchema';
import { parseLessonText } from '../../lessons/parseLesson';

const FILES = import.meta.glob<string>('/lessons/*.json', { query: '?raw', import: 'default', eager: true });

function readAll(): Lesson[] {
  const out: Lesson[] = [];
  for (const [path, text] of Object.entries(FILES)) {
    const r = parseLessonText(text);
    if (r.ok) out.push(r.lesson);
    else console.error(`Checkpoint Lab: ${path} is not a valid lesson`, r.problems);
  }
  return out.sort((a, b) => a.number - b.number);
}

export const LESSONS: readonly Lesson[] = readAll();

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
