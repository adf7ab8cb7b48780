import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFullSnapshot, writeFullSnapshot, type FullSnapshotEntry } from './fullSnapshotFormat';
import type { StateDescriptor } from '../state/stateDescriptor';

const states: StateDescriptor[] = [
  { name: 'sum', kind: 'value' },
  { name: 'items', kind: 'list' },
  { name: 'avg', kind: 'aggregating', fn: 'average' },
];

const entryArb = fc.record({
  keyGroup: fc.integer({ min: 4, max: 11 }),
  stateIndex: fc.integer({ min: 0, max: 2 }),
  key: fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -1000, max: 1000 })),
  namespace: fc.oneof(fc.constant('VoidNamespace' as const), fc.record({ start: fc.integer({ min: 0, max: 99 }), end: fc.integer({ min: 100, max: 200 }) })),
  stored: fc.oneof(fc.double({ noNaN: true }), fc.array(fc.integer(), { maxLength: 5 }), fc.record({ sum: fc.integer(), count: fc.nat() })),
});

describe('full snapshot format', () => {
  it('round-trips every entry, with and without compression, reading any sub-range of key groups', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 40 }), fc.boolean(), fc.integer({ min: 4, max: 11 }), fc.integer({ min: 4, max: 11 }), (entries, compress, a, b) => {
        const range = { startKeyGroup: 4, endKeyGroup: 11 };
        const byKg = (kg: number): FullSnapshotEntry[] => entries.filter((e) => e.keyGroup === kg).map(({ keyGroup: _kg, ...e }) => e);
        const w = writeFullSnapshot(states, range, byKg, compress);
        expect(w.offsets).toHaveLength(8);
        const wanted = { startKeyGroup: Math.min(a, b), endKeyGroup: Math.max(a, b) };
        const r = readFullSnapshot(w.bytes, w.offsets, wanted, 'test-file');
        expect(r.states).toEqual(states);
        const expected = entries.filter((e) => e.keyGroup >= wanted.startKeyGroup && e.keyGroup <= wanted.endKeyGroup).sort((x, y) => x.keyGroup - y.keyGroup);
        expect(r.entries.map((e) => ({ ...e }))).toEqual(expected.map((e) => ({ stateIndex: e.stateIndex, key: e.key, namespace: e.namespace, stored: e.stored, keyGroup: e.keyGroup })));
      }),
      { numRuns: 150 },
    );
  });

  it('compression shrinks repetitive state and records the uncompressed size', () => {
    const range = { startKeyGroup: 0, endKeyGroup: 0 };
    const many = Array.from({ length: 500 }, (_, i): FullSnapshotEntry => ({ stateIndex: 1, key: `key-${i}`, namespace: 'VoidNamespace', stored: [1, 1, 1, 1, 1, 1, 1, 1] }));
    const plain = writeFullSnapshot(states, range, () => many, false);
    const packed = writeFullSnapshot(states, range, () => many, true);
    expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(packed.uncompressedSize).toBe(plain.bytes.length - 4); // the uncompressed file adds a 4-byte CRC per section
  });

  it('names the file when the bytes are corrupt', () => {
    const w = writeFullSnapshot(states, { startKeyGroup: 0, endKeyGroup: 1 }, () => [{ stateIndex: 0, key: 'a', namespace: 'VoidNamespace', stored: 1 }], false);
    const bad = w.bytes.slice();
    bad[0] = 0;
    expect(() => readFullSnapshot(bad, w.offsets, { startKeyGroup: 0, endKeyGroup: 1 }, 'chk-3/abc')).toThrow(/chk-3\/abc: not a full snapshot file/);
    expect(() => readFullSnapshot(w.bytes.subarray(0, w.bytes.length - 3), w.offsets, { startKeyGroup: 0, endKeyGroup: 1 }, 'chk-3/abc')).toThrow(/chk-3\/abc/);
    // A flipped byte inside an entry is caught by the section checksum.
    const flipped = w.bytes.slice();
    flipped[w.offsets[0]! + 6]! ^= 0x40;
    expect(() => readFullSnapshot(flipped, w.offsets, { startKeyGroup: 0, endKeyGroup: 1 }, 'chk-3/abc')).toThrow(/chk-3\/abc: key group 0: checksum mismatch/);
  });
});
