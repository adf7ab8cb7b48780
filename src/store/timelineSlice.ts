/**
 * The recorded timeline and the cursor into it. The Timeline object is kept as-is (it is the
 * engine's time-travel structure); `revision` changes whenever it is re-recorded or branched,
 * so selectors that depend on its contents recompute; `recorded` changes as a recording made in
 * the Web Worker streams in (src/store/recordingStream.ts).
 */
import type { StateCreator } from 'zustand';
import { DEFAULT_SCENARIO, Timeline, type RetainedCheckpointImport, type Scenario, type UserAction } from '../engine';
import type { AppStore } from './appStore';
import { prepareReads, recordingStream, type RecordingProgress, type SavedRun } from './recordingStream';
import { keyframeEveryFor, recordingOptionsFor } from '../recording/keyframeSpacing';
import { recordsDefaultRun } from './startupRun';
import { afterThisTask } from '../views/afterThisTask';

export { KEYFRAME_EVERY } from './recordingStream';
export type { RecordingProgress } from './recordingStream';

/**
 * Right after the next animation frame, in a task of its own (a timer where there is no frame:
 * unit tests under Node): what `f` sets renders there, and the frame after lays it out and paints
 * it, so the two are not one task (usePlayback.ts moves the cursor the same way).
 */
const nextFrame = (f: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => void afterThisTask(f));
  else setTimeout(f, 16);
};

export interface TimelineSlice {
  scenario: Scenario;
  timeline: Timeline;
  revision: number;
  /** Steps the page holds of the timeline: grows while a recording streams in from the worker. */
  recorded: number;
  /** The recording under way in the worker (null when the whole run is here). */
  recording: RecordingProgress | null;
  /** Set when the user stopped the recording and kept what was recorded: the simulated time it ends at. */
  recordingStoppedAtMs: number | null;
  /** The run before the last Apply, kept while its replacement records, so cancel can go back to it. */
  previousRun: SavedRun | null;
  /** Position in the timeline: the number of steps applied (0…length). */
  cursor: number;
  /**
   * The step a seek is waiting for the worker to replay to, once it has waited SEEKING_SHOWN_AFTER_MS
   * (the "seeking…" readout); null otherwise, and again when the cursor arrives or a seek that
   * moves at once supersedes it.
   */
  seekingTo: number | null;
  /**
   * While playing fast, the reading panels (narration, storage, events, subtask state) are
   * refreshed in turn, one group per frame (PANEL_GROUPS), so a frame pays for the job graph
   * and one panel instead of all of them; `pacedCursors[g]` is the position group g shows. A far
   * seek lands the same way (`land`), and a pause catches up the same way (`settlePanels`). Null
   * whenever the panels show the cursor itself: paused, stepping, slow playback, a few frames
   * after a seek or a pause.
   */
  pacedCursors: readonly number[] | null;
  /** Set when the last action branched the timeline, to tell the user the future was redone. */
  lastBranch: { atStep: number; discardedSteps: number } | null;
  /** Moves the cursor; with `pacedGroup`, only that panel group follows it this time (fast playback). */
  setCursor: (position: number, pacedGroup?: number) => void;
  /**
   * `setCursor` for a caller that acts at the new position next (a shared view's actions):
   * resolves once the cursor is there (a far seek in a streamed run first fetches the worker's
   * keyframe), or is superseded by a later seek or another run.
   */
  seekTo: (position: number) => Promise<void>;
  /**
   * Resolves true once the run holds `position` steps (default: the whole run) or is complete
   * (a stopped recording counts as complete); false if another run replaced it first.
   */
  whenRecorded: (position?: number) => Promise<boolean>;
  stepBy: (delta: number) => void;
  /**
   * Records `scenario` from the start; with `start`, the job is submitted with that retained
   * checkpoint (the reload path). The recording happens in the Web Worker and streams in (callers
   * that need more of it wait with `whenRecorded`); in-thread only where there is no Worker.
   */
  loadScenario: (scenario: Scenario, start?: RetainedCheckpointImport) => void;
  applyAction: (action: UserAction) => void;
  /** Ends the recording under way: keep what is recorded, or go back to the previous run. */
  cancelRecording: (mode: 'keep' | 'revert') => void;
  /** After fast playback stops: brings the reading panels to the cursor over a few frames (see `pacedCursors`). */
  settlePanels: () => void;
}

/** A seek waiting for the worker longer than this says so (shorter waits would only flicker). */
export const SEEKING_SHOWN_AFTER_MS = 150;

/** Panel groups refreshed in turn while playing fast: each lags the cursor by at most this many frames. */
export const PANEL_GROUPS = 4;

export { keyframeEveryFor };

/** A run that holds step 0 and is never recorded (a stopped mirror: it builds step 0 itself). */
function unrecorded(scenario: Scenario): Timeline {
  const t = Timeline.mirror(scenario, recordingOptionsFor(scenario));
  t.stop();
  return t;
}

export const createTimelineSlice: StateCreator<AppStore, [], [], TimelineSlice> = (set, get, api) => {
  const stream = recordingStream(set, get);
  let seeks = 0;
  // The default run records in the worker too (in one task here it was 0.3–1 s of the page's
  // load): the mirror builds step 0 itself, so the first screen shows step 0 at once.
  // The comparison page and its frames never show it (startupRun.ts): they hold it unrecorded,
  // step 0 only, complete.
  const first = recordsDefaultRun(globalThis.location?.search ?? '') ? stream.record(DEFAULT_SCENARIO) : unrecorded(DEFAULT_SCENARIO);

  function whenRecorded(position = Infinity): Promise<boolean> {
    const t = get().timeline;
    const ready = () => t.complete || t.length >= position;
    if (ready()) return Promise.resolve(true);
    // Every chunk shown (recordingStream's show, at most every SHOW_EVERY_MS; the last at once) is a store update.
    return new Promise<boolean>((resolve) => {
      const stop = api.subscribe((s) => {
        if (s.timeline !== t || ready()) {
          stop();
          resolve(s.timeline === t);
        }
      });
    });
  }

  function moveCursor(position: number): Promise<void> {
    const { timeline } = get();
    if (position > timeline.length && !timeline.complete) {
      // Past what has streamed in (a lesson stop, a caller that knows the whole run): the cursor
      // moves once that step is recorded, unless a later seek or another run comes first.
      const seek = ++seeks;
      if (get().seekingTo !== null) set({ seekingTo: null });
      return whenRecorded(position).then((same) => {
        if (same && seek === seeks) return moveCursor(position);
      });
    }
    const clamped = Math.max(0, Math.min(timeline.length, Math.round(position)));
    // A seek far into a run recorded in the worker waits for the worker's keyframe there
    // (recordingStream.prepareSeek), then moves; a later seek supersedes it.
    const seek = ++seeks;
    const wait = stream.prepareSeek(timeline, clamped);
    if (!wait) {
      set({ cursor: clamped, pacedCursors: null, seekingTo: null });
      // It supersedes a far seek whose keyframe the worker may be holding the recording for.
      stream.landed();
      return Promise.resolve();
    }
    // Said only after a while (most seeks land sooner); a seek superseding one already said so
    // takes its place at once, so a drag's readout follows the pointer.
    const say = () => {
      if (seek === seeks) set({ seekingTo: clamped });
    };
    const saying = get().seekingTo !== null ? (say(), null) : setTimeout(say, SEEKING_SHOWN_AFTER_MS);
    return wait.then(() => {
      if (saying !== null) clearTimeout(saying);
      if (seek !== seeks) return;
      if (get().timeline === timeline) land(Math.min(clamped, timeline.length));
      else {
        set({ seekingTo: null });
        stream.landed();
      }
    });
  }

  /**
   * A prepared far seek lands: the job graph (and all outside the panel groups) moves there now,
   * the reading panels one group a frame, as while playing fast (src/views/panelPace.tsx). Every
   * view renders anew after a far seek; in the scale run the whole page's render was one task of
   * 60–130 ms. A move of the cursor meanwhile ends it (it sets `pacedCursors` itself). Only when
   * the states the panels show until then are at hand (their step and the one before, cached):
   * else they would be restored from a keyframe inside this very render (seconds, measured).
   */
  function land(position: number): void {
    const { cursor: from, timeline } = get();
    const atHand = (p: number) => p < 0 || timeline.stepsToRead(p) === 0;
    if (!atHand(from) || !atHand(from - 1)) {
      set({ cursor: position, pacedCursors: null, seekingTo: null });
      nextFrame(stream.landed);
      return;
    }
    const paced = new Array<number>(PANEL_GROUPS).fill(from);
    set({ cursor: position, pacedCursors: paced, seekingTo: null });
    paceTo(position, paced, stream.landed);
  }

  /**
   * Moves the reading panels from `paced` to `position`, the next group not there yet each frame,
   * then calls `done` (at once when a move of the cursor ends it: it sets `pacedCursors` itself).
   */
  function paceTo(position: number, from: readonly number[], done: () => void): void {
    let paced: readonly number[] | null = from;
    const next = () => {
      const s = get();
      if (!paced || s.pacedCursors !== paced || s.cursor !== position) {
        done();
        return;
      }
      const g = paced.findIndex((c) => c !== position);
      const moved = paced.map((c, i) => (i === g ? position : c));
      paced = moved.some((c) => c !== position) ? moved : null;
      set({ pacedCursors: paced });
      nextFrame(paced ? next : done);
    };
    nextFrame(next);
  }

  /**
   * Playing fast stopped: the reading panels, each a few frames behind, catch up one group a frame
   * (as a far seek lands) instead of all in the pause's task, after the step before the cursor
   * (the registry's and LSM's change marks) is read in tasks of its own. Both were the pause's
   * task, up to 168 ms for the scale run at 50×.
   */
  function settlePanels(): void {
    const { cursor, timeline, pacedCursors } = get();
    if (!pacedCursors) return;
    const still = () => {
      const s = get();
      return s.pacedCursors === pacedCursors && s.cursor === cursor && s.timeline === timeline && !s.playing;
    };
    // At step 0 there is no step before: the cursor's own state (kept) is all there is to read.
    void prepareReads(timeline, cursor, Math.max(0, cursor - 1), () => !still()).then(() => {
      if (still()) paceTo(cursor, pacedCursors, () => undefined);
    });
  }

  return {
    scenario: DEFAULT_SCENARIO,
    timeline: first,
    revision: 0,
    recorded: first.length,
    recording: stream.progressOf(first),
    previousRun: null,
    recordingStoppedAtMs: null,
    cursor: 0,
    seekingTo: null,
    pacedCursors: null,
    lastBranch: null,
    setCursor: (position, pacedGroup) => {
      if (pacedGroup === undefined) {
        void moveCursor(position);
        return;
      }
      const { timeline, cursor, pacedCursors } = get();
      const clamped = Math.max(0, Math.min(timeline.length, Math.round(position)));
      const paced = pacedCursors ? [...pacedCursors] : new Array<number>(PANEL_GROUPS).fill(cursor);
      paced[pacedGroup % PANEL_GROUPS] = clamped;
      set({ cursor: clamped, pacedCursors: paced });
    },
    seekTo: moveCursor,
    settlePanels,
    whenRecorded,
    stepBy: (delta) => {
      const { cursor } = get();
      get().setCursor(cursor + delta);
    },
    loadScenario: (scenario, start) => {
      const prev = get();
      const timeline = stream.record(scenario, start);
      set((s) => ({
        scenario,
        timeline,
        revision: s.revision + 1,
        recorded: timeline.length,
        recording: stream.progressOf(timeline),
        previousRun: timeline.complete ? null : { scenario: prev.scenario, timeline: prev.timeline, cursor: prev.cursor, start: stream.startOf(prev.timeline) },
        recordingStoppedAtMs: null,
        cursor: 0,
        seekingTo: null,
        pacedCursors: null,
        playing: false,
        lastBranch: null,
      }));
    },
    applyAction: (action) => {
      const { timeline, cursor } = get();
      const discardedSteps = timeline.length - cursor;
      const at = timeline.mirrored ? stream.branch(timeline, cursor, action) : timeline.branch(cursor, action);
      set((s) => ({
        revision: s.revision + 1,
        recorded: timeline.length,
        recording: stream.progressOf(timeline),
        previousRun: null,
        recordingStoppedAtMs: null,
        cursor: at,
        pacedCursors: null,
        lastBranch: discardedSteps > 0 ? { atStep: at, discardedSteps } : null,
      }));
    },
    cancelRecording: (mode) => {
      const { timeline, previousRun, recording } = get();
      if (!recording) return;
      stream.cancel(timeline);
      if (mode === 'revert' && previousRun) {
        set((s) => ({
          scenario: previousRun.scenario,
          timeline: previousRun.timeline,
          revision: s.revision + 1,
          recorded: previousRun.timeline.length,
          recording: null,
          previousRun: null,
          recordingStoppedAtMs: null,
          cursor: Math.min(previousRun.cursor, previousRun.timeline.length),
          seekingTo: null,
          pacedCursors: null,
          playing: false,
          lastBranch: null,
        }));
        return;
      }
      set({ recording: null, recorded: timeline.length, previousRun: null, recordingStoppedAtMs: timeline.timeAt(timeline.length) });
    },
  };
};
