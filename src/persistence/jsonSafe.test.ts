// The export codecs: base64 and the tagged JSON encoding are lossless.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64';
import { fromJsonSafe, toJsonSafe } from './jsonSafe';

const valueArb = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.string(),
    fc.uint8Array({ maxLength: 20 }),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('$bytes', '$object', '$x')), tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

describe('jsonSafe', () => {
  it('round-trips structured-clone data through JSON text', () => {
    fc.assert(
      fc.property(valueArb, (v) => {
        const text = JSON.stringify(toJsonSafe(v));
        expect(fromJsonSafe(JSON.parse(text))).toEqual(v);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps -0, NaN, infinities, undefined, maps, sets and other binary types', () => {
    const v = { z: -0, n: Number.NaN, i: -Infinity, u: undefined, m: new Map([[1, 'a']]), s: new Set(['x']), f: new Float64Array([1.5]), b: new Uint8Array([1, 2]).buffer, big: 10n };
    const back = fromJsonSafe(JSON.parse(JSON.stringify(toJsonSafe(v)))) as typeof v;
    expect(Object.is(back.z, -0)).toBe(true);
    expect(back).toEqual(v);
  });

  it('marks what JSON cannot hold instead of failing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toJsonSafe(cyclic)).toEqual({ self: { $unsupported: 'cycle' } });
    expect(() => fromJsonSafe({ $unsupported: 'cycle' })).toThrow(/could not hold/);
  });
});

describe('base64', () => {
  it('round-trips any bytes, including large ones', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(base64ToBytes(bytesToBase64(b))).toEqual(b);
      }),
    );
    const big = Uint8Array.from({ length: 200_000 }, (_, i) => i & 0xff);
    expect(base64ToBytes(bytesToBase64(big))).toEqual(big);
    expect(bytesToBase64(new Uint8Array([104, 105]))).toBe('aGk=');
  });
});
