import { describe, expect, it } from 'vitest';
import { color, interpolateRainbow } from 'd3';
import { rainbow } from './colors';

describe('key-group rainbow', () => {
  it('is the same ramp as d3-scale-chromatic interpolateRainbow', () => {
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      expect(rainbow(t)).toBe(color(interpolateRainbow(t))!.formatHex());
    }
  });

  it('closes on itself, so the last key group sits next to the first', () => {
    expect(rainbow(1)).toBe(rainbow(0));
    expect(rainbow(0.25)).not.toBe(rainbow(0.75));
  });
});
