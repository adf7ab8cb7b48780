/**
 * Which rows of a zoomed job graph its scrolling frame shows, in layout units: the job graph draws
 * only the moving items (records, barriers) in that band. At parallelism 16 the frame shows about
 * four rows of sixteen at 1280×720, and after a far seek the layer held ~1,800 items of five
 * elements each, three quarters of them scrolled out of sight; their style, layout and paint, and
 * the browser's garbage collection tracing them, made the seeks' long tasks (docs/long-tasks.md,
 * "Session 17").
 *
 * The band is widened by BAND_MARGIN and rounded out to BAND_STEP, so scrolling re-renders the graph
 * only when it passes a step, not at every scroll event.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Layout units (of GRAPH_W) drawn beyond each edge of what the frame shows. */
export const BAND_MARGIN = 60;
/** The band's edges are multiples of this (layout units). */
export const BAND_STEP = 120;

export interface VisibleBand {
  y0: number;
  y1: number;
}

/** The band of layout y that the frame shows, with its margin, rounded out to BAND_STEP. */
export function bandOf(scrollTop: number, clientHeight: number, scale: number): VisibleBand {
  const top = scrollTop / scale - BAND_MARGIN;
  const bottom = (scrollTop + clientHeight) / scale + BAND_MARGIN;
  return { y0: Math.floor(top / BAND_STEP) * BAND_STEP, y1: Math.ceil(bottom / BAND_STEP) * BAND_STEP };
}

/**
 * The band `frame` shows of a graph `layoutWidth` units wide, drawn at the frame's width; null when
 * not `enabled` (the whole graph fits: everything is drawn) or before the frame is measured.
 */
export function useVisibleBand(frame: RefObject<HTMLElement | null>, layoutWidth: number, enabled: boolean): VisibleBand | null {
  const [band, setBand] = useState<VisibleBand | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!enabled || !el) {
      setBand(null);
      return;
    }
    const measure = () => {
      const width = el.clientWidth;
      if (width === 0) return;
      const next = bandOf(el.scrollTop, el.clientHeight, width / layoutWidth);
      setBand((b) => (b && b.y0 === next.y0 && b.y1 === next.y1 ? b : next));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [frame, layoutWidth, enabled]);
  return enabled ? band : null;
}

/** The items a band shows (all of them without a band). */
export function inBand<T extends { y: number }>(items: T[], band: VisibleBand | null): T[] {
  return band ? items.filter((i) => i.y >= band.y0 && i.y <= band.y1) : items;
}
