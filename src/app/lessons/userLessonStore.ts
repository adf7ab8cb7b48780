/**
 * The teacher's lessons (saved in the builder or imported) kept in IndexedDB (store `userLessons`,
 * src/persistence/userLessons.ts) once the persistence layer is open, and in the catalog's memory
 * until then or when IndexedDB is unavailable. A stored lesson is read back through the same
 * validation as a file; one that no longer validates is reported with its key and field paths and
 * left out, never thrown into the picker.
 */
import type { Lesson } from '../../lessons/lessonSchema';
import { parseLessonText } from '../../lessons/parseLesson';
import type { DamagedUserLesson, UserLessonRecord } from '../../persistence';
import { addUserLesson, isBuiltInLesson, removeUserLesson, setUnreadableLessons, type UnreadableLesson } from './lessonCatalog';
import { lessonFileText } from './importLesson';

export interface UserLessonBackend {
  saveUserLesson(record: UserLessonRecord): Promise<void>;
  deleteUserLesson(id: string): Promise<void>;
  listUserLessons(): Promise<{ records: UserLessonRecord[]; damaged: DamagedUserLesson[] }>;
}

let backend: UserLessonBackend | null = null;
/** Lessons added before storage opened: saved once it does. */
const pending = new Map<string, Lesson>();

/** Reads the stored lessons into the catalog; what cannot be read is listed as unreadable. */
export async function loadUserLessons(store: UserLessonBackend): Promise<void> {
  const { records, damaged } = await store.listUserLessons();
  const bad: UnreadableLesson[] = damaged.map((d) => ({ key: d.key, problems: [d.problem] }));
  for (const r of records) {
    const parsed = parseLessonText(r.text);
    if (!parsed.ok) bad.push({ key: r.id, problems: parsed.problems.map((p) => `${p.path}: ${p.message}`) });
    else if (parsed.lesson.id !== r.id) bad.push({ key: r.id, problems: [`id: the record is stored as "${r.id}" but the lesson says "${parsed.lesson.id}"`] });
    else if (isBuiltInLesson(r.id)) bad.push({ key: r.id, problems: [`id: "${r.id}" is the id of a lesson built into the app`] });
    else addUserLesson(parsed.lesson);
  }
  setUnreadableLessons(bad);
  if (bad.length) console.error('Checkpoint Lab: some of your stored lessons could not be read and were skipped', bad);
}

/** Called by the persistence controller when storage opens (or closes: null). */
export function connectUserLessons(store: UserLessonBackend | null): Promise<void> {
  backend = store;
  if (!store) return Promise.resolve();
  const toSave = [...pending.values()];
  pending.clear();
  return loadUserLessons(store)
    .then(async () => {
      for (const l of toSave) await store.saveUserLesson(record(l));
    })
    .catch((e: unknown) => console.error('Checkpoint Lab: your lessons could not be read', e));
}

const record = (lesson: Lesson): UserLessonRecord => ({ id: lesson.id, text: lessonFileText(lesson), savedAtMs: Date.now() });

/** Adds (or replaces) a user lesson in the catalog and stores it. */
export async function keepUserLesson(lesson: Lesson): Promise<void> {
  addUserLesson(lesson);
  if (!backend) {
    pending.set(lesson.id, lesson);
    return;
  }
  try {
    await backend.saveUserLesson(record(lesson));
  } catch (e) {
    console.error(`Checkpoint Lab: lesson "${lesson.id}" could not be saved`, e);
  }
}

export async function deleteUserLesson(id: string): Promise<void> {
  removeUserLesson(id);
  pending.delete(id);
  try {
    await backend?.deleteUserLesson(id);
  } catch (e) {
    console.error(`Checkpoint Lab: lesson "${id}" could not be deleted`, e);
  }
}
