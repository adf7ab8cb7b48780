/**
 * Preparing the printable notes: "all" records every lesson's run one after another, announcing
 * each ("lesson n of m") and giving the page a macrotask between lessons, so a 14-lesson handout
 * does not freeze the page in one piece; closing stops the preparation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { allLessons } from './lessonCatalog';
import { useLessonNotes, type NotesStatus } from './lessonNotesStore';

afterEach(() => useLessonNotes.getState().close());

function ready(): Promise<Extract<NotesStatus, { kind: 'ready' }>> {
  return new Promise((resolve) => {
    const check = (s: NotesStatus | null) => s?.kind === 'ready' && (off(), resolve(s));
    const off = useLessonNotes.subscribe((st) => check(st.status));
    check(useLessonNotes.getState().status);
  });
}

describe('lesson notes preparation', () => {
  it('all lessons: announced one by one, a macrotask between any two, every run recorded in catalog order', async () => {
    const lessons = allLessons();
    expect(lessons.length).toBeGreaterThanOrEqual(14);
    // Ticks of a timer: each one is a macrotask the page got to run.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const seen: { done: number; ticks: number; shown: number }[] = [];
    const off = useLessonNotes.subscribe((s) => s.status?.kind === 'preparing' && seen.push({ done: s.status.done, ticks, shown: s.status.entries.length }));
    useLessonNotes.getState().open('all');
    expect(useLessonNotes.getState().status).toEqual({ kind: 'preparing', done: 0, total: lessons.length, entries: [] });
    const r = await ready();
    off();
    clearInterval(timer);
    expect(r.entries.map((e) => e.lesson.id)).toEqual(lessons.map((l) => l.id));
    for (const e of r.entries) {
      expect('run' in e, `${e.lesson.id} recorded`).toBe(true);
      if ('run' in e) expect(e.run.stops).toHaveLength(e.lesson.stops.length);
    }
    // Progress for each lesson in turn, and the timer ran between one lesson's recording and the next.
    const firstOf = lessons.map((_, i) => seen.find((x) => x.done === i));
    expect(firstOf.every((x) => x !== undefined)).toBe(true);
    // The lessons recorded so far are shown while the next one is prepared.
    expect(firstOf.map((x) => x!.shown)).toEqual(lessons.map((_, i) => i));
    for (let i = 1; i < firstOf.length; i++) expect(firstOf[i]!.ticks, `a macrotask before lesson ${i + 1}`).toBeGreaterThan(firstOf[i - 1]!.ticks);
    expect(r.longestMs).toBeLessThan(r.totalMs);
  }, 60_000);

  it('one lesson by id; an unknown id says so; closing during preparation stops it', async () => {
    const l = allLessons()[4]!;
    useLessonNotes.getState().open(l.id);
    const r = await ready();
    expect(r.entries.map((e) => e.lesson.id)).toEqual([l.id]);
    useLessonNotes.getState().open('no-such-lesson');
    expect(useLessonNotes.getState().status).toEqual({ kind: 'unknown', target: 'no-such-lesson' });
    useLessonNotes.getState().open('all');
    useLessonNotes.getState().close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(useLessonNotes.getState()).toMatchObject({ target: null, status: null });
  });
});
