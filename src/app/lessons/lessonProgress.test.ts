import { describe, expect, it } from 'vitest';
import type { LessonProgressRecord } from '../../persistence';
import { connectLessonProgress, readLessonProgress, recordLessonAnswer, recordLessonVisit } from './lessonProgress';

describe('lesson progress before and after storage opens', () => {
  it('what a page records before storage opens is merged with the stored progress, not written over it', async () => {
    const saved = new Map<string, LessonProgressRecord>([
      ['l7', { lessonId: 'l7', stops: 4, seen: [0, 1], right: [1], wrong: [], lastStop: 1, updatedAtMs: 1 }],
    ]);
    // A reload on a deep link: the stop is visited before IndexedDB is open.
    await recordLessonVisit('l7', 2, 4);
    connectLessonProgress({
      saveLessonProgress: async (r) => void saved.set(r.lessonId, structuredClone(r)),
      listLessonProgress: async () => [...saved.values()].map((r) => structuredClone(r)),
    });
    await recordLessonAnswer('l7', 3, 4, false);
    const expected = { seen: [0, 1, 2], right: [1], wrong: [3], lastStop: 2 };
    expect((await readLessonProgress()).get('l7')).toMatchObject(expected);
    expect(saved.get('l7')).toMatchObject(expected);
    // A later right answer replaces the wrong one.
    await recordLessonAnswer('l7', 3, 4, true);
    expect(saved.get('l7')).toMatchObject({ right: [1, 3], wrong: [] });
    connectLessonProgress(null);
  });
});
