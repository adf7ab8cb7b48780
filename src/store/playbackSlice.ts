/**
 * Playback: whether the cursor advances by itself and how fast. Speed is a multiplier of
 * simulated time over wall time, chosen on a logarithmic scale (like RaftScope's slider).
 * The per-frame playhead lives in the playback loop (a ref), never in the store.
 */
import type { StateCreator } from 'zustand';
import type { AppStore } from './appStore';

export const SPEED_MIN = 0.05;
export const SPEED_MAX = 50;
/**
 * Replay on the page's thread per frame of playback, at most (ms): leaves room for the render in
 * a task under 50 ms (src/app/usePlayback.ts), and idle time between frames, where V8 does its
 * garbage collection's incremental work. With 12 ms the page's thread was never idle while the
 * scale run played at 50×, and collection steps and pauses landed inside frames: 10 s of playing,
 * three runs each (untraced), had 3, 4, 5 tasks over 50 ms (longest 151 ms) at 12 ms and 2, 0, 2
 * (longest 74 ms) at 6 ms, reaching about three quarters of the steps (the speed control says
 * what it reached).
 */
export const REPLAY_BUDGET_MS = 6;

export interface PlaybackSlice {
  playing: boolean;
  /** Simulated milliseconds per wall-clock millisecond. */
  speed: number;
  /**
   * While playing, the speed actually reached over the last second when the page could not keep
   * up with `speed` (replaying a big run's steps is the limit); null when it keeps up or is paused.
   */
  reachedSpeed: number | null;
  setReachedSpeed: (reached: number | null) => void;
  setPlaying: (playing: boolean) => void;
  togglePlaying: () => void;
  setSpeed: (speed: number) => void;
}

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(SPEED_MAX, Math.max(SPEED_MIN, speed));
}

export const createPlaybackSlice: StateCreator<AppStore, [], [], PlaybackSlice> = (set, get) => ({
  playing: false,
  speed: 0.5,
  reachedSpeed: null,
  setReachedSpeed: (reachedSpeed) => {
    if (get().reachedSpeed !== reachedSpeed) set({ reachedSpeed });
  },
  setPlaying: (playing) => {
    // Playing from the end starts again from the beginning, as media players do.
    if (playing && get().cursor >= get().timeline.length) set({ cursor: 0, pacedCursors: null });
    if (playing) {
      set({ playing });
      return;
    }
    // Stopping brings every panel to the cursor: a paused view never shows two different steps for
    // longer than the few frames the panels paced while playing fast take to catch up.
    set(get().pacedCursors ? { playing, reachedSpeed: null } : { playing, pacedCursors: null, reachedSpeed: null });
    get().settlePanels();
  },
  togglePlaying: () => get().setPlaying(!get().playing),
  setSpeed: (speed) => set({ speed: clampSpeed(speed) }),
});
