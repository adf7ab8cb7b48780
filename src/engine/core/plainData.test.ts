import { describe, expect, it } from 'vitest';
import { clonePlain, digestPlain } from './plainData';

describe('plain data', () => {
  it('clones deeply, sharing byte arrays', () => {
    const bytes = Uint8Array.of(1, 2, 3);
    const v = { a: [1, { b: 'x' }], bytes };
    const c = clonePlain(v);
    expect(c).toEqual(v);
    expect(c.a).not.toBe(v.a);
    expect(c.bytes).toBe(bytes);
  });

  it('keeps an own "__proto__" key as data (user JSON may contain one)', () => {
    const v = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as Record<string, unknown>;
    const c = clonePlain(v);
    expect(Object.keys(c)).toEqual(['__proto__', 'y']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(digestPlain(c)).toBe(digestPlain(v));
  });
});
