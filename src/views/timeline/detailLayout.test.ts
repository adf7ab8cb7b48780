// Labels of the checkpoint detail sit fully inside their rows, and tick labels inside the axis,
// whatever font draws them. The fonts' ascent and descent (em) were measured in Chromium with
// canvas measureText (fontBoundingBoxAscent/Descent): the shipped fonts, and what `monospace`
// can be on a machine (DejaVu Sans Mono on a bare Debian, Noto Sans Mono once Ghostscript's
// fonts are installed: the machine where the old layout cut "source#0" off at the top).
import { describe, expect, it } from 'vitest';
import { detailAxisHeight, detailHeight, detailMinHeight, detailTextPx } from './detailLayout';

const FONTS: Record<string, { ascent: number; descent: number }> = {
  'JetBrains Mono (shipped)': { ascent: 1.02, descent: 0.3 },
  'Noto Sans SC (shipped)': { ascent: 1.16, descent: 0.29 },
  'Inter (shipped)': { ascent: 0.97, descent: 0.24 },
  'Noto Sans Mono': { ascent: 1.07, descent: 0.29 },
  'DejaVu Sans Mono': { ascent: 0.93, descent: 0.24 },
  'Liberation Mono': { ascent: 0.83, descent: 0.3 },
  'Droid Sans Fallback': { ascent: 1.04, descent: 0.27 },
};

// Type scales: normal, presenter at 1280×720, presenter at 1920×1080 (1.3 × presenter pixel 1.5).
const SCALES = [1, 1.3, 1.95];

describe('checkpoint detail layout', () => {
  for (const [font, { ascent, descent }] of Object.entries(FONTS))
    for (const k of SCALES)
      for (const roomy of [false, true])
        it(`${font}, k=${k}${roomy ? ', roomy' : ''}: every row label inside its row, tick labels inside the axis`, () => {
          const px = detailTextPx(roomy) * k;
          for (const rows of [1, 2, 5, 6, 8])
            for (const available of [0, 60, 130, 200, 400, 800]) {
              const { height, rowH, axisH } = detailHeight(rows, available, k, roomy);
              expect(height).toBe(rows * rowH + axisH);
              expect(height).toBeGreaterThanOrEqual(detailMinHeight(rows, k, roomy));
              for (let i = 0; i < rows; i++) {
                // dominant-baseline: central puts the middle of the font's line box on the row's middle.
                const mid = i * rowH + rowH / 2;
                const half = ((ascent + descent) * px) / 2;
                expect(mid - half, `row ${i} top`).toBeGreaterThanOrEqual(i * rowH);
                expect(mid + half, `row ${i} bottom`).toBeLessThanOrEqual((i + 1) * rowH);
              }
              // d3-axis: the tick label's baseline 9 px + 0.71 em below the axis line.
              expect(9 + (0.71 + descent) * px).toBeLessThanOrEqual(detailAxisHeight(k, roomy));
            }
        });

  it('gives rows the free height, up to a limit, and never less than a label needs', () => {
    expect(detailHeight(6, 400, 1, false).rowH).toBe(30);
    expect(detailHeight(6, 0, 1, false).rowH).toBe(18);
    expect(detailHeight(6, 0, 1.3, true).rowH).toBe(Math.ceil(1.5 * 13 * 1.3));
    expect(detailMinHeight(6, 1, false)).toBe(6 * 18 + detailAxisHeight(1, false));
  });
});
