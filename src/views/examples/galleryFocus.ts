/**
 * Keyboard details of the Examples gallery beyond the modal basics (useDialogFocus: Tab stays
 * inside, Escape closes, focus returns to the opener): it opens on the running example, so Tab
 * and the arrow keys start from where the user is, and ↑/↓ move between the examples like a menu.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const ITEM = '.example-item';

/** Moves focus to the running example, else the first one. Runs after useDialogFocus' own focus. */
export function useInitialFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    const target =
      root?.querySelector<HTMLElement>(`${ITEM}[aria-current="true"]`) ??
      root?.querySelector<HTMLElement>(ITEM);
    target?.focus();
  }, [ref]);
}

/** Handles ↑/↓ (and Home/End) on an example; true when it moved the focus. */
export function moveAmongItems(e: KeyboardEvent, root: HTMLElement): boolean {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key) || !(e.target instanceof HTMLElement)) return false;
  if (!e.target.matches(ITEM)) return false;
  const items = [...root.querySelectorAll<HTMLElement>(ITEM)];
  const at = items.indexOf(e.target);
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? items.length - 1
        : Math.max(0, Math.min(items.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)));
  e.preventDefault();
  // Kept from the app's shortcuts (arrows step, Home/End jump), as every key in the dialog is.
  e.stopPropagation();
  items[next]?.focus();
  return true;
}
