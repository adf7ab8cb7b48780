/**
 * A learner's progress per lesson (stops seen, questions answered right or wrong, the last stop),
 * kept in IndexedDB through the persistence layer once it is open (src/persistence/
 * lessonProgress.ts), and in this module's memory until then or when IndexedDB is unavailable.
 */
import type { LessonProgressRecord } from '../../persistence';

export interface LessonProgressStore {
  saveLessonProgress(record: LessonProgressRecord): Promise<void>;
  listLessonProgress(): Promise<LessonProgressRecord[]>;
}

let backend: LessonProgressStore | null = null;
const memory = new Map<string, LessonProgressRecord>();
let loaded: Promise<void> | null = null;

/** Called by the persistence controller when storage is open; progress so far is merged in. */
export function connectLessonProgress(store: LessonProgressStore | null): void {
  backend = store;
  loaded = null;
}

async function ensureLoaded(): Promise<void> {
  if (!backend) return;
  const store = backend;
  loaded ??= store.listLessonProgress().then(
    async (records) => {
      // What this page recorded before storage opened is merged with what was stored, and saved.
      for (const stored of records) {
        const here = memory.get(stored.lessonId);
        memory.set(stored.lessonId, here ? merge(stored, here) : stored);
      }
      const touched = [...memory.values()].filter((r) => r.updatedAtMs > 0);
      for (const r of touched) await store.saveLessonProgress(r);
    },
    (e: unknown) => console.error('Checkpoint Lab: lesson progress could not be read', e),
  );
  await loaded;
}

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y);

/** Stored progress plus this page's: stops seen add up; this page's answers and place are the newer. */
function merge(stored: LessonProgressRecord, here: LessonProgressRecord): LessonProgressRecord {
  const right = union(stored.right.filter((n) => !here.wrong.includes(n)), here.right);
  const wrong = union(stored.wrong.filter((n) => !here.right.includes(n)), here.wrong);
  return { ...here, seen: union(stored.seen, here.seen), right, wrong };
}

function blank(lessonId: string, stops: number): LessonProgressRecord {
  return { lessonId, stops, seen: [], right: [], wrong: [], lastStop: 0, updatedAtMs: 0 };
}

async function update(lessonId: string, stops: number, change: (r: LessonProgressRecord) => void): Promise<void> {
  await ensureLoaded();
  const old = memory.get(lessonId) ?? blank(lessonId, stops);
  const next: LessonProgressRecord = { ...old, stops, seen: [...old.seen], right: [...old.right], wrong: [...old.wrong], updatedAtMs: Date.now() };
  change(next);
  memory.set(lessonId, next);
  listeners.forEach((l) => l());
  try {
    await backend?.saveLessonProgress(next);
  } catch (e) {
    // Progress is a convenience: a failed write must not disturb the lesson.
    console.error('Checkpoint Lab: lesson progress could not be saved', e);
  }
}

const add = (list: number[], n: number) => {
  if (!list.includes(n)) list.push(n);
  list.sort((a, b) => a - b);
};

export function recordLessonVisit(lessonId: string, stop: number, stops: number): Promise<void> {
  return update(lessonId, stops, (r) => {
    add(r.seen, stop);
    r.lastStop = stop;
  });
}

export function recordLessonAnswer(lessonId: string, stop: number, stops: number, correct: boolean): Promise<void> {
  return update(lessonId, stops, (r) => {
    add(correct ? r.right : r.wrong, stop);
    const other = correct ? r.wrong : r.right;
    if (other.includes(stop)) other.splice(other.indexOf(stop), 1);
  });
}

export async function readLessonProgress(): Promise<ReadonlyMap<string, LessonProgressRecord>> {
  await ensureLoaded();
  return new Map(memory);
}

const listeners = new Set<() => void>();
export function onLessonProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
