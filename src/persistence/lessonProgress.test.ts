import { describe, expect, it } from 'vitest';
import { freshFactory } from './testFixtures';
import { openPersistence } from './openPersistence';
import { openDatabase } from './db';
import { MIGRATIONS } from './migrations';
import type { LessonProgressRecord } from './lessonProgress';

const record = (over: Partial<LessonProgressRecord> = {}): LessonProgressRecord => ({ lessonId: 'incremental-shared-files', stops: 7, seen: [0, 1], right: [0], wrong: [1], lastStop: 1, updatedAtMs: 5, ...over });

describe('lesson progress in IndexedDB', () => {
  it('survives closing and reopening the database, one record per lesson', async () => {
    const factory = freshFactory();
    const a = await openPersistence({ factory });
    expect(a.durable).toBe(true);
    await a.mirror.saveLessonProgress(record());
    await a.mirror.saveLessonProgress(record({ seen: [0, 1, 2], lastStop: 2 }));
    await a.mirror.saveLessonProgress(record({ lessonId: 'changelog-backend', stops: 6, seen: [0], right: [], wrong: [], lastStop: 0 }));
    a.mirror.close();
    const b = await openPersistence({ factory });
    expect((await b.mirror.listLessonProgress()).map((r) => [r.lessonId, r.seen, r.lastStop])).toEqual([
      ['changelog-backend', [0], 0],
      ['incremental-shared-files', [0, 1, 2], 2],
    ]);
  });

  it('a version-2 database gains the store when opened (migration 3) and keeps its sessions', async () => {
    const factory = freshFactory();
    const v2 = await openDatabase({ factory, migrations: MIGRATIONS.slice(0, 2) });
    await v2.put('sessions', { formatVersion: 1, sessionId: 'kept', title: 'T', scenario: {}, interventions: [], cursor: 0, appVersion: 'x', createdAtMs: 1, updatedAtMs: 1 });
    v2.close();
    const opened = await openPersistence({ factory });
    expect(opened.durable).toBe(true);
    await opened.mirror.saveLessonProgress(record());
    expect(await opened.mirror.listLessonProgress()).toHaveLength(1);
    expect((await opened.mirror.listSessions()).sessions.map((s) => s.sessionId)).toEqual(['kept']);
  });

  it('refuses to save a malformed record and skips a damaged stored one', async () => {
    const factory = freshFactory();
    const opened = await openPersistence({ factory });
    await expect(opened.mirror.saveLessonProgress(record({ seen: [-1] }))).rejects.toThrow(/not a lesson progress record/);
    opened.mirror.close();
    const db = await openDatabase({ factory });
    await db.put('lessonProgress', { lessonId: 'broken', stops: 'many' } as never);
    db.close();
    const again = await openPersistence({ factory });
    expect(await again.mirror.listLessonProgress()).toEqual([]);
  });

  it('the in-memory fallback keeps progress the same way', async () => {
    const opened = await openPersistence({ factory: null });
    expect(opened.durable).toBe(false);
    await opened.mirror.saveLessonProgress(record());
    expect(await opened.mirror.listLessonProgress()).toEqual([record()]);
  });
});
