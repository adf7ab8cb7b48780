import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOID_NAMESPACE } from '../../state/namespaces';
import {
  ChangelogFileError,
  openChangelogStream,
  readChangeSetAt,
  writeChangelogFile,
} from './changelogFile';
import { META_KEY_GROUP, dataChange, metadataChange } from './stateChange';
import { decodeStateChange, encodeStateChange, stateChangeSize } from './stateChangeSerializer';
import {
  STATE_CHANGE_OPERATION_CODES as OP,
  stateChangeOperationByCode,
  stateChangeOperationName,
} from './stateChangeOperation';
import { StateChangeFormatError, readChangeSetRecord } from './stateChangeFormat';
import { stateChangeSet } from './stateChangeSet';
import { changeSetsArb, inFormatOrder, stateChangeArb } from './testSupport';

const FILE = 'job-1/dstl/tm-0-batch-1';

describe('StateChangeOperation', () => {
  it("has Flink's codes", () => {
    expect(OP).toEqual({
      CLEAR: 0,
      SET: 1,
      SET_INTERNAL: 2,
      ADD: 3,
      MERGE_NS: 4,
      ADD_ELEMENT: 5,
      ADD_OR_UPDATE_ELEMENT: 6,
      REMOVE_ELEMENT: 7,
      METADATA: 8,
    });
    expect(stateChangeOperationName(6)).toBe('ADD_OR_UPDATE_ELEMENT');
    expect(() => stateChangeOperationByCode(9)).toThrow(/unknown operation code 9/);
  });
});

describe('one change: AbstractStateChangeLogger#serialize', () => {
  it('starts with the op code and round-trips', () => {
    fc.assert(
      fc.property(stateChangeArb(), (c) => {
        const bytes = encodeStateChange(c);
        expect(bytes[0]).toBe(c.op);
        expect(bytes.length).toBe(stateChangeSize(c));
        expect(decodeStateChange(bytes, 0, bytes.length, c.keyGroup)).toEqual(c);
      }),
    );
  });

  it('metadata lives in META_KEY_GROUP with no scope', () => {
    const m = metadataChange('count', { name: 'count', kind: 'value' });
    expect(m).toMatchObject({
      keyGroup: META_KEY_GROUP,
      op: OP.METADATA,
      key: '',
      namespace: VOID_NAMESPACE,
    });
    expect(() =>
      dataChange(3, {
        op: OP.METADATA,
        state: 's',
        key: 1,
        namespace: VOID_NAMESPACE,
        payload: null,
      }),
    ).toThrow(/use metadataChange/);
    expect(() =>
      dataChange(-1, { op: OP.SET, state: 's', key: 1, namespace: VOID_NAMESPACE, payload: 1 }),
    ).toThrow(/key group ≥ 0, got -1/);
  });
});

describe('StateChangeFormat: several writers in one file', () => {
  it('every change set reads back at its offset (property, with and without compression)', () => {
    const writers = fc.uniqueArray(
      fc.constantFrom('map#0', 'map#1', 'window#0', 'sink#2', 'src#3'),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(
        writers.chain((ids) => fc.tuple(...ids.map((id) => changeSetsArb(id, 7)))),
        fc.boolean(),
        (groups, compression) => {
          const file = writeChangelogFile(groups, { compression });
          const offsets = file.placements.flat().map((p) => p.offset);
          expect(new Set(offsets).size).toBe(offsets.length);
          expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
          groups.forEach((sets, g) =>
            sets.forEach((set, i) => {
              const placement = file.placements[g]![i]!;
              expect(placement).toMatchObject({
                logId: set.logId,
                sequenceNumber: set.sequenceNumber,
                size: set.sizeBytes,
              });
              const read = readChangeSetAt(file.bytes, FILE, placement.offset);
              expect(read.recordBytes).toBe(placement.recordBytes);
              expect(read.changeSet).toEqual({ ...set, changes: inFormatOrder(set.changes) });
            }),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sorts each task by log id, then sequence number, and puts metadata first in a change set', () => {
    const c = (kg: number, v: number) =>
      dataChange(kg, { op: OP.SET, state: 'v', key: v, namespace: VOID_NAMESPACE, payload: v });
    const b1 = stateChangeSet('b', 1, [c(5, 1), c(2, 2)]);
    const b0 = stateChangeSet('b', 0, [c(1, 3)]);
    const a4 = stateChangeSet('a', 4, [c(9, 4), metadataChange('v', { name: 'v' }), c(2, 5)]);
    const file = writeChangelogFile([[b1, a4, b0]], { compression: false });
    expect(file.placements[0]!.map((p) => `${p.logId}:${p.sequenceNumber}`)).toEqual([
      'a:4',
      'b:0',
      'b:1',
    ]);
    const read = readChangeSetAt(file.bytes, FILE, file.placements[0]![0]!.offset).changeSet;
    expect(read.changes.map((x) => x.keyGroup)).toEqual([META_KEY_GROUP, 2, 9]);
  });

  it('starts the file with the compression flag and compresses the stream when asked', () => {
    const set = stateChangeSet(
      'w',
      0,
      Array.from({ length: 50 }, (_, i) =>
        dataChange(1, {
          op: OP.ADD_ELEMENT,
          state: 'l',
          key: 'k',
          namespace: VOID_NAMESPACE,
          payload: 'same element' + (i % 2),
        }),
      ),
    );
    const raw = writeChangelogFile([[set]], { compression: false });
    const packed = writeChangelogFile([[set]], { compression: true });
    expect([raw.bytes[0], packed.bytes[0]]).toEqual([0, 1]);
    expect(packed.bytes.length).toBeLessThan(raw.bytes.length);
    expect(openChangelogStream(packed.bytes, FILE)).toEqual(openChangelogStream(raw.bytes, FILE));
    expect(packed.streamBytes).toBe(raw.streamBytes);
  });
});

describe('StateChangeFormat: corruption is reported with file and offset', () => {
  const c = (v: number) =>
    dataChange(3, {
      op: OP.SET,
      state: 'v',
      key: v,
      namespace: VOID_NAMESPACE,
      payload: { total: v },
    });
  const file = writeChangelogFile(
    [[stateChangeSet('a', 0, [c(1), c(2)])], [stateChangeSet('b', 0, [c(3)])]],
    { compression: false },
  );
  const second = file.placements[1]![0]!;

  it('a flipped payload bit fails the CRC-32C of that change set', () => {
    const bytes = file.bytes.slice();
    bytes[1 + second.offset + second.recordBytes - 2]! ^= 0x10; // inside b's payload
    expect(() => readChangeSetAt(bytes, FILE, second.offset)).toThrow(StateChangeFormatError);
    expect(() => readChangeSetAt(bytes, FILE, second.offset)).toThrow(
      new RegExp(
        `StateChangeFormat: ${FILE} at offset ${second.offset}: checksum mismatch in change set 0 of 'b'`,
      ),
    );
    // The other writer's change set in the same file is still readable.
    expect(readChangeSetAt(bytes, FILE, 0).changeSet.logId).toBe('a');
  });

  it('a wrong offset, an offset past the end and a truncated file are named', () => {
    expect(() => readChangeSetAt(file.bytes, FILE, second.offset + 1)).toThrow(
      new RegExp(`${FILE} at offset ${second.offset + 1}: no change-set record here`),
    );
    expect(() => readChangeSetAt(file.bytes, FILE, 10_000)).toThrow(
      /at offset 10000: offset is outside the changelog stream/,
    );
    const cut = file.bytes.subarray(0, file.bytes.length - 3);
    expect(() => readChangeSetAt(cut, FILE, second.offset)).toThrow(
      new RegExp(`at offset ${second.offset}: payload length \\d+ exceeds`),
    );
    const headerCut = file.bytes.subarray(0, 1 + second.offset + 6);
    expect(() => readChangeSetAt(headerCut, FILE, second.offset)).toThrow(
      /unreadable record header/,
    );
  });

  it('a file that is not a changelog file, or whose compression is broken, is named', () => {
    const notChangelog = Uint8Array.of(7, 1, 2, 3);
    expect(() => readChangeSetAt(notChangelog, FILE, 0)).toThrow(
      new ChangelogFileError(
        FILE,
        'unknown compression flag 7 (expected 0 or 1): not a changelog file?',
      ),
    );
    const packed = writeChangelogFile([[stateChangeSet('a', 0, [c(1)])]], {
      compression: true,
    }).bytes.slice();
    packed[packed.length - 1]! ^= 0xff;
    expect(() => readChangeSetAt(packed, FILE, 0)).toThrow(
      new RegExp(`Changelog file ${FILE}: cannot decompress`),
    );
  });

  it('reads from a stream directly (the cache keeps decompressed streams)', () => {
    const stream = openChangelogStream(file.bytes, FILE);
    expect(readChangeSetRecord(stream, second.offset, FILE).changeSet.logId).toBe('b');
  });
});
