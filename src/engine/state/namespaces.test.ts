import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignToKeyGroup } from '../keys/keyGroups';
import { HeapKeyedStateBackend } from './heapKeyedStateBackend';
import {
  checkNamespace,
  namespaceHashCode,
  namespaceId,
  timeWindow,
  VOID_NAMESPACE,
} from './namespaces';

describe('namespaces and hashing', () => {
  it("uses Java's hash codes: VoidNamespace is 99, TimeWindow is longToIntWithBitMixing(start + end)", () => {
    expect(namespaceHashCode(VOID_NAMESPACE)).toBe(99);
    // Expected values computed by OpenJDK 17 with long arithmetic.
    const vectors: Array<[number, number, number]> = [
      [0, 10, -1456339591],
      [10, 20, 1775512178],
      [0, 20, 1382288114],
      [1700000000000, 1700000060000, -1467861822],
      [-5, 3, -1552742142],
      [9007199254740000, 9007199254740991, -860639903],
    ];
    for (const [start, end, hash] of vectors)
      expect(namespaceHashCode(timeWindow(start, end))).toBe(hash);
  });

  it('gives every namespace a distinct id and validates windows', () => {
    expect(namespaceId(VOID_NAMESPACE)).toBe('');
    expect(namespaceId(timeWindow(0, 10))).toBe('w0,10|');
    expect(() => timeWindow(10, 10)).toThrow(
      /end must be a safe integer greater than start \(10\), got 10/,
    );
    expect(() => checkNamespace(null)).toThrow(/must not be null/);
    expect(() => checkNamespace({ from: 1 })).toThrow(/must be 'VoidNamespace' or a TimeWindow/);
  });

  it('computes the same key group as assignToKeyGroup (the backend hashes each key once and reuses it)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger()),
        fc.constantFrom(1, 7, 128, 4096, 32768),
        (key, maxP) => {
          const b = HeapKeyedStateBackend.create(maxP, { startKeyGroup: 0, endKeyGroup: maxP - 1 });
          b.setCurrentKey(key);
          expect(b.getCurrentKeyGroupIndex()).toBe(assignToKeyGroup(key, maxP));
        },
      ),
    );
  });
});
