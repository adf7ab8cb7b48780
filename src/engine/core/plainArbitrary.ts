/**
 * Test helpers for plain data (plainData.ts): arbitrary plain values for property tests, with
 * byte arrays and own "__proto__" keys (user JSON may hold one), and a check that a value is
 * frozen throughout.
 */
import fc from 'fast-check';

export const plainValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true }),
    fc.string(),
    fc.uint8Array({ maxLength: 4 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__')), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** Every object and array reachable from `v` is frozen (byte arrays cannot be, and are shared). */
export function frozenThrough(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || v instanceof Uint8Array) return true;
  return Object.isFrozen(v) && Object.values(v).every(frozenThrough);
}
