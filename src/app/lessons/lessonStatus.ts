/**
 * What the lesson player is waiting for, for the views to say so: a lesson being resolved in the
 * worker ("Preparing lesson…"), or a stop whose position the run has not recorded yet (the
 * player moves there once it has). Kept apart from the app's store: nothing here is the run.
 */
import { create } from 'zustand';

export interface LessonArrival {
  id: string;
  /** 0-based stop index. */
  stop: number;
  /** The position the player moves to once recorded. */
  step: number;
  /** The stop itself, or the event its question's answer is read at (after answering). */
  target: 'stop' | 'answer';
}

export interface LessonStatus {
  /** The lesson being resolved in the worker, null when none. */
  preparing: { id: string } | null;
  /** A position the player waits for, null when it shows what the lesson asks. */
  arriving: LessonArrival | null;
}

export const useLessonStatus = create<LessonStatus>(() => ({ preparing: null, arriving: null }));

/** True while the player waits for the run to reach stop `stop` of lesson `id` itself. */
export function arrivingAt(s: LessonStatus, id: string, stop: number): boolean {
  return s.arriving !== null && s.arriving.id === id && s.arriving.stop === stop && s.arriving.target === 'stop';
}
