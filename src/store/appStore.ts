/** The one zustand store, built from slices. Selectors live in selectors.ts at module scope. */
import { create } from 'zustand';
import { createPlaybackSlice, type PlaybackSlice } from './playbackSlice';
import { createTimelineSlice, type TimelineSlice } from './timelineSlice';
import { createUiSlice, type UiSlice } from './uiSlice';

export type AppStore = TimelineSlice & PlaybackSlice & UiSlice;

export const useAppStore = create<AppStore>()((...a) => ({
  ...createTimelineSlice(...a),
  ...createPlaybackSlice(...a),
  ...createUiSlice(...a),
}));
