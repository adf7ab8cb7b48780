/**
 * Measures SVG label widths before they are drawn, with a canvas in the page's own font, so pills
 * fit their text in any language. Falls back to the estimate where there is no canvas (tests).
 */
import { estimateTextWidth } from './statusPills';

let ctx: CanvasRenderingContext2D | null | undefined;
const cache = new Map<string, number>();

export function measureText(text: string, fontPx: number, weight = 600): number {
  const k = `${weight}|${fontPx}|${text}`;
  const hit = cache.get(k);
  if (hit !== undefined) return hit;
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let w = estimateTextWidth(text, fontPx);
  if (ctx) {
    ctx.font = `${weight} ${fontPx}px ${getComputedStyle(document.documentElement).fontFamily}`;
    w = ctx.measureText(text).width;
  }
  if (cache.size > 2000) cache.clear();
  cache.set(k, w);
  return w;
}
