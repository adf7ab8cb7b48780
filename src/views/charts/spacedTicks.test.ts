import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3';
import { spacedTicks } from './spacedTicks';

describe('spacedTicks', () => {
  const y = scaleLinear().domain([0, 10]).range([30, 0]);
  it('keeps every tick when there is room', () => {
    expect(spacedTicks([0, 5, 10], y, 14)).toEqual([0, 5, 10]);
  });
  it('drops the ticks whose labels would overlap the one below', () => {
    expect(spacedTicks([0, 2.5, 5, 7.5, 10], y, 14)).toEqual([0, 5, 10]);
    expect(spacedTicks([0, 5, 10], y, 16)).toEqual([0, 10]);
  });
  it('keeps the bottom tick even when nothing else fits', () => {
    expect(spacedTicks([10, 0, 5], y, 100)).toEqual([0]);
  });
});
