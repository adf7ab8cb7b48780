// The reader against Flink's layouts: every handle type round-trips through the writer, the
// Java formats (big-endian, modified UTF-8, Java serialization) decode as Java wrote them, and
// every kind of bad input is a MetadataFormatError that names what and where.
import { describe, expect, it } from 'vitest';
import { isFlinkMetadata, parseCheckpointMetadata, readCheckpointMetadata, referencedFiles } from '../../src/inspector/metadata';
import type { CheckpointMetadata } from '../../src/inspector/metadata';
import { DataOutput } from '../../src/inspector/metadata/dataOutput';
import { writeCheckpointMetadata } from '../../src/inspector/metadata/writeMetadata';
import { everyHandleMetadata, SAVEPOINT_PROPERTIES } from './everyHandle';

/** The handles' `at` offsets are where the reader found them; compare without them. */
function withoutOffsets(m: unknown): unknown {
  return JSON.parse(
    JSON.stringify(m, (k, v) => (k === 'at' || k === 'length' ? undefined : v instanceof Uint8Array ? Array.from(v) : v)),
  );
}

function header(version: number, checkpointId = 1): DataOutput {
  return new DataOutput().writeInt(0x4960672d).writeInt(version).writeLong(checkpointId);
}

function errorOf(bytes: Uint8Array) {
  const r = readCheckpointMetadata(bytes);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

describe('readCheckpointMetadata', () => {
  for (const version of [3, 4, 5, 6, 7]) {
    it(`reads back every handle type written in metadata version ${version}`, () => {
      const m = everyHandleMetadata(version);
      const bytes = writeCheckpointMetadata(m);
      const r = readCheckpointMetadata(bytes);
      if (!r.ok) throw r.error;
      expect(r.metadata.length).toBe(bytes.length);
      expect(withoutOffsets(r.metadata)).toEqual(withoutOffsets(m));
    });
  }

  it('reads a savepoint type with its format and post-checkpoint action', () => {
    const m = { ...everyHandleMetadata(4), properties: SAVEPOINT_PROPERTIES };
    const r = parseCheckpointMetadata(writeCheckpointMetadata(m));
    expect(r.properties).toEqual(SAVEPOINT_PROPERTIES);
  });

  it('prints the operator id as Flink does: lower part then upper part, 32 hex digits', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeLong(0x0102030405060708n).writeLong(-1n).writeInt(1).writeInt(128).writeByte(0).writeInt(0);
    const m = parseCheckpointMetadata(out.toBytes());
    expect(m.operators[0]).toMatchObject({ operatorId: '0102030405060708ffffffffffffffff', parallelism: 1, maxParallelism: 128, subtasks: [] });
  });

  it("decodes Java's modified UTF-8: NUL as C0 80 and a supplementary character as two 3-byte surrogates", () => {
    const out = header(3).writeInt(1).writeInt(0xc96b1696 | 0);
    // name: "a", NUL, U+1F600 (as the surrogates D83D DE00, each 3 bytes)
    const name = [0x61, 0xc0, 0x80, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80];
    const inner = new DataOutput().writeInt(2).writeShort(name.length).writeBytes(Uint8Array.from(name)).writeInt(0);
    out.writeInt(inner.length).writeBytes(inner.toBytes()).writeInt(0);
    const m = parseCheckpointMetadata(out.toBytes());
    expect(m.masterStates).toEqual([{ name: 'a\u0000\u{1F600}', version: 2, size: 0, data: new Uint8Array(0), at: 20 }]);
  });

  it("writes Java's modified UTF-8 as DataOutputStream.writeUTF does: length, NUL as C0 80, surrogates 3 bytes each", () => {
    const bytes = new DataOutput().writeUTF('a\u0000\u{1F600}é').toBytes();
    expect(Array.from(bytes)).toEqual([0, 11, 0x61, 0xc0, 0x80, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0xc3, 0xa9]);
    expect(() => new DataOutput().writeUTF('\u0800'.repeat(21846))).toThrow('string too long for writeUTF: 65538 bytes');
  });

  it('reads the key-group offsets, the delegate and the id of a KEY_GROUPS_HANDLE_V2 (tag 12)', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeBytes(new Uint8Array(16)).writeInt(1).writeInt(4).writeByte(0).writeInt(1);
    out.writeInt(0).writeInt(0).writeInt(0); // subtask 0, no operator state
    out.writeByte(12).writeInt(2).writeInt(2).writeLong(0).writeLong(17); // key groups 2..3
    out.writeByte(6).writeUTF('f00d').writeLong(99); // relative file
    out.writeUTF('kg-id');
    out.writeByte(0).writeInt(0).writeInt(0);
    const m = parseCheckpointMetadata(out.toBytes());
    expect(withoutOffsets(m.operators[0]!.subtasks[0]!.managedKeyedState)).toEqual({
      type: 'KeyGroupsStateHandle',
      keyGroupRange: { start: 2, end: 3, count: 2 },
      offsets: [0, 17],
      delegate: { type: 'RelativeFileStateHandle', relativePath: 'f00d', size: 99 },
      stateHandleId: 'kg-id',
    });
  });

  it('lists the referenced files with their role, sharing and the local RocksDB names', () => {
    const files = referencedFiles(parseCheckpointMetadata(writeCheckpointMetadata(everyHandleMetadata(4)))).files;
    expect(files.map((f) => [f.name.replace(/.*\//, ''), f.kind, f.shared, f.role, f.localPath ?? ''])).toEqual([
      ['op-0', 'relative', false, 'operator state', ''],
      ['meta-0', 'relative', false, 'RocksDB meta data', ''],
      ['sst-10', 'absolute', true, 'shared SST', '000010.sst'],
      ['merged-1', 'segment', true, 'shared SST', '000011.sst'],
      ['manifest-0', 'relative', false, 'private RocksDB file', 'MANIFEST-000004'],
      ['channel-in', 'absolute', false, 'channel state', ''],
      ['channel-out', 'relative', false, 'channel state', ''],
      ['seg-1', 'segment', false, 'operator state', ''],
      ['materialized-1', 'relative', false, 'keyed state', ''],
      ['log-1', 'absolute', true, 'changelog (DSTL)', ''],
    ]);
  });
});

describe('isFlinkMetadata', () => {
  it('recognizes the magic number and nothing else', () => {
    expect(isFlinkMetadata(Uint8Array.of(0x49, 0x60, 0x67, 0x2d, 0, 0, 0, 4))).toBe(true);
    expect(isFlinkMetadata(Uint8Array.of(0x49, 0x60, 0x67))).toBe(false);
    expect(isFlinkMetadata(new TextEncoder().encode('{"json": true}'))).toBe(false);
  });
});

describe('bad input: a MetadataFormatError naming what and the byte offset', () => {
  it('not Flink metadata', () => {
    const e = errorOf(new TextEncoder().encode('PK\u0003\u0004 a zip'));
    expect(e).toMatchObject({ code: 'NOT_FLINK_METADATA', offset: 0 });
    expect(e.message).toContain('not a Flink _metadata file');
  });

  it('an unsupported version, naming it and the versions read', () => {
    expect(errorOf(header(2).toBytes())).toMatchObject({ code: 'UNSUPPORTED_VERSION', offset: 4 });
    expect(errorOf(header(2).toBytes()).message).toContain('Flink 1.10 and older');
    expect(errorOf(header(8).toBytes()).message).toContain('unsupported metadata version 8');
  });

  it('an unknown keyed handle tag at its offset', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeBytes(new Uint8Array(16)).writeInt(1).writeInt(4).writeByte(0).writeInt(1).writeInt(0).writeInt(0).writeInt(0);
    const tagAt = out.length;
    out.writeByte(42).writeBytes(new Uint8Array(40));
    const e = errorOf(out.toBytes());
    expect(e).toMatchObject({ code: 'UNKNOWN_TAG', offset: tagAt });
    expect(e.message).toContain('unknown keyed state handle tag 42');
    expect(e.where).toBe('operator 0 / subtask entry 0 / managed keyed state');
  });

  it('an unknown distribution mode ordinal', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeBytes(new Uint8Array(16)).writeInt(1).writeInt(4).writeByte(0).writeInt(1).writeInt(0).writeInt(1);
    out.writeByte(4).writeInt(1).writeUTF('s');
    const modeAt = out.length;
    out.writeByte(3).writeInt(0).writeByte(0).writeBytes(new Uint8Array(30));
    expect(errorOf(out.toBytes())).toMatchObject({ code: 'UNKNOWN_TAG', offset: modeAt });
  });

  it('truncation anywhere: the offset is where the missing bytes were expected', () => {
    const bytes = writeCheckpointMetadata(everyHandleMetadata(4));
    for (const cut of [3, 10, 100, bytes.length - 1]) {
      const e = errorOf(bytes.subarray(0, cut));
      expect(e.code === 'TRUNCATED' || e.code === 'OUT_OF_RANGE').toBe(true);
      expect(e.offset).toBeLessThanOrEqual(cut);
    }
    expect(errorOf(bytes.subarray(0, 10)).message).toMatch(/unexpected end of data: the checkpoint id needs 8 bytes, 2 left at byte offset 8/);
  });

  it('a count that cannot fit in the bytes left, without looping over it', () => {
    const out = header(3).writeInt(0).writeInt(0x7fffffff);
    expect(errorOf(out.toBytes())).toMatchObject({ code: 'OUT_OF_RANGE', offset: 20 });
  });

  it('a key-group count far beyond the data, without allocating it', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeBytes(new Uint8Array(16)).writeInt(1).writeInt(4).writeByte(0).writeInt(1).writeInt(0).writeInt(0).writeInt(0);
    out.writeByte(12).writeInt(0).writeInt(0x40000000).writeBytes(new Uint8Array(20));
    expect(errorOf(out.toBytes()).message).toContain('1073741824 key-group offsets cannot fit');
  });

  it('bytes after the end are reported, not ignored', () => {
    const bytes = writeCheckpointMetadata(everyHandleMetadata(3));
    const longer = new Uint8Array(bytes.length + 2);
    longer.set(bytes);
    expect(errorOf(longer)).toMatchObject({ code: 'MALFORMED', offset: bytes.length });
  });

  it('a long beyond 2^53 is reported rather than rounded', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeBytes(new Uint8Array(16)).writeInt(1).writeInt(4).writeByte(0).writeInt(1).writeInt(0).writeInt(0).writeInt(0);
    out.writeByte(12).writeInt(0).writeInt(0).writeByte(6).writeUTF('x');
    const at = out.length;
    out.writeLong(2n ** 60n).writeBytes(new Uint8Array(20));
    expect(errorOf(out.toBytes())).toMatchObject({ code: 'OUT_OF_RANGE', offset: at });
  });

  it('handles nested without end (changelog in changelog) stop at a fixed depth', () => {
    const out = header(3).writeInt(0).writeInt(1);
    out.writeBytes(new Uint8Array(16)).writeInt(1).writeInt(4).writeByte(0).writeInt(1).writeInt(0).writeInt(0).writeInt(0);
    for (let i = 0; i < 40; i++) out.writeByte(14).writeInt(0).writeInt(0).writeLong(0).writeInt(1);
    out.writeBytes(new Uint8Array(200));
    expect(errorOf(out.toBytes()).message).toContain('nested more than 16 deep');
  });

  it('CheckpointProperties that are not a Java serialization stream', () => {
    const m: Omit<CheckpointMetadata, 'length'> = { ...everyHandleMetadata(3), metadataVersion: 4, properties: null };
    const v3 = writeCheckpointMetadata({ ...m, metadataVersion: 3 });
    const bytes = new Uint8Array(v3.length + 4);
    bytes.set(v3);
    bytes.set([0, 0, 0, 4], 4);
    bytes.set([0xca, 0xfe, 0, 5], v3.length);
    const e = errorOf(bytes);
    expect(e.message).toContain('expected a Java serialization stream (AC ED 00 05), found CAFE 0005');
    expect(e.offset).toBe(v3.length);
  });
});
