/**
 * The teacher's lessons persist: saved ones reach the store, stored ones come back into the
 * catalog after a reload (a new backend over the same records), deleted ones go from both, and a
 * stored lesson that no longer validates is reported with its key and field paths and skipped.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { openPersistence } from '../../persistence/openPersistence';
import { freshFactory } from '../../persistence/testFixtures';
import { parseLesson } from '../../lessons/parseLesson';
import type { Lesson } from '../../lessons/lessonSchema';
import { allLessons, isBuiltInLesson, lessonById, removeUserLesson, unreadableLessons } from './lessonCatalog';
import { connectUserLessons, deleteUserLesson, keepUserLesson } from './userLessonStore';

function teacherLesson(id: string): Lesson {
  const raw = JSON.parse(readFileSync(new URL('../../../lessons/05-incremental-shared-files.json', import.meta.url), 'utf8'));
  raw.id = id;
  raw.number = 42;
  const r = parseLesson(raw);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.lesson;
}

describe("the teacher's lessons in IndexedDB", () => {
  it('a saved lesson is back in the catalog after a reload; a deleted one is gone from both', async () => {
    const factory = freshFactory();
    const first = await openPersistence({ factory });
    await connectUserLessons(first.mirror);
    await keepUserLesson(teacherLesson('kept-lesson'));
    await keepUserLesson(teacherLesson('dropped-lesson'));
    await deleteUserLesson('dropped-lesson');
    first.mirror.close();
    // A reload: the page's memory is empty again.
    removeUserLesson('kept-lesson');
    expect(lessonById('kept-lesson')).toBeUndefined();
    const second = await openPersistence({ factory });
    await connectUserLessons(second.mirror);
    expect(lessonById('kept-lesson')?.number).toBe(42);
    expect(isBuiltInLesson('kept-lesson')).toBe(false);
    expect(lessonById('dropped-lesson')).toBeUndefined();
    expect(unreadableLessons()).toEqual([]);
    await connectUserLessons(null);
    removeUserLesson('kept-lesson');
  });

  it('a lesson saved before storage opened is stored once it does', async () => {
    await connectUserLessons(null);
    await keepUserLesson(teacherLesson('early-lesson'));
    const opened = await openPersistence({ factory: freshFactory() });
    await connectUserLessons(opened.mirror);
    expect((await opened.mirror.listUserLessons()).records.map((r) => r.id)).toEqual(['early-lesson']);
    await deleteUserLesson('early-lesson');
    await connectUserLessons(null);
  });

  it('a corrupt stored lesson is reported with what and where, and skipped; the others load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const opened = await openPersistence({ factory: freshFactory() });
    const good = teacherLesson('good-lesson');
    const bad = JSON.parse(JSON.stringify(teacherLesson('bad-lesson')));
    bad.stops[1].highlight = ['the-big-red-button'];
    await opened.mirror.saveUserLesson({ id: 'bad-lesson', text: JSON.stringify(bad), savedAtMs: 1 });
    await opened.mirror.saveUserLesson({ id: 'not-json', text: '{ nope', savedAtMs: 1 });
    await opened.mirror.saveUserLesson({ id: 'good-lesson', text: JSON.stringify(good), savedAtMs: 1 });
    const before = allLessons().length;
    await connectUserLessons(opened.mirror);
    expect(lessonById('good-lesson')).toBeDefined();
    expect(lessonById('bad-lesson')).toBeUndefined();
    expect(allLessons()).toHaveLength(before + 1);
    const unreadable = unreadableLessons();
    expect(unreadable.map((u) => u.key)).toEqual(['bad-lesson', 'not-json']);
    expect(unreadable[0]!.problems.join('\n')).toContain('stops[1].highlight[0]');
    expect(error).toHaveBeenCalled();
    await connectUserLessons(null);
    removeUserLesson('good-lesson');
    error.mockRestore();
  });
});
