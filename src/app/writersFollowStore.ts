/**
 * What the IndexedDB writers follow in the app's store, once the sync is active: MirrorSync the
 * timeline, revision and cursor; SessionSaver the scenario and the cursor. Playing fast, neither
 * writes (MirrorSync#hold): both catch up when playback pauses or slows, or the page is hidden,
 * which also starts at once what waits for quiet, so the last position gets its chance to be
 * written. Returns the function that stops following.
 */
import type { StoreApi } from 'zustand';
import type { AppStore } from '../store/appStore';
import { selectFastPlayback } from '../views/usePrefersReducedMotion';
import type { MirrorSync } from './mirrorSync';
import type { SessionSaver } from './sessionSaver';

export function writersFollowStore(store: StoreApi<AppStore>, sync: MirrorSync, saver: SessionSaver, changed: () => void): () => void {
  const unsubscribe = store.subscribe((s, prev) => {
    const fast = selectFastPlayback(s);
    sync.hold(fast);
    if (s.timeline !== prev.timeline || s.revision !== prev.revision || s.cursor !== prev.cursor) {
      sync.noteChange({ timeline: s.timeline, revision: s.revision, cursor: s.cursor });
    }
    if (s.scenario !== prev.scenario || s.timeline !== prev.timeline || s.revision !== prev.revision) saver.noteStructureChange();
    else if (!fast && (s.cursor !== prev.cursor || selectFastPlayback(prev))) saver.noteCursorChange();
    changed();
  });
  const flush = () => {
    sync.flush();
    saver.flush();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
