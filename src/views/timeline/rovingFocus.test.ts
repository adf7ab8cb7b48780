import { describe, expect, it } from 'vitest';
import { rovingTarget } from './rovingFocus';

describe('rovingTarget', () => {
  it('moves by one and stops at the ends instead of wrapping', () => {
    expect(rovingTarget('ArrowRight', 1, 4)).toBe(2);
    expect(rovingTarget('ArrowDown', 3, 4)).toBe(3);
    expect(rovingTarget('ArrowLeft', 1, 4)).toBe(0);
    expect(rovingTarget('ArrowUp', 0, 4)).toBe(0);
  });
  it('jumps to the ends with Home and End', () => {
    expect(rovingTarget('Home', 2, 4)).toBe(0);
    expect(rovingTarget('End', 0, 4)).toBe(3);
  });
  it('leaves other keys alone', () => {
    expect(rovingTarget('Enter', 2, 4)).toBeNull();
    expect(rovingTarget('a', 2, 4)).toBeNull();
  });
});
