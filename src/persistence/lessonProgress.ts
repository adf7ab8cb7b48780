/**
 * Lesson progress records (store `lessonProgress`, migration 3): one per lesson id, independent
 * of sessions, so a learner's progress survives new sessions and resets of a run.
 */
import type { RecordStore } from './recordStore';

export interface LessonProgressRecord {
  lessonId: string;
  /** The lesson's number of stops when last saved. */
  stops: number;
  /** 0-based stops seen, ascending. */
  seen: number[];
  /** Stops whose question was last answered right / wrong. */
  right: number[];
  wrong: number[];
  lastStop: number;
  updatedAtMs: number;
}

const isIndexList = (x: unknown): x is number[] => Array.isArray(x) && x.length <= 1000 && x.every((n) => Number.isSafeInteger(n) && n >= 0);

/** The record if `value` is a sound lesson progress record, else null (a damaged one is ignored, and replaced by the next save). */
export function parseLessonProgress(value: unknown): LessonProgressRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  if (typeof r.lessonId !== 'string' || r.lessonId.length === 0 || r.lessonId.length > 64) return null;
  if (!Number.isSafeInteger(r.stops) || !Number.isSafeInteger(r.lastStop) || typeof r.updatedAtMs !== 'number') return null;
  if (!isIndexList(r.seen) || !isIndexList(r.right) || !isIndexList(r.wrong)) return null;
  return { lessonId: r.lessonId, stops: r.stops as number, seen: r.seen, right: r.right, wrong: r.wrong, lastStop: r.lastStop as number, updatedAtMs: r.updatedAtMs };
}

export function putLessonProgress(store: RecordStore, record: LessonProgressRecord): Promise<void> {
  const sound = parseLessonProgress(record);
  if (!sound) return Promise.reject(new TypeError(`Persistence: not a lesson progress record for "${String(record.lessonId)}"`));
  return store.transact(['lessonProgress'], 'readwrite', `saving progress of lesson "${sound.lessonId}"`, (tx) => tx.put('lessonProgress', sound));
}

export function listLessonProgress(store: RecordStore): Promise<LessonProgressRecord[]> {
  return store.transact(['lessonProgress'], 'readonly', 'reading lesson progress', async (tx) =>
    (await tx.getAllEntries('lessonProgress')).flatMap((e) => {
      const r = parseLessonProgress(e.value);
      return r ? [r] : [];
    }),
  );
}
