/**
 * The printable notes (issue 15 §5): which lessons they show (`?notes=<id|all>` in the address,
 * so a teacher can bookmark the handout) and their recorded runs. Each lesson is resolved in the
 * lesson worker, one lesson per message ("all": one after another, so the notes grow lesson by
 * lesson with "Preparing lesson n of 14"), and a frame is yielded between them: each render of
 * the notes so far is its own task. Kept apart from the simulator's store: nothing here is part
 * of the run on screen.
 */
import { create } from 'zustand';
import type { Lesson } from '../../lessons/lessonSchema';
import { allLessons, lessonById } from './lessonCatalog';
import { lessonRunSettled, type LessonRun } from './lessonRuns';

export const NOTES_PARAM = 'notes';
export const ALL_LESSONS = 'all';

export type NotesEntry = { lesson: Lesson; run: LessonRun } | { lesson: Lesson; error: string };

export type NotesStatus =
  /** `entries`: the lessons recorded so far, shown while the next is prepared (one small render at a time). */
  | { kind: 'preparing'; done: number; total: number; entries: NotesEntry[] }
  | { kind: 'ready'; entries: NotesEntry[]; totalMs: number; longestMs: number }
  | { kind: 'unknown'; target: string };

interface NotesState {
  /** `all` or a lesson id; null when the notes are closed. */
  target: string | null;
  status: NotesStatus | null;
  open: (target: string) => void;
  close: () => void;
}

function writeAddress(target: string | null): void {
  if (typeof window === 'undefined') return;
  const params = new URLSearchParams(window.location.search);
  if (target === null) params.delete(NOTES_PARAM);
  else params.set(NOTES_PARAM, target);
  const search = params.toString().replace(/=(&|$)/g, '$1');
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}

/** What the address asks for (`?notes=all`, `?notes=<lesson id>`), or null. */
export function notesRequested(search: string): string | null {
  const v = new URLSearchParams(search).get(NOTES_PARAM);
  return v === null || v === '' ? null : v;
}

/**
 * Lets the browser paint and handle input before the next lesson is recorded: after the next
 * frame when frames run, or after a short timeout when they do not (a hidden tab has none).
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      setTimeout(resolve, 0);
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(go);
    setTimeout(go, typeof requestAnimationFrame === 'function' ? 50 : 0);
  });
}

let opening = 0;

export const useLessonNotes = create<NotesState>((set) => ({
  target: null,
  status: null,
  open: (target) => {
    const id = ++opening;
    writeAddress(target);
    const lessons = target === ALL_LESSONS ? [...allLessons()] : [lessonById(target)].filter((l): l is Lesson => l !== undefined);
    if (lessons.length === 0) {
      set({ target, status: { kind: 'unknown', target } });
      return;
    }
    set({ target, status: { kind: 'preparing', done: 0, total: lessons.length, entries: [] } });
    void (async () => {
      const entries: NotesEntry[] = [];
      const started = performance.now();
      let longestMs = 0;
      for (const [i, lesson] of lessons.entries()) {
        set({ status: { kind: 'preparing', done: i, total: lessons.length, entries: [...entries] } });
        await yieldToPage();
        if (id !== opening) return; // closed or reopened meanwhile
        const t0 = performance.now();
        try {
          entries.push({ lesson, run: await lessonRunSettled(lesson) });
        } catch (e) {
          entries.push({ lesson, error: e instanceof Error ? e.message : String(e) });
        }
        longestMs = Math.max(longestMs, performance.now() - t0);
      }
      if (id !== opening) return;
      set({ status: { kind: 'ready', entries, totalMs: performance.now() - started, longestMs } });
    })();
  },
  close: () => {
    opening += 1;
    writeAddress(null);
    set({ target: null, status: null });
  },
}));
