/**
 * Waiting, without blocking, until the run on screen holds a position: a run recorded in the Web
 * Worker streams in (the store's `recorded` grows), so a lesson stop opened on it waits for its
 * step before the player moves there. A small store helper kept with the lessons (the timeline
 * slice stays as it is): it only subscribes.
 */
import type { AppStore } from '../../store/appStore';

export type Watched = Pick<AppStore, 'timeline' | 'recorded' | 'recording' | 'revision'>;

/** The part of a zustand store this needs (the app's store, or a test's). */
export interface Watchable<S> {
  getState: () => S;
  subscribe: (listener: (state: S) => void) => () => void;
}

/**
 * `recorded`: the position is there. `replaced`: another run was loaded, or this one branched.
 * `stopped`: the recording ended (cancelled, keeping what it had) before the position.
 * `cancelled`: the waiter gave up (`cancel`).
 */
export type Arrival = 'recorded' | 'replaced' | 'stopped' | 'cancelled';

/** True when the run on screen holds `position` (every step up to it is recorded). */
export function holds(s: Watched, position: number): boolean {
  return s.recorded >= position;
}

export interface Waiting {
  done: Promise<Arrival>;
  cancel: () => void;
}

/** Resolves once the run on screen now holds `position`, or can no longer (see Arrival). */
export function whenRecorded(store: Watchable<Watched>, position: number): Waiting {
  const { timeline, revision } = store.getState();
  let finish: (why: Arrival) => void = () => undefined;
  const done = new Promise<Arrival>((resolve) => (finish = resolve));
  let off: (() => void) | null = null;
  let settled = false;
  const end = (why: Arrival) => {
    if (settled) return;
    settled = true;
    off?.();
    finish(why);
  };
  const check = (s: Watched) => {
    if (s.timeline !== timeline || s.revision !== revision) end('replaced');
    else if (holds(s, position)) end('recorded');
    else if (s.recording === null) end('stopped');
  };
  off = store.subscribe(check);
  check(store.getState());
  return { done, cancel: () => end('cancelled') };
}
