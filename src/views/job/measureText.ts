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
/**
 * The page's font family (app.css `:root`), read once per font load rather than per label: each
 * `getComputedStyle` brings the page's style up to date first, and a job graph's first render
 * measures hundreds of labels (a comparison column's frame: up to a third of its 20–30 ms task).
 */
let family: string | undefined;
/** The page's language when `family` was read (the stylesheet may choose faces by language). */
let familyLang: string | undefined;
/** The canvas's font as last set (`ctx.font` parses its value on every assignment). */
let font = '';

/** How many times the page's fonts have finished loading; each time, cached widths are dropped. */
let fontLoads = 0;
const fontListeners = new Set<() => void>();
if (typeof document !== 'undefined' && document.fonts)
  document.fonts.addEventListener('loadingdone', () => {
    fontLoads++;
    cache.clear();
    family = undefined;
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

export function measureText(text: string, fontPx: number, weight = 600): number {
  const k = `${weight}|${fontPx}|${text}`;
  const hit = cache.get(k);
  if (hit !== undefined) return hit;
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let w = estimateTextWidth(text, fontPx);
  if (ctx) {
    if (familyLang !== document.documentElement.lang) {
      familyLang = document.documentElement.lang;
      family = undefined;
    }
    family ??= getComputedStyle(document.documentElement).fontFamily;
    const wanted = `${weight} ${fontPx}px ${family}`;
    if (wanted !== font) ctx.font = font = wanted;
    w = ctx.measureText(text).width;
  }
  if (cache.size > 2000) cache.clear();
  cache.set(k, w);
  return w;
}
