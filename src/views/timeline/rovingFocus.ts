/**
 * Keyboard movement inside a row of marks that is one Tab stop (a roving tabindex): the bars of
 * the timeline, and its markers. ← ↑ and → ↓ move by one, Home and End to the ends, Enter and
 * Space act. Those keys stop at the row: the app's global shortcuts would otherwise step the
 * timeline or play on the same keys.
 */
import type { KeyboardEvent } from 'react';

/** The index the key moves to from `index` in a row of `count`, or null for a key that does not move. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function onRovingKey(
  e: KeyboardEvent,
  index: number,
  count: number,
  moveTo: (index: number) => void,
  activate: () => void,
): void {
  const next = rovingTarget(e.key, index, count);
  const acts = e.key === 'Enter' || e.key === ' ';
  if (next === null && !acts) return;
  e.preventDefault();
  e.stopPropagation();
  if (acts) activate();
  else if (next !== null) moveTo(next);
}
