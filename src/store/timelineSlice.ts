/**
 * The recorded timeline and the cursor into it. The Timeline object is kept as-is (it is the
 * engine's time-travel structure); `revision` changes whenever it is re-recorded or branched,
 * so selectors that depend on its contents recompute.
 */
import type { StateCreator } from 'zustand';
import { DEFAULT_SCENARIO, Timeline, type RetainedCheckpointImport, type Scenario, type UserAction } from '../engine';
import type { AppStore } from './appStore';

export interface TimelineSlice {
  scenario: Scenario;
  timeline: Timeline;
  revision: number;
  /** Position in the timeline: the number of steps applied (0…length). */
  cursor: number;
  /** Set when the last action branched the timeline, to tell the user the future was redone. */
  lastBranch: { atStep: number; discardedSteps: number } | null;
  setCursor: (position: number) => void;
  stepBy: (delta: number) => void;
  /** Records `scenario` from the start; with `start`, the job is submitted with that retained checkpoint (the reload path). */
  loadScenario: (scenario: Scenario, start?: RetainedCheckpointImport) => void;
  applyAction: (action: UserAction) => void;
}

export const KEYFRAME_EVERY = 32;

export function recordTimeline(scenario: Scenario, start?: RetainedCheckpointImport): Timeline {
  return Timeline.record(scenario, { keyframeEvery: KEYFRAME_EVERY, start });
}

export const createTimelineSlice: StateCreator<AppStore, [], [], TimelineSlice> = (set, get) => ({
  scenario: DEFAULT_SCENARIO,
  timeline: recordTimeline(DEFAULT_SCENARIO),
  revision: 0,
  cursor: 0,
  lastBranch: null,
  setCursor: (position) => {
    const { timeline } = get();
    const clamped = Math.max(0, Math.min(timeline.length, Math.round(position)));
    set({ cursor: clamped });
  },
  stepBy: (delta) => {
    const { cursor } = get();
    get().setCursor(cursor + delta);
  },
  loadScenario: (scenario, start) => {
    set((s) => ({ scenario, timeline: recordTimeline(scenario, start), revision: s.revision + 1, cursor: 0, playing: false, lastBranch: null }));
  },
  applyAction: (action) => {
    const { timeline, cursor } = get();
    const discardedSteps = timeline.length - cursor;
    const at = timeline.branch(cursor, action);
    set((s) => ({
      revision: s.revision + 1,
      cursor: at,
      lastBranch: discardedSteps > 0 ? { atStep: at, discardedSteps } : null,
    }));
  },
});
