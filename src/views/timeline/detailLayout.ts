/**
 * The geometry of the timeline's checkpoint detail (GanttDetail), from font-independent metrics
 * so that a label sits fully inside its row whatever font draws it. A text's box is its font's
 * line box (ascent above the baseline, descent below), and fonts differ: 1.17 em in DejaVu Sans
 * Mono, 1.32 in JetBrains Mono (the shipped mono font), 1.36 in Noto Sans Mono (what
 * `monospace` becomes once Ghostscript's fonts are installed), 1.45 in Noto Sans SC. A label
 * placed with a fixed em offset from its row's middle (the old `dy="0.35em"`) stuck out of the
 * first row by its extra ascent; now each label is centred on its row with
 * `dominant-baseline: central`, which centres the font's own line box, and a row is at least
 * LINE_EM of the label's size tall.
 */

/** Room for one line of text, in ems: more than the line box of any font above. */
export const LINE_EM = 1.5;
/** Below the axis line: d3-axis's tick (6) and padding (3), in pixels, unscaled. */
const TICK_SPACE = 9;
/** d3-axis hangs tick labels 0.71 em below the tick; a descent is at most 0.3 em (Noto Sans SC 0.29). */
const TICK_TEXT_EM = 0.71 + 0.34;
/** Rows stop growing here (times k): taller ones would only spread the phases apart. */
const MAX_ROW = 30;

/** Font size (px, before the type scale k) of the row labels and the tick labels: timeline.css. */
export function detailTextPx(roomy: boolean): number {
  return roomy ? 13 : 12;
}

/** Height of the axis under the rows: the ticks and their labels' full line box. */
export function detailAxisHeight(k: number, roomy: boolean): number {
  return Math.ceil(TICK_SPACE + TICK_TEXT_EM * detailTextPx(roomy) * k);
}

/** The least row height: one label's line, with room above for any font's ascent. */
export function detailMinRow(k: number, roomy: boolean): number {
  return Math.ceil(LINE_EM * detailTextPx(roomy) * k);
}

/** The least height the detail needs: every subtask row readable, plus the axis. */
export function detailMinHeight(rows: number, k: number, roomy: boolean): number {
  return rows * detailMinRow(k, roomy) + detailAxisHeight(k, roomy);
}

/** Row height and total height for `rows` rows in `available` pixels (never below the minimum). */
export function detailHeight(
  rows: number,
  available: number,
  k: number,
  roomy: boolean,
): { height: number; rowH: number; axisH: number } {
  const axisH = detailAxisHeight(k, roomy);
  const rowH = Math.max(
    detailMinRow(k, roomy),
    Math.min(MAX_ROW * k, Math.floor((available - axisH) / Math.max(1, rows))),
  );
  return { height: rows * rowH + axisH, rowH, axisH };
}
