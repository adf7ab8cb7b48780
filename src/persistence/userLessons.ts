/**
 * The lessons a teacher saved in the builder or imported (store `userLessons`, migration 4): one
 * record per lesson id, holding the lesson file's text as it would be downloaded, so a stored
 * lesson is read back through the same validation as a file. Independent of sessions.
 */
import type { RecordStore } from './recordStore';

export interface UserLessonRecord {
  id: string;
  /** The lesson document as JSON text (checkpoint-lab/lesson@1). */
  text: string;
  savedAtMs: number;
}

/** A stored record that is not a sound user lesson record: what is wrong, and under which key. */
export interface DamagedUserLesson {
  key: string;
  problem: string;
}

/** A lesson file is a few KB; this bounds what a damaged record can make the app parse. */
const MAX_TEXT = 2_000_000;

export function checkUserLessonRecord(value: unknown): UserLessonRecord | string {
  if (value === null || typeof value !== 'object') return 'the record is not an object';
  const r = value as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id.length === 0 || r.id.length > 64) return 'its "id" is not a lesson id';
  if (typeof r.text !== 'string') return 'its "text" is not a text';
  if (r.text.length > MAX_TEXT) return `its "text" has ${r.text.length} characters, more than ${MAX_TEXT}`;
  if (typeof r.savedAtMs !== 'number' || !Number.isFinite(r.savedAtMs)) return 'its "savedAtMs" is not a time';
  return { id: r.id, text: r.text, savedAtMs: r.savedAtMs };
}

export function putUserLesson(store: RecordStore, record: UserLessonRecord): Promise<void> {
  const sound = checkUserLessonRecord(record);
  if (typeof sound === 'string') return Promise.reject(new TypeError(`Persistence: not a user lesson record (${sound})`));
  return store.transact(['userLessons'], 'readwrite', `saving lesson "${sound.id}"`, (tx) => tx.put('userLessons', sound));
}

export function deleteUserLesson(store: RecordStore, id: string): Promise<void> {
  return store.transact(['userLessons'], 'readwrite', `deleting lesson "${id}"`, (tx) => tx.delete('userLessons', id));
}

/** Every stored record: the sound ones, and the damaged ones with what is wrong (never thrown). */
export function listUserLessons(store: RecordStore): Promise<{ records: UserLessonRecord[]; damaged: DamagedUserLesson[] }> {
  return store.transact(['userLessons'], 'readonly', 'reading your lessons', async (tx) => {
    const records: UserLessonRecord[] = [];
    const damaged: DamagedUserLesson[] = [];
    for (const e of await tx.getAllEntries('userLessons')) {
      const r = checkUserLessonRecord(e.value);
      if (typeof r === 'string') damaged.push({ key: String(e.key), problem: r });
      else records.push(r);
    }
    return { records, damaged };
  });
}
