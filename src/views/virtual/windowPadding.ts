/**
 * The spacers around a window of rows: a windowed list keeps its real markup (a table stays a
 * table, a list a list) and stands in for the rows it does not render with one spacer above and
 * one below, sized so the scroll height is that of the whole list.
 */
export interface WindowedItem {
  index: number;
  /** Offsets from the scroll element's top, as the virtualizer gives them (they include the list's margin). */
  start: number;
  end: number;
}

export interface WindowPadding {
  top: number;
  bottom: number;
}

/** `total` is the height of all rows; `margin` the list's offset inside its scroll element. */
export function windowPadding(items: readonly WindowedItem[], total: number, margin: number): WindowPadding {
  if (items.length === 0) return { top: 0, bottom: Math.max(0, total) };
  const first = items[0]!;
  const last = items[items.length - 1]!;
  return { top: Math.max(0, first.start - margin), bottom: Math.max(0, total - (last.end - margin)) };
}

/** The nearest ancestor that scrolls vertically (the panel a list sits in), or null. */
export function scrollParentOf(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (y === 'auto' || y === 'scroll') return p;
  }
  return null;
}
