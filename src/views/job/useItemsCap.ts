/**
 * How many items the job graph draws this frame (itemGeometry.ts): FAST_ITEMS_MAX while playing
 * fast, then FAST_ITEMS_MAX more a frame once it stops (grownItemsCap), then all of them.
 * `growing` while it catches up, the frame that draws them all included: the layer then draws
 * without tweens, reusing its nodes (a tween per item, hundreds started in the pause's task, was
 * most of it).
 *
 * Two hooks, as the cap is needed to make the frame's channel views (channelViewsFor thins them as
 * it makes them) and the frame's total is known only after: `useItemsCap` holds the cap,
 * `useGrowItemsCap` raises it a frame later against that total.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { FAST_ITEMS_MAX, grownItemsCap } from './itemGeometry';

export interface ItemsCap {
  cap: number;
  growing: boolean;
  /** null: not catching up (all items, tweened). */
  setCap: Dispatch<SetStateAction<number | null>>;
}

export function useItemsCap(fast: boolean): ItemsCap {
  const [cap, setCap] = useState<number | null>(null);
  const [wasFast, setWasFast] = useState(fast);
  // Derived from the change of `fast`, during render (React's pattern for state that follows a prop).
  if (fast !== wasFast) {
    setWasFast(fast);
    setCap(fast ? null : FAST_ITEMS_MAX);
  }
  const growing = !fast && cap !== null;
  return { cap: fast ? FAST_ITEMS_MAX : (cap ?? Infinity), growing, setCap };
}

/** While catching up, draws FAST_ITEMS_MAX more of the frame's `total` items on the next frame. */
export function useGrowItemsCap({ cap, growing, setCap }: ItemsCap, total: number): void {
  useEffect(() => {
    if (!growing) return;
    const frame = requestAnimationFrame(() => setCap((c) => (c === null || c === Infinity ? null : grownItemsCap(c, total))));
    return () => cancelAnimationFrame(frame);
  }, [growing, cap, total, setCap]);
}
