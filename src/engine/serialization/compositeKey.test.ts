import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignToKeyGroup } from '../keys/keyGroups';
import { compareBytes } from './bytes';
import {
  compositeKeyLayout,
  computeRequiredBytesInKeyGroupPrefix,
  deserializeCompositeKey,
  extractKeyGroup,
  readKeyGroup,
  serializeCompositeKey,
  serializeKeyGroupPrefix,
  writeKeyGroup,
} from './compositeKey';
import { DataInputView } from './dataInputView';
import { DataOutputView } from './dataOutputView';
import type { ScenarioKey } from './keySerializer';
import { VOID_NAMESPACE } from './namespaceSerializers';

const keyArb: fc.Arbitrary<ScenarioKey> = fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger());
const windowArb = fc.record({ start: fc.maxSafeInteger(), end: fc.maxSafeInteger() });
const maxPArb = fc.oneof(fc.integer({ min: 1, max: 128 }), fc.integer({ min: 129, max: 32768 }));

/** Layouts used by the engine, plus an ambiguous one (variable key and namespace). */
const layouts = [
  {
    name: 'key + VoidNamespace',
    key: 'key',
    ns: 'void-namespace',
    keyArb,
    nsArb: fc.constant(VOID_NAMESPACE),
  },
  { name: 'key + TimeWindow', key: 'key', ns: 'time-window', keyArb, nsArb: windowArb },
  {
    name: 'string + string (ambiguous)',
    key: 'string',
    ns: 'string',
    keyArb: fc.string(),
    nsArb: fc.string(),
  },
  {
    name: 'int + VoidNamespace',
    key: 'int',
    ns: 'void-namespace',
    keyArb: fc.integer(),
    nsArb: fc.constant(VOID_NAMESPACE),
  },
] as const;

describe('composite RocksDB keys', () => {
  it('use a 1-byte key-group prefix up to 128 key groups, 2 bytes beyond', () => {
    expect([1, 2, 127, 128, 129, 4096, 32768].map(computeRequiredBytesInKeyGroupPrefix)).toEqual([
      1, 1, 1, 1, 2, 2, 2,
    ]);
    expect(() => computeRequiredBytesInKeyGroupPrefix(0)).toThrow(/maxParallelism .*got 0/);
    expect(() => computeRequiredBytesInKeyGroupPrefix(32769)).toThrow(/got 32769/);
  });

  it('start with the big-endian key group Flink assigns to the key', () => {
    // From keygroups.json: "a" → key group 81 at maxP 128 and 3025 (0x0bd1) at maxP 4096.
    const small = compositeKeyLayout(128, 'key', 'void-namespace');
    const big = compositeKeyLayout(4096, 'key', 'void-namespace');
    expect(
      Array.from(
        serializeCompositeKey(small, assignToKeyGroup('a', 128), 'a', VOID_NAMESPACE).subarray(
          0,
          1,
        ),
      ),
    ).toEqual([81]);
    expect(
      Array.from(
        serializeCompositeKey(big, assignToKeyGroup('a', 4096), 'a', VOID_NAMESPACE).subarray(0, 2),
      ),
    ).toEqual([0x0b, 0xd1]);
    expect(Array.from(serializeKeyGroupPrefix(3025, 2))).toEqual([0x0b, 0xd1]);
    expect(extractKeyGroup(2, Uint8Array.of(0x0b, 0xd1, 0))).toBe(3025);
    expect(extractKeyGroup(2, Uint8Array.of(0x0b))).toBe(-1);
    const out = new DataOutputView();
    writeKeyGroup(300, 2, out);
    expect(readKeyGroup(2, new DataInputView(out.toBytes()))).toBe(300);
  });

  it.each(layouts)(
    '$name: round-trips (key group, key, namespace)',
    ({ key, ns, keyArb: k, nsArb }) => {
      const scratch = new DataOutputView(1);
      fc.assert(
        fc.property(
          maxPArb,
          fc.nat(),
          k as fc.Arbitrary<unknown>,
          nsArb as fc.Arbitrary<unknown>,
          (maxP, seed, kv, nv) => {
            const layout = compositeKeyLayout(maxP, key, ns);
            const kg = seed % maxP;
            const bytes = serializeCompositeKey(layout, kg, kv, nv, scratch);
            expect(extractKeyGroup(layout.keyGroupPrefixBytes, bytes)).toBe(kg);
            expect(deserializeCompositeKey(layout, bytes)).toEqual({
              keyGroup: kg,
              key: kv,
              namespace: nv,
            });
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it.each(layouts)(
    '$name: key group is the major sort key under unsigned byte order',
    ({ key, ns, keyArb: k, nsArb }) => {
      const entry = fc.tuple(fc.nat(), k as fc.Arbitrary<unknown>, nsArb as fc.Arbitrary<unknown>);
      fc.assert(
        fc.property(maxPArb, fc.array(entry, { minLength: 2, maxLength: 40 }), (maxP, entries) => {
          const layout = compositeKeyLayout(maxP, key, ns);
          const encoded = entries.map(([seed, kv, nv]) => ({
            kg: seed % maxP,
            bytes: serializeCompositeKey(layout, seed % maxP, kv, nv),
          }));
          encoded.sort((a, b) => compareBytes(a.bytes, b.bytes));
          // Sorted by bytes ⇒ sorted by key group: every key group is one contiguous run.
          for (let i = 1; i < encoded.length; i++)
            expect(encoded[i - 1]!.kg).toBeLessThanOrEqual(encoded[i]!.kg);
          // The prefix of a key group sorts before all its keys and after every key of a smaller group.
          for (const e of encoded) {
            const prefix = serializeKeyGroupPrefix(e.kg, layout.keyGroupPrefixBytes);
            expect(compareBytes(prefix, e.bytes)).toBeLessThan(0);
            if (e.kg + 1 < (layout.keyGroupPrefixBytes === 1 ? 256 : 65536)) {
              expect(
                compareBytes(
                  serializeKeyGroupPrefix(e.kg + 1, layout.keyGroupPrefixBytes),
                  e.bytes,
                ),
              ).toBeGreaterThan(0);
            }
          }
        }),
        { numRuns: 200 },
      );
    },
  );

  it('append part lengths when key and namespace are both variable-sized, so parts cannot blur', () => {
    const amb = compositeKeyLayout<string, string>(128, 'string', 'string');
    expect(amb.ambiguousKeyPossible).toBe(true);
    expect(compositeKeyLayout(128, 'key', 'void-namespace').ambiguousKeyPossible).toBe(false);
    const a = serializeCompositeKey(amb, 5, 'ab', 'c');
    const b = serializeCompositeKey(amb, 5, 'a', 'bc');
    expect(compareBytes(a, b)).not.toBe(0);
    // prefix, len 2 "ab", suffix 3 (bytes of the key incl. its varint), len 1 "c", suffix 2.
    expect(Array.from(a)).toEqual([5, 2, 0x61, 0x62, 3, 1, 0x63, 2]);
  });

  it('reject out-of-range key groups, truncated and trailing bytes, naming values and offsets', () => {
    const layout = compositeKeyLayout(128, 'key', 'time-window');
    expect(() => serializeCompositeKey(layout, 128, 'a', { start: 0, end: 1 })).toThrow(
      /keyGroup must be .*\[0, 127\].*got 128/,
    );
    expect(() => serializeCompositeKey(layout, -1, 'a', { start: 0, end: 1 })).toThrow(/got -1/);
    const bytes = serializeCompositeKey(layout, 3, 'a', { start: 0, end: 1 });
    expect(() => deserializeCompositeKey(layout, bytes.subarray(0, bytes.length - 1))).toThrow(
      /readLong needs 8 byte\(s\) at offset 12, only 7 remain/,
    );
    expect(() => deserializeCompositeKey(layout, Uint8Array.of(...bytes, 0))).toThrow(
      /1 trailing byte\(s\) at offset 20/,
    );
    const amb = compositeKeyLayout<string, string>(128, 'string', 'string');
    const c = serializeCompositeKey(amb, 1, 'k', 'n');
    c[3] = 9; // corrupt the key's length suffix
    expect(() => deserializeCompositeKey(amb, c)).toThrow(/length suffix at offset 3/);
    expect(() => serializeKeyGroupPrefix(256, 1)).toThrow(/\[0, 255\].*got 256/);
    expect(() => extractKeyGroup(3, Uint8Array.of(1))).toThrow(
      /keyGroupPrefixBytes must be 1 or 2, got 3/,
    );
  });
});
