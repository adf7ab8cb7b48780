/**
 * Applying an action at the cursor through the store: playback stops, the action is tried on a
 * copy first (so a refused one never touches the timeline), then applied. At an earlier step
 * this branches the timeline (the store records `lastBranch`, and the panel says so).
 */
import { useState } from 'react';
import type { UserAction } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { probeAction } from './actionModel';
import { useViewCursor } from '../panelPace';

export interface Refusal {
  message: string;
  /** The cursor it was refused at: the message is shown only there. */
  at: number;
  revision: number;
}

export function useRunAction(): { run: (action: UserAction) => void; refusal: Refusal | null } {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const cursor = useViewCursor();
  const revision = useAppStore((s) => s.revision);
  const run = (action: UserAction) => {
    const s = useAppStore.getState();
    s.setPlaying(false);
    const message = probeAction(s.timeline, s.cursor, action);
    if (message !== null) {
      setRefusal({ message, at: s.cursor, revision: s.revision });
      return;
    }
    setRefusal(null);
    s.applyAction(action);
  };
  const visible =
    refusal && refusal.at === cursor && refusal.revision === revision ? refusal : null;
  return { run, refusal: visible };
}
