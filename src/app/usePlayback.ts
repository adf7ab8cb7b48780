/**
 * The playback loop: while playing, a playhead advances through simulated time at `speed`
 * and the cursor follows it. At slow speeds the cursor moves at most a few steps per frame,
 * so steps that happen at the same simulated millisecond are still each shown.
 * The playhead is a ref: per-frame values never go through the store.
 * From FAST_PLAYBACK_SPEED on, the reading panels follow in turn, one group per frame
 * (src/views/panelPace.tsx), so a frame renders the job graph and one panel, not every view.
 */
import { useEffect, useRef } from 'react';
import { useAppStore } from '../store/appStore';
import { selectPlaying } from '../store/selectors';
import { PANEL_GROUPS } from '../store/timelineSlice';
import { FAST_PLAYBACK_SPEED } from '../views/usePrefersReducedMotion';

export function usePlayback(): void {
  const playing = useAppStore(selectPlaying);
  const playhead = useRef(0);

  useEffect(() => {
    if (!playing) return;
    const start = useAppStore.getState();
    playhead.current = start.timeline.timeAt(start.cursor);
    let last = performance.now();
    let frames = 0;
    let frame = requestAnimationFrame(function tick(now) {
      const s = useAppStore.getState();
      const dt = Math.min(100, now - last); // a background tab must not jump far ahead
      last = now;
      playhead.current += dt * s.speed;
      const target = s.timeline.lastPositionAtOrBefore(playhead.current);
      const maxSteps = Math.max(1, Math.floor(s.speed * 8));
      const next = Math.min(target, s.cursor + maxSteps);
      if (next > s.cursor) s.setCursor(next, s.speed >= FAST_PLAYBACK_SPEED ? frames++ % PANEL_GROUPS : undefined);
      if (next < target) playhead.current = Math.min(playhead.current, s.timeline.timeAt(next));
      if (next >= s.timeline.length) {
        s.setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);
}
