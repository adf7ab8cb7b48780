/**
 * Whether views skip tweening: when the user prefers reduced motion, and while playback runs at
 * FAST_PLAYBACK_SPEED or faster. There a record crosses a whole channel hop within a frame and
 * the cursor moves several steps a frame, so a tween toward a position that changes next frame is
 * all cost and no motion a viewer can follow (restarting every transition each frame took about a
 * fifth of the main thread at the fastest speed; see the frame-time bench in `npm run bench`).
 */
import { useSyncExternalStore } from 'react';
import { useAppStore, type AppStore } from '../store/appStore';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Playback speed (simulated ms per wall ms) from which views stop tweening while playing. */
export const FAST_PLAYBACK_SPEED = 2;

export const selectFastPlayback = (s: AppStore): boolean => s.playing && s.speed >= FAST_PLAYBACK_SPEED;

/**
 * Whether views mark what the step changed against the step before (the registry's and LSM's
 * marks): not while playing fast (a frame moves hundreds of steps; reading one more state behind
 * the cursor would replay them a second time), nor while the reading panels still catch up with
 * the cursor after a far seek or a pause (`pacedCursors`): the step before is read in tasks of its
 * own meanwhile, and a panel reading it in its render would replay it there.
 */
export const selectStepBeforeShown = (s: AppStore): boolean => !selectFastPlayback(s) && s.pacedCursors === null;

/**
 * One MediaQueryList per page, made on first use: `matchMedia` parses and evaluates the query each
 * time it is called, and React reads the snapshot at every render of every view that asks (a
 * comparison column's first render called it once per job-graph element: ~7 ms of a 20 ms task).
 */
let list: MediaQueryList | undefined;
const reducedMotionQuery = (): MediaQueryList => (list ??= window.matchMedia(QUERY));

function subscribe(onChange: () => void): () => void {
  const mq = reducedMotionQuery();
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const isReduced = (): boolean => reducedMotionQuery().matches;

export function usePrefersReducedMotion(): boolean {
  const prefersReduced = useSyncExternalStore(subscribe, isReduced, () => false);
  const fastPlayback = useAppStore(selectFastPlayback);
  return prefersReduced || fastPlayback;
}
