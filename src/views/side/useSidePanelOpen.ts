/**
 * Open/closed state of a collapsible side panel: the user's remembered choice, else its default.
 * A default may depend on the screen: `closedWhenShort` panels start closed when the window is at
 * most SHORT_SCREEN high (a 1280×720 projector), where the subtask state needs the height, and
 * follow the window while the user has not chosen.
 */
import { useState, useSyncExternalStore } from 'react';
import { rememberedOpen, rememberOpen } from './rememberedOpen';

/** The same breakpoint as app.css's short-screen rules. */
export const SHORT_SCREEN = '(max-height: 800px)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(SHORT_SCREEN);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
const isShort = (): boolean => window.matchMedia(SHORT_SCREEN).matches;

export function useSidePanelOpen(
  panel: string,
  closedWhenShort: boolean,
): [open: boolean, setOpen: (open: boolean) => void] {
  const [chosen, setChosen] = useState<boolean | null>(() => rememberedOpen(panel));
  const short = useSyncExternalStore(subscribe, isShort, () => false);
  const setOpen = (open: boolean) => {
    rememberOpen(panel, open);
    setChosen(open);
  };
  return [chosen ?? !(closedWhenShort && short), setOpen];
}
