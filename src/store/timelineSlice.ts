/**
 * The recorded timeline and the cursor into it. The Timeline object is kept as-is (it is the
 * engine's time-travel structure); `revision` changes whenever it is re-recorded or branched,
 * so selectors that depend on its contents recompute.
 */
import type { StateCreator } from 'zustand';
import { DEFAULT_SCENARIO, estimateRun, Timeline, type RetainedCheckpointImport, type Scenario, type UserAction } from '../engine';
import type { AppStore } from './appStore';

export interface TimelineSlice {
  scenario: Scenario;
  timeline: Timeline;
  revision: number;
  /** Position in the timeline: the number of steps applied (0…length). */
  cursor: number;
  /**
   * While playing fast, the reading panels (narration, storage, events, subtask state) are
   * refreshed in turn, one group per frame (PANEL_GROUPS), so a frame pays for the job graph
   * and one panel instead of all of them; `pacedCursors[g]` is the position group g shows. Null
   * whenever the panels show the cursor itself: paused, stepping, seeking, slow playback.
   */
  pacedCursors: readonly number[] | null;
  /** Set when the last action branched the timeline, to tell the user the future was redone. */
  lastBranch: { atStep: number; discardedSteps: number } | null;
  /** Moves the cursor; with `pacedGroup`, only that panel group follows it this time (fast playback). */
  setCursor: (position: number, pacedGroup?: number) => void;
  stepBy: (delta: number) => void;
  /** Records `scenario` from the start; with `start`, the job is submitted with that retained checkpoint (the reload path). */
  loadScenario: (scenario: Scenario, start?: RetainedCheckpointImport) => void;
  applyAction: (action: UserAction) => void;
}

export const KEYFRAME_EVERY = 32;
/** Panel groups refreshed in turn while playing fast: each lags the cursor by at most this many frames. */
export const PANEL_GROUPS = 4;

/**
 * Keyframes every KEYFRAME_EVERY steps for a small run; a long run spaces them further apart
 * (powers of two) so that together they stay within the keyframe budget (runEstimate.ts): the
 * recorded steps and events are the same either way, only a seek replays a few more steps.
 */
export function keyframeEveryFor(scenario: Scenario): number {
  return Math.max(KEYFRAME_EVERY, estimateRun(scenario).keyframeEvery);
}

export function recordTimeline(scenario: Scenario, start?: RetainedCheckpointImport): Timeline {
  return Timeline.record(scenario, { keyframeEvery: keyframeEveryFor(scenario), start });
}

export const createTimelineSlice: StateCreator<AppStore, [], [], TimelineSlice> = (set, get) => ({
  scenario: DEFAULT_SCENARIO,
  timeline: recordTimeline(DEFAULT_SCENARIO),
  revision: 0,
  cursor: 0,
  pacedCursors: null,
  lastBranch: null,
  setCursor: (position, pacedGroup) => {
    const { timeline, cursor, pacedCursors } = get();
    const clamped = Math.max(0, Math.min(timeline.length, Math.round(position)));
    if (pacedGroup === undefined) {
      set({ cursor: clamped, pacedCursors: null });
      return;
    }
    const paced = pacedCursors ? [...pacedCursors] : new Array<number>(PANEL_GROUPS).fill(cursor);
    paced[pacedGroup % PANEL_GROUPS] = clamped;
    set({ cursor: clamped, pacedCursors: paced });
  },
  stepBy: (delta) => {
    const { cursor } = get();
    get().setCursor(cursor + delta);
  },
  loadScenario: (scenario, start) => {
    set((s) => ({ scenario, timeline: recordTimeline(scenario, start), revision: s.revision + 1, cursor: 0, pacedCursors: null, playing: false, lastBranch: null }));
  },
  applyAction: (action) => {
    const { timeline, cursor } = get();
    const discardedSteps = timeline.length - cursor;
    const at = timeline.branch(cursor, action);
    set((s) => ({
      revision: s.revision + 1,
      cursor: at,
      pacedCursors: null,
      lastBranch: discardedSteps > 0 ? { atStep: at, discardedSteps } : null,
    }));
  },
});
