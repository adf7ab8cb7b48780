/** The one zustand store, built from slices. Selectors live in selectors.ts at module scope. */
import { create } from 'zustand';
import { createPersistenceSlice, type PersistenceSlice } from './persistenceSlice';
import { createPlaybackSlice, type PlaybackSlice } from './playbackSlice';
import { createTimelineSlice, type TimelineSlice } from './timelineSlice';
import { createUiSlice, type UiSlice } from './uiSlice';
import { createNavigationSlice, type NavigationSlice } from './navigationSlice';
import { createLessonSlice, type LessonSlice } from './lessonSlice';

export type AppStore = TimelineSlice & PlaybackSlice & UiSlice & PersistenceSlice & NavigationSlice & LessonSlice;

export const useAppStore = create<AppStore>()((...a) => ({
  ...createTimelineSlice(...a),
  ...createPlaybackSlice(...a),
  ...createUiSlice(...a),
  ...createPersistenceSlice(...a),
  ...createNavigationSlice(...a),
  ...createLessonSlice(...a),
}));
