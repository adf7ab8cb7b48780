/**
 * How many items the job graph draws this frame (itemGeometry.ts): FAST_ITEMS_MAX while playing
 * fast, then FAST_ITEMS_MAX more a frame once it stops (grownItemsCap), then all of them.
 * `growing` while it catches up: the layer then draws without tweens, reusing its nodes.
 */
import { useEffect, useState } from 'react';
import { FAST_ITEMS_MAX, grownItemsCap } from './itemGeometry';

export function useItemsCap(fast: boolean, total: number): { cap: number; growing: boolean } {
  const [cap, setCap] = useState(Infinity);
  const [wasFast, setWasFast] = useState(fast);
  // Derived from the change of `fast`, during render (React's pattern for state that follows a prop).
  if (fast !== wasFast) {
    setWasFast(fast);
    setCap(fast ? Infinity : grownItemsCap(FAST_ITEMS_MAX, total));
  }
  const growing = !fast && cap < total;
  if (!fast && !growing && cap !== Infinity) setCap(Infinity);
  useEffect(() => {
    if (!growing) return;
    const frame = requestAnimationFrame(() => setCap((c) => grownItemsCap(c, total)));
    return () => cancelAnimationFrame(frame);
  }, [growing, cap, total]);
  return { cap: fast ? FAST_ITEMS_MAX : growing ? cap : Infinity, growing };
}
