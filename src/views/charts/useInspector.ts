/**
 * Which data point of a chart is inspected (hovered, or chosen with the keyboard while the
 * chart has focus). Arrow keys, Home and End move it and Enter acts on it; those keys stop
 * here, so they do not also step the timeline (the app's global shortcuts use them).
 */
import { useState, type KeyboardEvent } from 'react';

export interface Inspector {
  index: number | null;
  setIndex: (i: number | null) => void;
  focusProps: {
    tabIndex: number;
    onKeyDown: (e: KeyboardEvent) => void;
    onFocus: () => void;
    onBlur: () => void;
    onMouseLeave: () => void;
  };
}

export function useInspector(count: number, onActivate?: (index: number) => void): Inspector {
  const [index, setIndex] = useState<number | null>(null);
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  // The data can shrink when the cursor moves back: never point past it.
  const current = index === null || count === 0 ? null : clamp(index);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count === 0) return;
    const from = current ?? count - 1;
    let next: number | null = null;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = clamp(from - 1);
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = clamp(from + 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = count - 1;
    else if (e.key === 'Enter' && current !== null && onActivate) onActivate(current);
    else if (e.key === 'Escape') setIndex(null);
    else return;
    if (next !== null) setIndex(next);
    e.preventDefault();
    e.stopPropagation();
  };
  return {
    index: current,
    setIndex,
    focusProps: {
      tabIndex: 0,
      onKeyDown,
      onFocus: () => setIndex((i) => i ?? (count > 0 ? count - 1 : null)),
      onBlur: () => setIndex(null),
      onMouseLeave: () => setIndex(null),
    },
  };
}
