/**
 * The lessons the app knows: every `lessons/*.json` of the build, validated like an imported file
 * (a broken one is left out and reported on the console; the unit suite's checker keeps that from
 * shipping), plus the lessons a teacher imported or saved ("user lessons", kept in IndexedDB
 * through src/app/lessons/userLessonStore.ts).
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

/**
 * The built-in lessons, validated on first use, not at module load: every page evaluates this
 * module (the comparison page and each of its embed frames too, which never show a lesson), and
 * the validation was half of a 30–45 ms module evaluation task per frame (issue 18 §6).
 */
let builtIn: readonly Lesson[] | null = null;
function builtInLessons(): readonly Lesson[] {
  return (builtIn ??= readAll());
}

let userLessons: readonly Lesson[] = [];
/** The same array until the catalog changes (useSyncExternalStore compares snapshots by identity); null until first read. */
let all: readonly Lesson[] | null = null;
const listeners = new Set<() => void>();

/** The built-in lessons, then the user's, each group in number order. */
export function allLessons(): readonly Lesson[] {
  return (all ??= builtInLessons());
}

export function isBuiltInLesson(id: string): boolean {
  return builtInLessons().some((l) => l.id === id);
}

export function lessonById(id: string): Lesson | undefined {
  return builtInLessons().find((l) => l.id === id) ?? userLessons.find((l) => l.id === id);
}

/** Adds (or replaces, by id) a user lesson; a built-in lesson's id is the caller's to refuse. */
export function addUserLesson(lesson: Lesson): void {
  userLessons = [...userLessons.filter((l) => l.id !== lesson.id), lesson].sort((a, b) => a.number - b.number);
  all = [...builtInLessons(), ...userLessons];
  listeners.forEach((l) => l());
}

export function removeUserLesson(id: string): void {
  userLessons = userLessons.filter((l) => l.id !== id);
  all = [...builtInLessons(), ...userLessons];
  listeners.forEach((l) => l());
}

/** Stored lessons that could not be read back: which record, and what is wrong where. */
export interface UnreadableLesson {
  key: string;
  problems: string[];
}
let unreadable: readonly UnreadableLesson[] = [];
export function unreadableLessons(): readonly UnreadableLesson[] {
  return unreadable;
}
export function setUnreadableLessons(list: readonly UnreadableLesson[]): void {
  unreadable = list;
  listeners.forEach((l) => l());
}

/** Subscribes to changes of the user lessons (for useSyncExternalStore). */
export function onLessonCatalog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
