// The tape's top-row labels must not overlap: a bracket starting left of the truncation cut
// (a checkpoint that still carries change sets the writer has since cut off) moves its label.
import { describe, expect, it } from 'vitest';
import { bottomLabels, bracketLabelX, cutLabelSpan, textWidth } from './tapeLabels';

const overlap = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from < b.to && b.from < a.to;

describe('top-row labels of the DSTL tape', () => {
  it('put the cut label over the truncated sets, or right of the cut at the tape’s left end', () => {
    expect(cutLabelSpan(80, 36)).toEqual({ from: 40, to: 76 });
    expect(cutLabelSpan(20, 36)).toEqual({ from: 24, to: 60 });
  });

  it('move the checkpoint label past the cut label when the bracket starts left of the cut', () => {
    const cut = cutLabelSpan(60, textWidth('✂ cut', 12));
    const w = textWidth('CP-2', 12);
    const x = bracketLabelX(2, w, cut, 330);
    expect(overlap({ from: x, to: x + w }, cut)).toBe(false);
    // A bracket that starts at or right of the cut keeps its label at its start.
    expect(bracketLabelX(60, w, cut, 330)).toBe(62);
    expect(bracketLabelX(2, w, null, 330)).toBe(4);
  });

  it('keep a label inside the tape at its right end', () => {
    expect(bracketLabelX(320, 30, null, 330)).toBe(300);
  });

  it('count CJK glyphs as wide as the font size', () => {
    expect(textWidth('m1 同步点', 12)).toBeCloseTo(3 * 7.2 + 3 * 12);
  });

  it('hang the sync point’s label left of its line and the running one’s right of its own', () => {
    const sync = { x: 120, w: 90, shortW: 14 };
    const running = { x: 180, w: 86, shortW: 35 };
    expect(bottomLabels(sync, running, 330)).toEqual({
      sync: { left: true, short: false },
      running: { left: false, short: false },
    });
  });

  it('shorten the running label when it must switch sides near the right end and would overlap', () => {
    // The running sync point sits one cell before the tape's end: its label has to go left.
    const layout = bottomLabels({ x: 230, w: 90, shortW: 14 }, { x: 300, w: 86, shortW: 35 }, 330);
    expect(layout.running.left).toBe(true);
    expect(layout.running.short || layout.sync.short).toBe(true);
    const runSpan = { from: 300 - 4 - (layout.running.short ? 35 : 86), to: 296 };
    const syncSpan = { from: 230 - 4 - (layout.sync.short ? 14 : 90), to: 226 };
    expect(overlap(runSpan, syncSpan)).toBe(false);
  });
});
