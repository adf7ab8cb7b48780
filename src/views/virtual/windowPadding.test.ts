import { describe, expect, it } from 'vitest';
import { windowPadding } from './windowPadding';

describe('windowPadding', () => {
  it('stands in for the rows above and below the window, net of the list offset', () => {
    // Rows of 20 px, the list 100 px down its panel, rows 10–14 rendered out of 50 (1000 px).
    const items = [10, 11, 12, 13, 14].map((index) => ({ index, start: 100 + index * 20, end: 100 + (index + 1) * 20 }));
    expect(windowPadding(items, 1000, 100)).toEqual({ top: 200, bottom: 700 });
  });
  it('keeps the whole height when nothing is rendered', () => {
    expect(windowPadding([], 480, 30)).toEqual({ top: 0, bottom: 480 });
  });
  it('has no spacer at either end when the window is the whole list', () => {
    const items = [0, 1].map((index) => ({ index, start: 5 + index * 10, end: 5 + (index + 1) * 10 }));
    expect(windowPadding(items, 20, 5)).toEqual({ top: 0, bottom: 0 });
  });
});
