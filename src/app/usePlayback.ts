/**
 * The playback loop: while playing, a playhead advances through simulated time at `speed`
 * and the cursor follows it. At slow speeds the cursor moves at most a few steps per frame,
 * so steps that happen at the same simulated millisecond are still each shown.
 * The playhead is a ref: per-frame values never go through the store.
 * From FAST_PLAYBACK_SPEED on, the reading panels follow in turn, one group per frame
 * (src/views/panelPace.tsx), so a frame renders the job graph and one panel, not every view.
 *
 * The state the views show is replayed on this thread from the previous frame's (the timeline's
 * reader), in a task of its own between two frames: the frame then renders a state already
 * copied and frozen (one frame of lag). A big run at the fastest speed asks for hundreds of steps
 * a frame; the replay is given at most REPLAY_BUDGET_MS and the cursor moves as far as it got, so
 * each task stays short and playback runs slower than the speed asks rather than freezing the page
 * (the speed control says so: `reachedSpeed`, the speed reached over the last second). When it
 * cannot keep up, the views are drawn every other frame while the replay runs every frame (`thin`).
 *
 * The cursor moves in a task of its own too, right after the frame that decided it (`commit`): the
 * views render there, and the next frame lays out and paints what they changed. Moved inside the
 * frame, React's render and the browser's rendering were one task of 20–29 ms of CPU for the scale
 * run, which the 2-core machine's other threads (garbage collection above all) stretched past 50 ms.
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

/** A replay's result, ready for the next frame: `copied`, its state is copied and frozen (to draw). */
interface Prepared {
  timeline: Timeline;
  position: number;
  capped: boolean;
  copied: boolean;
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
    // A frame shows the state the task after the previous frame replayed, copied and froze (the
    // timeline caches it), so a frame's task only renders: the replay is a task of its own.
    // `copy` false: replay only, for a frame that will not be drawn (`thin` below).
    let request: { timeline: Timeline; to: number; copy: boolean } | null = null;
    let prepared: Prepared | null = null;
    // The cursor's next move, made in the task after the frame (before the next replay: one port,
    // so in order); `over`: the cursor it moves from (a move of the user's meanwhile cancels it).
    let commit: { timeline: Timeline; position: number; group: number | undefined; over: number } | null = null;
    const moveCursor = () => {
      const c = commit;
      commit = null;
      const s = useAppStore.getState();
      if (c && s.timeline === c.timeline && s.cursor === c.over) s.setCursor(c.position, c.group);
    };
    // The page cannot keep up (the last replay stopped at its budget, playing fast): the views are
    // drawn every other frame, the replay still runs every frame. Drawn every frame, the scale run
    // played at 50× had frames of ~20 ms of CPU back to back, and any garbage collection or other
    // thread's work on the 2-core machine stretched some past 50 ms (docs/long-tasks.md, "Session 12").
    let thin = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = (m: MessageEvent<'commit' | 'replay'>) => {
      if (m.data === 'commit') {
        moveCursor();
        return;
      }
      const asked = request;
      request = null;
      const s = useAppStore.getState();
      if (!asked || s.timeline !== asked.timeline || asked.to <= s.cursor) return;
      const reached = replayToward(asked.timeline, s.cursor, asked.to, REPLAY_BUDGET_MS, () => performance.now());
      if (asked.copy && reached > s.cursor) asked.timeline.stateAt(reached);
      prepared = { timeline: asked.timeline, position: reached, capped: reached < asked.to, copied: asked.copy };
    };
    // Where playback last put the cursor: if it is elsewhere the user moved it (a seek, a step)
    // while playing, and playback goes on from there.
    let lastShown = start.cursor;
    let frame = requestAnimationFrame(function tick(now) {
      const s = useAppStore.getState();
      const dt = Math.min(100, now - last); // a background tab must not jump far ahead
      last = now;
      if (commit === null && s.cursor !== lastShown) {
        playhead.current = s.timeline.timeAt(s.cursor);
        prepared = null;
        lastShown = s.cursor;
      }
      playhead.current += dt * s.speed;
      const target = s.timeline.lastPositionAtOrBefore(playhead.current);
      let shown = s.cursor;
      // Where this frame's replay goes on from: the cursor, or past it where a replay ran for a frame not drawn.
      let from = shown;
      const ready = prepared && prepared.timeline === s.timeline && prepared.position > s.cursor && prepared.position <= target ? prepared : null;
      prepared = null;
      if (ready?.capped) window.capped = true;
      // Thin from the first replay held back by its budget until a whole window goes without one
      // (below): each state copied is drawn (an undrawn copy could push a paced panel's state out
      // of the timeline's few kept ones, and reading it again would replay it in the frame).
      thin = s.speed >= FAST_PLAYBACK_SPEED && (thin || ready?.capped === true);
      const draws = ready !== null && ready.copied;
      if (draws) {
        shown = ready.position;
        commit = { timeline: s.timeline, position: shown, group: s.speed >= FAST_PLAYBACK_SPEED ? frames++ % PANEL_GROUPS : undefined, over: s.cursor };
        channel.port2.postMessage('commit');
        lastShown = shown;
        from = shown;
      } else if (ready) from = ready.position;
      const wanted = Math.min(target, from + Math.max(1, Math.floor(s.speed * 8)));
      // Asking for less than the playhead passed (a step cap): the playhead waits there. It must
      // not wait at the step shown: with a frame of lag it would never pass a gap in time.
      if (wanted < target) playhead.current = Math.min(playhead.current, s.timeline.timeAt(wanted));
      if (wanted > shown) {
        // Thin, a frame drawn now is followed by one that is not: its replay makes no copy.
        request = { timeline: s.timeline, to: Math.max(wanted, from), copy: !thin || !draws };
        channel.port2.postMessage('replay');
      }
      if (now - window.wall >= REACHED_WINDOW_MS) {
        const reached = (s.timeline.timeAt(shown) - window.sim) / (now - window.wall);
        s.setReachedSpeed(window.capped && reached < 0.8 * s.speed ? reached : null);
        if (!window.capped) thin = false;
        window = { wall: now, sim: s.timeline.timeAt(shown), capped: false };
      }
      if (shown >= s.timeline.length) {
        // The last step is shown before playback stops (a pause drops a move not made yet).
        moveCursor();
        s.setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      channel.port1.close();
      useAppStore.getState().setReachedSpeed(null);
    };
  }, [playing]);
}
