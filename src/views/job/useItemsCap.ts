/**
 * How many items the job graph draws this frame (itemGeometry.ts): FAST_ITEMS_MAX while playing
 * fast, then FAST_ITEMS_MAX more a frame once it stops (grownItemsCap), then all of them.
 * `growing` while it catches up, the frame that draws them all included: the layer then draws
 * without tweens, reusing its nodes (a tween per item, hundreds started in the pause's task, was
 * most of it).
 */
import { useEffect, useState } from 'react';
import { FAST_ITEMS_MAX, grownItemsCap } from './itemGeometry';

export function useItemsCap(fast: boolean, total: number): { cap: number; growing: boolean } {
  // null: not catching up (all items, tweened).
  const [cap, setCap] = useState<number | null>(null);
  const [wasFast, setWasFast] = useState(fast);
  // Derived from the change of `fast`, during render (React's pattern for state that follows a prop).
  if (fast !== wasFast) {
    setWasFast(fast);
    setCap(fast ? null : FAST_ITEMS_MAX);
  }
  const growing = !fast && cap !== null;
  useEffect(() => {
    if (!growing) return;
    const frame = requestAnimationFrame(() => setCap((c) => (c === null || c === Infinity ? null : grownItemsCap(c, total))));
    return () => cancelAnimationFrame(frame);
  }, [growing, cap, total]);
  return { cap: fast ? FAST_ITEMS_MAX : (cap ?? Infinity), growing };
}
