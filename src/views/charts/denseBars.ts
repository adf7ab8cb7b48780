/**
 * Bars of a big run (issue 17 §4): past DENSE_BARS checkpoints a chart or the timeline draws its
 * bars as one SVG path per fill instead of an element (and a hit area) per bar, so 500
 * checkpoints are a handful of nodes; pointer and keyboard still find each bar by position.
 */
import { bisectRight } from 'd3';

/** Past this many bars they are drawn as paths (small runs keep one element per bar). */
export const DENSE_BARS = 150;

export interface DenseBar {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
}

/** One path per fill, in first-seen order: each bar is a closed rectangle of the path. */
export function barPathsByFill(bars: readonly DenseBar[]): [fill: string, d: string][] {
  const byFill = new Map<string, string[]>();
  for (const b of bars) {
    if (b.w <= 0 || b.h <= 0) continue;
    let parts = byFill.get(b.fill);
    if (!parts) byFill.set(b.fill, (parts = []));
    parts.push(`M${round(b.x)},${round(b.y)}h${round(b.w)}v${round(b.h)}h${round(-b.w)}Z`);
  }
  return [...byFill].map(([fill, parts]) => [fill, parts.join('')]);
}

/** The index of the slot under `px`, given the slots' left edges in ascending order (null: none). */
export function slotAt(leftEdges: readonly number[], px: number): number | null {
  if (leftEdges.length === 0 || px < leftEdges[0]!) return null;
  return bisectRight(leftEdges, px) - 1;
}

const round = (v: number) => Math.round(v * 10) / 10;
