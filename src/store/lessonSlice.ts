/**
 * The lesson player's state: which lesson and stop is open, whether the picker shows, the
 * learner's answers at the stops of this visit, and the stage tab a stop asks for. The resolved
 * lessons themselves (anchors, facts, answers) live in src/app/lessons/lessonRuns.ts.
 */
import type { StateCreator } from 'zustand';
import type { AppStore } from './appStore';

export interface LessonAnswer {
  correct: boolean;
  /** The response as the learner gave it, to show it checked. */
  response: unknown;
}

export interface ActiveLesson {
  id: string;
  /** 0-based stop index. */
  stop: number;
  /** The timeline revision when the stop was shown: a later revision means the learner branched. */
  revision: number;
  /** Which run (scenario key) the store holds for the lesson. */
  runKey: string;
}

export interface LessonSlice {
  lesson: ActiveLesson | null;
  lessonPickerOpen: boolean;
  /** Answers by `${lessonId}#${stop}`. */
  lessonAnswers: Record<string, LessonAnswer>;
  /** A stage tab a stop highlights; StageTabs switches to it when it changes. */
  lessonTab: { tab: string; seq: number } | null;
  /** The "save as lesson" panel (for teachers) is open. */
  lessonBuilderOpen: boolean;
  setLessonBuilderOpen: (open: boolean) => void;
  setLesson: (lesson: ActiveLesson | null) => void;
  setLessonPickerOpen: (open: boolean) => void;
  recordLessonAnswer: (lessonId: string, stop: number, answer: LessonAnswer) => void;
  clearLessonAnswers: (lessonId: string) => void;
  requestLessonTab: (tab: string) => void;
}

export const answerKey = (lessonId: string, stop: number): string => `${lessonId}#${stop}`;

export const createLessonSlice: StateCreator<AppStore, [], [], LessonSlice> = (set) => ({
  lesson: null,
  lessonPickerOpen: false,
  lessonAnswers: {},
  lessonTab: null,
  lessonBuilderOpen: false,
  setLessonBuilderOpen: (lessonBuilderOpen) => set({ lessonBuilderOpen }),
  setLesson: (lesson) => set({ lesson }),
  setLessonPickerOpen: (lessonPickerOpen) => set({ lessonPickerOpen }),
  recordLessonAnswer: (lessonId, stop, answer) => set((s) => ({ lessonAnswers: { ...s.lessonAnswers, [answerKey(lessonId, stop)]: answer } })),
  clearLessonAnswers: (lessonId) =>
    set((s) => ({ lessonAnswers: Object.fromEntries(Object.entries(s.lessonAnswers).filter(([k]) => !k.startsWith(`${lessonId}#`))) })),
  requestLessonTab: (tab) => set((s) => ({ lessonTab: { tab, seq: (s.lessonTab?.seq ?? 0) + 1 } })),
});
