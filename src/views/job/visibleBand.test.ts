import { describe, expect, it } from 'vitest';
import { BAND_MARGIN, BAND_STEP, bandOf, inBand } from './useVisibleBand';

describe('the band of a zoomed job graph whose items are drawn', () => {
  it('covers what the frame shows, in layout units, plus a margin, rounded out to whole steps', () => {
    // A frame 300 px high, scrolled 450 px down, drawing the graph at 1.5 px per layout unit: it shows y 300–500.
    const band = bandOf(450, 300, 1.5);
    expect(band.y0).toBeLessThanOrEqual(300 - BAND_MARGIN);
    expect(band.y1).toBeGreaterThanOrEqual(500 + BAND_MARGIN);
    expect(band.y0 % BAND_STEP).toBe(0);
    expect(band.y1 % BAND_STEP).toBe(0);
    expect(band.y1 - band.y0).toBeLessThanOrEqual(200 + 2 * BAND_MARGIN + 2 * BAND_STEP);
  });

  it('stays the same while scrolling within a step, so the graph is not drawn anew at every scroll event', () => {
    expect(bandOf(451, 300, 1.5)).toEqual(bandOf(455, 300, 1.5));
    expect(bandOf(450 + BAND_STEP * 1.5, 300, 1.5)).not.toEqual(bandOf(450, 300, 1.5));
  });

  it('keeps the items inside it, and all of them without a band', () => {
    const items = [{ y: 10 }, { y: 250 }, { y: 480 }, { y: 700 }];
    expect(inBand(items, { y0: 240, y1: 480 })).toEqual([{ y: 250 }, { y: 480 }]);
    expect(inBand(items, null)).toBe(items);
  });
});
