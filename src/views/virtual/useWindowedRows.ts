/**
 * Windowing for the long lists and tables of a big run (issue 17 §4): below `threshold` rows
 * every row is rendered as before (small runs look exactly as they did); past it only the rows
 * near the visible part of the scrolling panel are, with spacers for the rest
 * (@tanstack/react-virtual measures each rendered row, so rows of any height work).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { elementScroll, measureElement as measureWithEntry, observeElementOffset, useVirtualizer, type Rect, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { scrollParentOf, windowPadding, type WindowPadding } from './windowPadding';
import { useAppStore } from '../../store/appStore';
import { selectFastPlayback } from '../usePrefersReducedMotion';

/** Past this many rows a list is windowed: a few hundred rows render in one frame without trouble. */
export const WINDOW_THRESHOLD = 120;

export interface WindowedRows {
  windowed: boolean;
  /** Indices of the rows to render, in order. */
  indices: number[];
  padding: WindowPadding;
  /** Ref callback for a rendered row (it must carry `data-index`), so its real height is used. */
  measure: (el: Element | null) => void;
  /** Scrolls the panel so row `index` is shown. */
  scrollTo: (index: number) => void;
}

/**
 * A row's size: the ResizeObserver's, which it reports right after the frame's own layout (all
 * new rows in one batch); when React attaches a row, what the virtualizer already holds for it
 * or the estimate. tanstack's default reads `offsetHeight` there: a forced layout in the middle
 * of the commit, then the size of every row changed one by one (each a pass over all rows'
 * positions). After Apply, "go back" or a seek that remounts a big list that was a visible share
 * of the commit's task (docs/long-tasks.md).
 */
function measureRow(el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<HTMLElement, Element>): number {
  if (entry) return measureWithEntry(el, entry, v);
  const index = v.indexFromElement(el);
  return v.itemSizeCache.get(v.options.getItemKey(index)) ?? v.options.estimateSize(index);
}

/**
 * The panel's size from a ResizeObserver, whose first report comes after the frame's own layout.
 * tanstack's default reads `clientHeight` at once, in the layout effect that hands it the panel:
 * a forced layout in the middle of the commit that mounts a big list (after "go back" to a big
 * run, 14–21% of that task in a profile, issue 17). Until the first report the virtualizer uses
 * `initialRect`, the size read in the animation frame that found the panel.
 */
function observeRectAfterLayout(instance: Virtualizer<HTMLElement, Element>, cb: (rect: Rect) => void): (() => void) | undefined {
  const el = instance.scrollElement;
  if (!el) return undefined;
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(() => cb({ width: el.clientWidth, height: el.clientHeight }));
  observer.observe(el);
  return () => observer.disconnect();
}

type Options = VirtualizerOptions<HTMLElement, Element>;
/** Where a panel was last seen scrolled to: read in the animation frame, or told by its scroll events. */
type Seen = { current: { el: HTMLElement; top: number } | null };

/**
 * tanstack writes the panel's scroll position as it takes the panel (enabled, or another panel):
 * the offset it starts from, `initialOffset`, which is where the panel was last seen. scrollTo
 * forces a layout in the commit that mounts the list (after "go back" or a far seek, up to a
 * quarter of such a task in a profile, issue 17), and writing where the panel already is changes
 * nothing, not even a scroll event. That write is skipped; every other one is made. `taking` is
 * set while the virtualizer takes a panel: it subscribes to the panel's scrolling right before.
 */
function scrollUnlessThere(seen: Seen, taking: { current: boolean }): Options['scrollToFn'] {
  return (offset, options, instance) => {
    const takeover = taking.current;
    taking.current = false;
    const at = seen.current;
    if (takeover && at && at.el === instance.scrollElement && !options.behavior && offset + (options.adjustments ?? 0) === at.top) return;
    elementScroll(offset, options, instance);
  };
}

/** tanstack's scroll observer, noting each offset it reports and when it starts (see scrollUnlessThere). */
function observeOffsetNoting(seen: Seen, taking: { current: boolean }): Options['observeElementOffset'] {
  return (instance, cb) => {
    taking.current = true;
    return observeElementOffset(instance, (offset, isScrolling) => {
      if (instance.scrollElement) seen.current = { el: instance.scrollElement, top: offset };
      cb(offset, isScrolling);
    });
  };
}

interface Panel {
  el: HTMLElement | null;
  /** The list's offset in the panel (headings above it). */
  margin: number;
  rect: Rect;
}

const NO_PANEL: Panel = { el: null, margin: 0, rect: { width: 0, height: 0 } };
/** The size only seeds a newly found panel: the virtualizer follows it from there. */
const samePanel = (a: Panel, b: Panel) => a.el === b.el && a.margin === b.margin;

export function useWindowedRows(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  estimateSize: number,
  threshold = WINDOW_THRESHOLD,
): WindowedRows {
  const windowed = count > threshold;
  const [panel, setPanel] = useState<Panel>(NO_PANEL);
  const { el: scrollEl, margin } = panel;
  // While playing fast the offset is not checked each frame: getComputedStyle and
  // getBoundingClientRect force a style and layout pass in the middle of the frame's commit, which
  // the profiler showed as a visible share of every frame with the scale run; the headings above a
  // list keep their height while it plays, and pausing checks again.
  const fast = useAppStore(selectFastPlayback);
  // The list's scrolling panel and the list's offset in it (headings above it), checked after every
  // render because a heading above the list may change height. Read in the next animation frame, not in a layout effect: there it forced the page's layout
  // in the middle of the commit, and the effects after it (d3's joins) dirtied it again for the
  // frame (measured: the largest share of the commit after "go back" to a big run). In the frame
  // the layout it forces is the frame's own; a list shows its first rows until then.
  // One frame pending at a time, not cancelled by the next render: a list re-rendered every frame
  // (playing at 1×) is still checked once a frame.
  const pending = useRef(0);
  const seen = useRef<{ el: HTMLElement; top: number } | null>(null);
  const taking = useRef(false);
  useEffect(() => () => cancelAnimationFrame(pending.current), []);
  // A list that stops being windowed forgets its panel: windowed again, it is measured anew in a
  // frame (where it was scrolled to meanwhile included) before the virtualizer takes it.
  useEffect(() => {
    if (!windowed && scrollEl !== null) setPanel(NO_PANEL);
  }, [windowed, scrollEl]);
  useEffect(() => {
    if (!windowed || (fast && scrollEl !== null) || pending.current !== 0) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = 0;
      const list = listRef.current;
      const parent = scrollParentOf(list);
      const next: Panel =
        list && parent
          ? {
              el: parent,
              margin: Math.round(list.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop),
              rect: { width: parent.clientWidth, height: parent.clientHeight },
            }
          : { ...NO_PANEL, el: parent };
      if (parent) seen.current = { el: parent, top: parent.scrollTop };
      // The same panel again renders nothing.
      setPanel((was) => (samePanel(was, next) ? was : next));
    });
  });
  const virtualizer = useVirtualizer({
    count,
    enabled: windowed && scrollEl !== null,
    getScrollElement: () => scrollEl,
    estimateSize: () => estimateSize,
    scrollMargin: margin,
    overscan: 8,
    measureElement: measureRow,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessThere(seen, taking),
    observeElementOffset: observeOffsetNoting(seen, taking),
    initialRect: panel.rect,
    initialOffset: () => (seen.current?.el === scrollEl ? seen.current.top : 0),
  });
  if (!windowed || scrollEl === null) {
    // Not windowed yet (first layout) or not needed: a small list renders whole; a big one
    // renders a first screenful until its panel is known.
    const n = windowed ? Math.min(count, 40) : count;
    return {
      windowed,
      indices: Array.from({ length: n }, (_, i) => i),
      padding: { top: 0, bottom: windowed ? (count - n) * estimateSize : 0 },
      measure: () => {},
      scrollTo: () => {},
    };
  }
  const items = virtualizer.getVirtualItems();
  return {
    windowed,
    indices: items.map((i) => i.index),
    padding: windowPadding(items, virtualizer.getTotalSize(), margin),
    measure: virtualizer.measureElement,
    scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
  };
}
