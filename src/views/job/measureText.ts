/**
 * Measures SVG label widths before they are drawn, with a canvas in the page's own font, so pills
 * fit their text in any language. Falls back to the estimate where there is no canvas (tests).
 * A width measured while a face the text needs was still loading is in a stand-in font: every
 * finished font load empties the cache, and `useFontsLoaded` re-renders the views that measure.
 */
import { useSyncExternalStore } from 'react';
import { estimateTextWidth } from './statusPills';

let ctx: CanvasRenderingContext2D | null | undefined;
const cache = new Map<string, number>();

/** How many times the page's fonts have finished loading; each time, cached widths are dropped. */
let fontLoads = 0;
const fontListeners = new Set<() => void>();
if (typeof document !== 'undefined' && document.fonts)
  document.fonts.addEventListener('loadingdone', () => {
    fontLoads++;
    cache.clear();
    for (const l of fontListeners) l();
  });

function subscribeFonts(onChange: () => void): () => void {
  fontListeners.add(onChange);
  return () => fontListeners.delete(onChange);
}

/** Re-renders the calling view when fonts finish loading, so it measures its labels again. */
export function useFontsLoaded(): number {
  return useSyncExternalStore(subscribeFonts, () => fontLoads, () => 0);
}

const families = new Map<string, string>();
let lastFont = '';

/**
 * The page's font family, read once per language (the stylesheet may choose faces by language).
 * Read on every miss of the cache, getComputedStyle recalculated the page's style in the middle of
 * a render: labels whose text changes every frame (a node's record count while playing fast) miss
 * every time.
 */
function pageFontFamily(): string {
  const lang = document.documentElement.lang;
  let family = families.get(lang);
  if (family === undefined) families.set(lang, (family = getComputedStyle(document.documentElement).fontFamily));
  return family;
}

export function measureText(text: string, fontPx: number, weight = 600): number {
  const k = `${weight}|${fontPx}|${text}`;
  const hit = cache.get(k);
  if (hit !== undefined) return hit;
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let w = estimateTextWidth(text, fontPx);
  if (ctx) {
    const font = `${weight} ${fontPx}px ${pageFontFamily()}`;
    // The canvas parses a font string on every assignment (it reads back a normalized one).
    if (lastFont !== font) ctx.font = lastFont = font;
    w = ctx.measureText(text).width;
  }
  if (cache.size > 2000) cache.clear();
  cache.set(k, w);
  return w;
}
