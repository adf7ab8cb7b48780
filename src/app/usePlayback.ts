/**
 * The playback loop: while playing, a playhead advances through simulated time at `speed`
 * and the cursor follows it. At slow speeds the cursor moves at most a few steps per frame,
 * so steps that happen at the same simulated millisecond are still each shown.
 * The playhead is a ref: per-frame values never go through the store.
 * From FAST_PLAYBACK_SPEED on, the reading panels follow in turn, one group per frame
 * (src/views/panelPace.tsx), so a frame renders the job graph and one panel, not every view.
 *
 * The state the views show is replayed on this thread from the previous frame's (the timeline's
 * reader). A big run at the fastest speed asks for hundreds of steps a frame; the replay is given
 * at most REPLAY_BUDGET_MS of each frame and the cursor moves as far as it got, so a frame stays a
 * short task and playback runs slower than the speed asks rather than freezing the page (the
 * speed control says so: `reachedSpeed`, the speed reached over the last second).
 */
import { useEffect, useRef } from 'react';
import { useAppStore } from '../store/appStore';
import { selectPlaying } from '../store/selectors';
import { REPLAY_BUDGET_MS } from '../store/playbackSlice';
import { PANEL_GROUPS } from '../store/timelineSlice';
import { FAST_PLAYBACK_SPEED } from '../views/usePrefersReducedMotion';
import type { Timeline } from '../engine';

/** How often the speed reached is worked out (ms of wall time). */
const REACHED_WINDOW_MS = 1000;
/** Steps replayed between two looks at the clock. */
const SLICE_STEPS = 4;

/**
 * Replays the timeline's reader from `from` toward `to` for at most `budgetMs`; returns the
 * position reached (≥ from, ≤ to). `from` is where the views are: the reader normally stands
 * there, so this steps on; if it stands elsewhere it restarts from a keyframe.
 */
export function replayToward(timeline: Timeline, from: number, to: number, budgetMs: number, now: () => number): number {
  if (to <= from) return to;
  const until = now() + budgetMs;
  let there: boolean;
  do there = timeline.advanceReader(to, SLICE_STEPS);
  while (!there && now() < until);
  if (there) return to;
  const at = timeline.readerPosition() ?? from;
  return at > from && at <= to ? at : from;
}

export function usePlayback(): void {
  const playing = useAppStore(selectPlaying);
  const playhead = useRef(0);

  useEffect(() => {
    if (!playing) return;
    const start = useAppStore.getState();
    playhead.current = start.timeline.timeAt(start.cursor);
    let last = performance.now();
    let frames = 0;
    // The speed reached, over windows of REACHED_WINDOW_MS; `capped`: the replay budget held the cursor back.
    let window = { wall: last, sim: playhead.current, capped: false };
    let frame = requestAnimationFrame(function tick(now) {
      const s = useAppStore.getState();
      const dt = Math.min(100, now - last); // a background tab must not jump far ahead
      last = now;
      playhead.current += dt * s.speed;
      const target = s.timeline.lastPositionAtOrBefore(playhead.current);
      const maxSteps = Math.max(1, Math.floor(s.speed * 8));
      const wanted = Math.min(target, s.cursor + maxSteps);
      const next = replayToward(s.timeline, s.cursor, wanted, REPLAY_BUDGET_MS, () => performance.now());
      if (next > s.cursor) s.setCursor(next, s.speed >= FAST_PLAYBACK_SPEED ? frames++ % PANEL_GROUPS : undefined);
      // Behind the playhead (a step cap or the replay budget): the playhead waits for the cursor.
      if (next < target) playhead.current = Math.min(playhead.current, s.timeline.timeAt(next));
      if (next < wanted) window.capped = true;
      if (now - window.wall >= REACHED_WINDOW_MS) {
        const reached = (s.timeline.timeAt(next) - window.sim) / (now - window.wall);
        s.setReachedSpeed(window.capped && reached < 0.8 * s.speed ? reached : null);
        window = { wall: now, sim: s.timeline.timeAt(next), capped: false };
      }
      if (next >= s.timeline.length) {
        s.setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      useAppStore.getState().setReachedSpeed(null);
    };
  }, [playing]);
}
