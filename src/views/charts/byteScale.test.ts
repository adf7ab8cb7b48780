import { describe, expect, it } from 'vitest';
import { formatBytes } from '../format';
import { byteScale } from './byteScale';

describe('byteScale', () => {
  it('puts ticks on round kilobytes, so labels say exactly what they mark', () => {
    const { y, ticks } = byteScale(7_000, 100, 5);
    expect(ticks.map(formatBytes)).toEqual([
      '0 B',
      '1.0 KB',
      '2.0 KB',
      '3.0 KB',
      '4.0 KB',
      '5.0 KB',
      '6.0 KB',
      '7.0 KB',
    ]);
    expect(y.domain()[1]).toBeGreaterThanOrEqual(7_000);
    expect(y(0)).toBe(100);
  });

  it('stays in whole bytes below a kilobyte', () => {
    expect(byteScale(500, 100, 5).ticks).toEqual([0, 100, 200, 300, 400, 500]);
    expect(byteScale(0, 100, 5).ticks).toEqual([0, 1]);
  });
});
