import { describe, expect, it } from 'vitest';
import { barPathsByFill, slotAt } from './denseBars';

describe('dense bars', () => {
  it('draws every bar of a fill as one rectangle of one path, skipping empty bars', () => {
    const paths = barPathsByFill([
      { x: 0, y: 10, w: 2, h: 5, fill: 'red' },
      { x: 3, y: 0, w: 2, h: 15, fill: 'blue' },
      { x: 6, y: 12, w: 2, h: 0, fill: 'red' },
      { x: 9, y: 5, w: 2, h: 10, fill: 'red' },
    ]);
    expect(paths).toEqual([
      ['red', 'M0,10h2v5h-2ZM9,5h2v10h-2Z'],
      ['blue', 'M3,0h2v15h-2Z'],
    ]);
  });

  it('finds the slot under the pointer from the slots’ left edges', () => {
    const edges = [10, 20, 30];
    expect(slotAt(edges, 5)).toBeNull();
    expect(slotAt(edges, 10)).toBe(0);
    expect(slotAt(edges, 19.9)).toBe(0);
    expect(slotAt(edges, 25)).toBe(1);
    expect(slotAt(edges, 400)).toBe(2);
    expect(slotAt([], 3)).toBeNull();
  });
});
