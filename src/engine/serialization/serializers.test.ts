import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignToKeyGroup } from '../keys/keyGroups';
import { compareBytes } from './bytes';
import { listSerializer, mapSerializer, type MapEntries } from './collectionSerializers';
import { DataOutputView } from './dataOutputView';
import { KEY_TAG, keySerializer, type ScenarioKey } from './keySerializer';
import { VOID_NAMESPACE } from './namespaceSerializers';
import { intSerializer } from './primitiveSerializers';
import { BASE_SERIALIZER_NAMES, serializerFor } from './serializerRegistry';
import { deserializeFromBytes, serializeToBytes, type TypeSerializer } from './typeSerializer';

const anyUtf16 = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff })), {
    maxLength: 20,
  })
  .map((units) => String.fromCharCode(...units));
const keyArb: fc.Arbitrary<ScenarioKey> = fc.oneof(
  fc.string(),
  anyUtf16,
  fc.integer(),
  fc.maxSafeInteger(),
);

/** One arbitrary per registry name; generic names are covered below with element arbitraries. */
const arbitraries: Record<string, fc.Arbitrary<unknown>> = {
  int: fc.integer(),
  long: fc.maxSafeInteger(),
  double: fc.double(),
  boolean: fc.boolean(),
  string: anyUtf16,
  bytes: fc.uint8Array({ maxLength: 40 }),
  key: keyArb,
  'void-namespace': fc.constant(VOID_NAMESPACE),
  'time-window': fc.record({ start: fc.maxSafeInteger(), end: fc.maxSafeInteger() }),
  'avg-accumulator': fc.record({ sum: fc.double(), count: fc.maxSafeInteger() }),
  'list<double>': fc.array(fc.double()),
  'list<list<key>>': fc.array(fc.array(keyArb, { maxLength: 4 }), { maxLength: 4 }),
  'list<time-window>': fc.array(
    fc.record({ start: fc.maxSafeInteger(), end: fc.maxSafeInteger() }),
    { maxLength: 5 },
  ),
};

function roundTrip<T>(s: TypeSerializer<T>, v: T): T {
  return deserializeFromBytes(s, serializeToBytes(s, v));
}

describe('type serializers', () => {
  it('cover every base serializer name in these tests', () => {
    for (const name of BASE_SERIALIZER_NAMES) expect(arbitraries[name], name).toBeDefined();
  });

  it.each(Object.keys(arbitraries))(
    '%s round-trips exactly and has a stable registry identity',
    (name) => {
      const s = serializerFor(name);
      expect(s.name).toBe(name);
      expect(serializerFor(s.name)).toBe(s);
      fc.assert(
        fc.property(arbitraries[name]!, (v) => {
          const bytes = serializeToBytes(s, v);
          if (s.fixedLength >= 0) expect(bytes.length).toBe(s.fixedLength);
          expect(deserializeFromBytes(s, bytes)).toEqual(v);
        }),
        { numRuns: 200 },
      );
    },
  );

  it.each(Object.keys(arbitraries))(
    "%s: every strict prefix of a value's bytes is rejected",
    (name) => {
      const s = serializerFor(name);
      fc.assert(
        fc.property(arbitraries[name]!, (v) => {
          const bytes = serializeToBytes(s, v);
          for (let cut = 0; cut < bytes.length; cut++) {
            expect(() => deserializeFromBytes(s, bytes.subarray(0, cut))).toThrow();
          }
        }),
        { numRuns: 50 },
      );
    },
  );

  it('map<K,V> round-trips as entries sorted by key bytes, whatever the insertion order', () => {
    const s = serializerFor<MapEntries<number, number>>('map<double,long>');
    expect(s.name).toBe(mapSerializer(serializerFor('double'), serializerFor('long')).name);
    const keyBytes = (k: number): Uint8Array =>
      serializeToBytes(serializerFor<number>('double'), k);
    const entriesAndShuffle = fc
      .uniqueArray(fc.tuple(fc.double({ noNaN: true }), fc.maxSafeInteger()), {
        selector: ([k]) => (Object.is(k, -0) ? '-0' : String(k)),
        maxLength: 30,
      })
      .chain((entries) =>
        fc.tuple(
          fc.constant(entries),
          fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
        ),
      );
    fc.assert(
      fc.property(entriesAndShuffle, ([entries, shuffled]) => {
        const bytes = serializeToBytes(s, entries);
        expect(serializeToBytes(s, shuffled)).toEqual(bytes);
        const expected = [...entries].sort((a, b) => compareBytes(keyBytes(a[0]), keyBytes(b[0])));
        expect(deserializeFromBytes(s, bytes)).toEqual(expected);
      }),
    );
  });

  it('nested maps round-trip (each level sorts its own keys)', () => {
    const s = serializerFor<MapEntries<string, MapEntries<ScenarioKey, string[]>>>(
      'map<string, map<key, list<string>>>',
    );
    expect(s.name).toBe('map<string,map<key,list<string>>>');
    const v: MapEntries<string, MapEntries<ScenarioKey, string[]>> = [
      [
        'z',
        [
          [2, ['x']],
          ['b', []],
          [-1, ['p', 'q']],
        ],
      ],
      ['a', []],
    ];
    expect(roundTrip(s, v)).toEqual([
      ['a', []],
      [
        'z',
        [
          ['b', []],
          [2, ['x']],
          [-1, ['p', 'q']],
        ],
      ],
    ]);
  });

  it('map<K,V> refuses duplicate keys', () => {
    expect(() =>
      serializeToBytes(serializerFor('map<key,int>'), [
        ['a', 1],
        ['b', 2],
        ['a', 3],
      ]),
    ).toThrow(/duplicate key "a"/);
  });

  it('scenario keys keep their Java type, hashCode and key group across a round trip', () => {
    fc.assert(
      fc.property(keyArb, (k) => {
        const back = roundTrip(keySerializer, k);
        expect(back).toBe(k === 0 ? 0 : k); // -0 comes back as 0, same key for Flink
        expect(assignToKeyGroup(back, 4096)).toBe(assignToKeyGroup(k, 4096));
      }),
    );
    expect(serializeToBytes(keySerializer, 7)[0]).toBe(KEY_TAG.Integer);
    expect(serializeToBytes(keySerializer, 2 ** 31)[0]).toBe(KEY_TAG.Long);
    expect(serializeToBytes(keySerializer, '7')[0]).toBe(KEY_TAG.String);
  });

  it('the generic helpers detect trailing bytes and reuse a scratch view', () => {
    const scratch = new DataOutputView(1);
    const a = serializeToBytes(intSerializer, 1, scratch);
    const b = serializeToBytes(intSerializer, 2, scratch);
    expect([...a, ...b]).toEqual([0, 0, 0, 1, 0, 0, 0, 2]);
    expect(() => deserializeFromBytes(intSerializer, Uint8Array.of(0, 0, 0, 1, 9))).toThrow(
      /1 trailing byte\(s\) after a 'int' value at offset 4/,
    );
  });

  it('reject values of the wrong shape with a message naming the value', () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['int', 1.5, /int32, got 1.5/],
      ['long', 2 ** 53, /safe integer, got 9007199254740992/],
      ['key', 0.5, /string or a safe integer, got 0.5/],
      ['key', true, /got boolean/],
      ['void-namespace', 'x', /got "x"/],
      ['time-window', { start: 1 }, /\{ start, end \}.*got \{"start":1\}/],
      ['avg-accumulator', { sum: 1, count: 0.5 }, /got \{"sum":1,"count":0.5\}/],
      ['list<int>', 'nope', /must be an array/],
      ['map<int,int>', [[1]], /entry 0 must be a \[key, value\] pair/],
      ['bytes', [1, 2], /Uint8Array/],
    ];
    for (const [name, value, message] of cases) {
      expect(() => serializeToBytes(serializerFor(name), value), name).toThrow(message);
    }
  });

  it('reject corrupt tags and counts, naming the offset', () => {
    expect(() => deserializeFromBytes(keySerializer, Uint8Array.of(9))).toThrow(
      /unknown key tag 9 at offset 0/,
    );
    expect(() =>
      deserializeFromBytes(keySerializer, Uint8Array.of(2, 0, 0, 0, 0, 0, 0, 0, 5)),
    ).toThrow(/Long tag for int32 value 5/);
    expect(() =>
      deserializeFromBytes(listSerializer(intSerializer), Uint8Array.of(0x7f, 0, 0, 0)),
    ).toThrow(/bad element count 2130706432 at offset 0/);
  });

  it('serializerFor explains unknown or malformed names', () => {
    expect(() => serializerFor('float')).toThrow(
      /unknown serializer 'float' in 'float' \(known: int, long/,
    );
    expect(() => serializerFor('list<int')).toThrow(/expected '>' at position 8/);
    expect(() => serializerFor('map<int>')).toThrow(/expected ','/);
    expect(() => serializerFor('int>')).toThrow(/unexpected '>'/);
    expect(serializerFor('list< int >')).toBe(serializerFor('list<int>'));
  });
});
