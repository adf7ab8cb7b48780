import { describe, expect, it } from 'vitest';
import { freshFactory } from './testFixtures';
import { openPersistence } from './openPersistence';
import { openDatabase } from './db';
import { MIGRATIONS } from './migrations';
import type { UserLessonRecord } from './userLessons';

const record = (over: Partial<UserLessonRecord> = {}): UserLessonRecord => ({ id: 'my-lesson', text: '{"format":"checkpoint-lab/lesson@1"}', savedAtMs: 7, ...over });

describe("the user's lessons in IndexedDB", () => {
  it('survive closing and reopening the database; saving the same id replaces; delete removes', async () => {
    const factory = freshFactory();
    const a = await openPersistence({ factory });
    expect(a.durable).toBe(true);
    await a.mirror.saveUserLesson(record());
    await a.mirror.saveUserLesson(record({ text: '{"v":2}', savedAtMs: 8 }));
    await a.mirror.saveUserLesson(record({ id: 'other' }));
    a.mirror.close();
    const b = await openPersistence({ factory });
    expect((await b.mirror.listUserLessons()).records.map((r) => [r.id, r.text])).toEqual([
      ['my-lesson', '{"v":2}'],
      ['other', '{"format":"checkpoint-lab/lesson@1"}'],
    ]);
    await b.mirror.deleteUserLesson('other');
    expect((await b.mirror.listUserLessons()).records.map((r) => r.id)).toEqual(['my-lesson']);
  });

  it('a version-3 database gains the store when opened (migration 4) and keeps its lesson progress and sessions', async () => {
    const factory = freshFactory();
    const v3 = await openDatabase({ factory, migrations: MIGRATIONS.slice(0, 3) });
    expect(v3.objectStoreNames.contains('userLessons' as never)).toBe(false);
    await v3.put('sessions', { formatVersion: 1, sessionId: 'kept', title: 'T', scenario: {}, interventions: [], cursor: 0, appVersion: 'x', createdAtMs: 1, updatedAtMs: 1 });
    await v3.put('lessonProgress', { lessonId: 'incremental-shared-files', stops: 7, seen: [0], right: [], wrong: [], lastStop: 0, updatedAtMs: 1 });
    v3.close();
    const opened = await openPersistence({ factory });
    expect(opened.durable).toBe(true);
    expect(opened.problem).toBeNull();
    await opened.mirror.saveUserLesson(record());
    expect((await opened.mirror.listUserLessons()).records).toHaveLength(1);
    expect((await opened.mirror.listLessonProgress()).map((r) => r.lessonId)).toEqual(['incremental-shared-files']);
    expect((await opened.mirror.listSessions()).sessions.map((s) => s.sessionId)).toEqual(['kept']);
  });

  it('refuses to save a malformed record and reports a damaged stored one with its key, without throwing', async () => {
    const factory = freshFactory();
    const opened = await openPersistence({ factory });
    await expect(opened.mirror.saveUserLesson({ id: '', text: 'x', savedAtMs: 1 })).rejects.toThrow(/not a user lesson record/);
    await opened.mirror.saveUserLesson(record());
    opened.mirror.close();
    const db = await openDatabase({ factory, migrations: MIGRATIONS });
    await db.put('userLessons', { id: 'broken', text: 42 } as never);
    db.close();
    const again = await openPersistence({ factory });
    const listed = await again.mirror.listUserLessons();
    expect(listed.records.map((r) => r.id)).toEqual(['my-lesson']);
    expect(listed.damaged).toEqual([{ key: 'broken', problem: 'its "text" is not a text' }]);
  });
});
