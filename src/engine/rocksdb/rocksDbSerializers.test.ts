import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain, type Plain } from '../core/plainData';
import { DataInputView, DataOutputView, serializeCompositeKey, serializeToBytes, deserializeFromBytes } from '../serialization';
import { timeWindow, VOID_NAMESPACE, type Namespace } from '../state/namespaces';
import type { StateKey } from '../state/stateKeyIds';
import { appendDelimited, deserializeDelimitedList, LIST_DELIMITER, serializeDelimitedList } from './listDelimitedSerializer';
import { plainValueSerializer } from '../serialization';
import { decodeRocksDbKey, rocksDbKeyLayout, startsWithPrefix } from './rocksDbKeySerializationUtils';
import { rocksDbNamespaceSerializer } from './rocksDbNamespaceSerializer';
import { mapUserKeySerializer } from './rocksDbStateSerializers';
import { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

/** Plain data as engine state holds it (no undefined, no class instances). */
const plainArb: fc.Arbitrary<Plain> = fc.letrec<{ v: Plain }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-0, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER),
    fc.string({ unit: 'grapheme' }),
    fc.uint8Array({ maxLength: 8 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('v'), { maxKeys: 4 }),
  ),
})).v;

const keyArb: fc.Arbitrary<StateKey> = fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger());
const nsArb: fc.Arbitrary<Namespace> = fc.oneof(
  fc.constant(VOID_NAMESPACE),
  fc.tuple(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 })).map(([s, len]) => timeWindow(s, s + len)),
);

describe('plainValueSerializer (the stand-in for a descriptor TypeSerializer)', () => {
  it('round-trips any plain value exactly (-0, NaN, byte arrays, nesting) and returns a fresh copy', () => {
    fc.assert(
      fc.property(plainArb, (v) => {
        const bytes = serializeToBytes(plainValueSerializer, v);
        const back = deserializeFromBytes(plainValueSerializer, bytes);
        expect(back).toEqual(v);
        expect(Object.is(back, -0)).toBe(Object.is(v, -0));
        if (v !== null && typeof v === 'object') expect(back).not.toBe(v);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps an own "__proto__" property a property', () => {
    const v = JSON.parse('{"__proto__": 1, "a": [2]}') as Plain;
    const back = deserializeFromBytes(plainValueSerializer, serializeToBytes(plainValueSerializer, v));
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back as object)).toEqual(['__proto__', 'a']);
    expect(back).toEqual(v);
  });

  it('stores an int32 in 5 bytes and rejects what is not plain data, naming it', () => {
    expect(serializeToBytes(plainValueSerializer, 7)).toEqual(Uint8Array.of(3, 0, 0, 0, 7));
    expect(() => serializeToBytes(plainValueSerializer, new Map() as unknown as Plain)).toThrow(/only plain objects.*Map/);
    expect(() => serializeToBytes(plainValueSerializer, (() => 1) as unknown as Plain)).toThrow(/function is not plain data/);
    expect(() => deserializeFromBytes(plainValueSerializer, Uint8Array.of(42))).toThrow(/unknown tag 42 at offset 0/);
    expect(() => deserializeFromBytes(plainValueSerializer, Uint8Array.of(7, 100))).toThrow(/bad element count 100/);
  });
});

describe('rocksDbNamespaceSerializer', () => {
  it('writes VoidNamespace as the single 0 byte of VoidNamespaceSerializer and a window as 1 + start + end', () => {
    expect(serializeToBytes(rocksDbNamespaceSerializer, VOID_NAMESPACE)).toEqual(Uint8Array.of(0));
    const w = serializeToBytes(rocksDbNamespaceSerializer, timeWindow(1, 2));
    expect(w).toEqual(Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2));
    fc.assert(
      fc.property(nsArb, (ns) => {
        expect(deserializeFromBytes(rocksDbNamespaceSerializer, serializeToBytes(rocksDbNamespaceSerializer, ns))).toEqual(ns);
      }),
    );
    expect(() => deserializeFromBytes(rocksDbNamespaceSerializer, Uint8Array.of(9))).toThrow(/unknown namespace tag 9/);
  });
});

describe('ListDelimitedSerializer', () => {
  it('writes elements separated by "," and reads them back; appending operands equals serializing the concatenation', () => {
    fc.assert(
      fc.property(fc.array(plainArb, { maxLength: 5 }), fc.array(plainArb, { minLength: 1, maxLength: 5 }), (a, b) => {
        const ser = (xs: Plain[]): Uint8Array => {
          const out = new DataOutputView();
          serializeDelimitedList(xs, plainValueSerializer, out);
          return out.toBytes();
        };
        expect(deserializeDelimitedList(ser(a), plainValueSerializer)).toEqual(a);
        const appended = appendDelimited(a.length === 0 ? null : ser(a), ser(b));
        expect(appended).toEqual(ser([...a, ...b]));
        expect(deserializeDelimitedList(appended, plainValueSerializer, new DataInputView(new Uint8Array(0)))).toEqual([...a, ...b]);
      }),
      { numRuns: 200 },
    );
    const two = Uint8Array.of(3, 0, 0, 0, 1, LIST_DELIMITER, 3, 0, 0, 0, 2);
    expect(deserializeDelimitedList(two, plainValueSerializer)).toEqual([1, 2]);
    expect(() => deserializeDelimitedList(Uint8Array.of(3, 0, 0, 0, 1, 59, 1), plainValueSerializer)).toThrow(/expected the ',' delimiter at offset 5, got byte 59/);
  });
});

describe('SerializedCompositeKeyBuilder and key decoding', () => {
  it('builds exactly the bytes of serializeCompositeKey (plus the user key for MapState) and decodes them back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32768 }), keyArb, keyArb, nsArb, nsArb, fc.nat(), fc.oneof(fc.string(), fc.integer()), (maxP, k1, k2, ns1, ns2, kgSeed, uk) => {
        const layout = rocksDbKeyLayout(maxP);
        const builder = new SerializedCompositeKeyBuilder(layout);
        for (const [key, ns] of [[k1, ns1], [k2, ns2], [k1, ns2]] as const) {
          const kg = kgSeed % maxP;
          builder.setKeyAndKeyGroup(key, kg);
          const bytes = builder.buildCompositeKeyNamespace(ns);
          expect(bytes).toEqual(serializeCompositeKey(layout, kg, key, ns));
          expect(decodeRocksDbKey(layout, bytes, false)).toEqual({ keyGroup: kg, key, namespace: ns, prefixLength: bytes.length });
          const withUk = builder.buildCompositeKeyNamespaceUserKey(ns, uk, mapUserKeySerializer);
          expect(startsWithPrefix(bytes, withUk)).toBe(true);
          expect(decodeRocksDbKey(layout, withUk, true)).toEqual({ keyGroup: kg, key, namespace: ns, prefixLength: bytes.length, userKey: uk });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('carries key and namespace lengths, because both are variable-sized (Flink: isAmbiguousKeyPossible)', () => {
    const layout = rocksDbKeyLayout(128);
    expect(layout.ambiguousKeyPossible).toBe(true);
    expect(layout.keyGroupPrefixBytes).toBe(1);
    expect(rocksDbKeyLayout(129).keyGroupPrefixBytes).toBe(2);
    const b = new SerializedCompositeKeyBuilder(layout);
    b.setKeyAndKeyGroup('a', 81);
    // kg 81 | String tag 0, varint length 1, 'a' | key length 3 | VoidNamespace 0 | namespace length 1
    expect(b.buildCompositeKeyNamespace(VOID_NAMESPACE)).toEqual(Uint8Array.of(81, 0, 1, 97, 3, 0, 1));
    expect(() => decodeRocksDbKey(layout, Uint8Array.of(81, 0, 1, 97, 3, 0, 1, 9), false)).toThrow(/1 trailing byte/);
    expect(() => new SerializedCompositeKeyBuilder(layout).buildCompositeKeyNamespace(VOID_NAMESPACE)).toThrow(/no key set/);
  });

  it('keeps plain data values intact when keys are built in between (the builder never aliases stored bytes)', () => {
    const layout = rocksDbKeyLayout(128);
    const b = new SerializedCompositeKeyBuilder(layout);
    b.setKeyAndKeyGroup('k', 1);
    const first = b.buildCompositeKeyNamespace(VOID_NAMESPACE);
    const copy = clonePlain(first).slice();
    b.setKeyAndKeyGroup('other', 2);
    b.buildCompositeKeyNamespace(timeWindow(0, 10));
    expect(first).toEqual(copy);
  });
});
