/**
 * Where the tape's labels go, without measuring the DOM. The top row holds the truncation cut's
 * label (left of the cut, over what it cut off) and the checkpoint bracket's label (at the
 * bracket's left end); when the bracket starts left of the cut the two would overlap, so the
 * bracket's label moves right past the cut's.
 */

/** A rough text width, for placing labels without measuring (CJK glyphs are about square). */
export function textWidth(s: string, px: number): number {
  let w = 0;
  for (const ch of s) w += ch.codePointAt(0)! >= 0x2e80 ? px : px * 0.6;
  return w;
}

export interface Span {
  from: number;
  to: number;
}

/** The cut label's span: left of the cut line at `x` if it fits, else right of it. */
export function cutLabelSpan(x: number, w: number): Span {
  return x - 4 - w >= 0 ? { from: x - 4 - w, to: x - 4 } : { from: x + 4, to: x + 4 + w };
}

/** The bracket label's left end: at the bracket's start, unless the cut's label is there. */
export function bracketLabelX(
  bracketStart: number,
  w: number,
  cut: Span | null,
  width: number,
): number {
  let x = bracketStart + 2;
  if (cut && x < cut.to + 6 && x + w > cut.from - 6) x = cut.to + 6;
  return Math.max(0, Math.min(x, width - w));
}

/** A marker label in the bottom row: which side of its line, and whether it is shortened. */
export interface BottomLabel {
  left: boolean;
  short: boolean;
}

interface BottomInput {
  x: number;
  w: number;
  shortW: number;
}

function side(
  m: BottomInput,
  w: number,
  prefersLeft: boolean,
  width: number,
): { left: boolean; span: Span } {
  const leftFits = m.x - 4 - w >= 0;
  const rightFits = m.x + 4 + w <= width;
  const left = prefersLeft ? leftFits || !rightFits : !rightFits && leftFits;
  return {
    left,
    span: left ? { from: m.x - 4 - w, to: m.x - 4 } : { from: m.x + 4, to: m.x + 4 + w },
  };
}

/**
 * The sync point's label hangs left of its line, the running materialization's right of its
 * own (its sync point is always later). Near the tape's ends a label may have to switch sides;
 * if the two then overlap, the running one and then the sync point's are shortened ("m2 ↑").
 */
export function bottomLabels(
  sync: BottomInput | null,
  running: BottomInput | null,
  width: number,
): { sync: BottomLabel; running: BottomLabel } {
  const attempts = [
    [false, false],
    [false, true],
    [true, true],
  ] as const;
  let result = { sync: { left: true, short: false }, running: { left: false, short: false } };
  for (const [shortSync, shortRunning] of attempts) {
    const s = sync ? side(sync, shortSync ? sync.shortW : sync.w, true, width) : null;
    const r = running
      ? side(running, shortRunning ? running.shortW : running.w, false, width)
      : null;
    result = {
      sync: { left: s?.left ?? true, short: shortSync },
      running: { left: r?.left ?? false, short: shortRunning },
    };
    const clash = s && r && s.span.from < r.span.to + 6 && r.span.from < s.span.to + 6;
    if (!clash) break;
  }
  return result;
}
