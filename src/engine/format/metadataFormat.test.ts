import { describe, expect, it } from 'vitest';
import { decodeMetadata, encodeMetadata, type CheckpointMetadata } from './metadataFormat';

const meta: CheckpointMetadata = {
  checkpointId: 3,
  isSavepoint: false,
  jobId: 'a1b2',
  triggerMs: 1200,
  maxParallelism: 128,
  operators: [
    {
      vertex: 'source',
      parallelism: 1,
      subtasks: [{ keyed: null, operator: { type: 'operator', states: [{ name: 'offsets', mode: 'SPLIT_DISTRIBUTE', offsets: [0] }], delegate: { type: 'inline', name: 'op', bytes: Uint8Array.of(1, 2, 3) } } }],
    },
    {
      vertex: 'count',
      parallelism: 1,
      subtasks: [{ keyed: { type: 'keyGroups', keyGroupRange: { startKeyGroup: 0, endKeyGroup: 127 }, offsets: [10, 20], delegate: { type: 'file', path: 'job/chk-3/x', size: 99 }, compressed: false, uncompressedSize: 99 }, operator: null }],
    },
  ],
};

describe('_metadata', () => {
  it('starts with Flink\'s magic number and round-trips', () => {
    const bytes = encodeMetadata(meta);
    expect([...bytes.subarray(0, 4)]).toEqual([0x49, 0x60, 0x67, 0x2d]);
    expect(decodeMetadata(bytes, 'chk-3/_metadata')).toEqual(meta);
  });

  it('names the file and the problem for corrupt or foreign bytes', () => {
    const bytes = encodeMetadata(meta);
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0;
    expect(() => decodeMetadata(wrongMagic, 'chk-3/_metadata')).toThrow(/chk-3\/_metadata: not checkpoint metadata/);
    const flinkVersion = bytes.slice();
    new DataView(flinkVersion.buffer).setInt32(4, 3);
    expect(() => decodeMetadata(flinkVersion, 'm')).toThrow(/version 3 is Flink's own binary format/);
    expect(() => decodeMetadata(bytes.subarray(0, bytes.length - 5), 'm')).toThrow(/m: the metadata body is corrupt/);
    const wrongField = encodeMetadata({ ...meta, checkpointId: -1 });
    expect(() => decodeMetadata(wrongField, 'm')).toThrow('m: invalid metadata at checkpointId: must be at least 1, got -1');
  });

  it('names the field path of a malformed handle, and how many more problems there are', () => {
    const broken = structuredClone(meta) as unknown as { operators: { subtasks: { keyed: Record<string, unknown> }[] }[]; jobId: unknown };
    broken.operators[1]!.subtasks[0]!.keyed.delegate = { type: 'file', path: '', size: 99 };
    broken.jobId = 7;
    expect(() => decodeMetadata(encodeMetadata(broken as unknown as CheckpointMetadata), 'chk-3/_metadata')).toThrow(
      'chk-3/_metadata: invalid metadata at jobId: expected a string, got 7 (and 1 more problem)',
    );
    broken.jobId = 'a1b2';
    broken.operators[1]!.subtasks[0]!.keyed.type = 'keyGroupz';
    expect(() => decodeMetadata(encodeMetadata(broken as unknown as CheckpointMetadata), 'm')).toThrow(
      'm: invalid metadata at operators[1].subtasks[0].keyed.type: expected one of "keyGroups", "incremental", "changelog", got "keyGroupz"',
    );
    expect(() => decodeMetadata(encodeMetadata({ ...meta, extra: 1 } as CheckpointMetadata), 'm')).toThrow(
      /^m: invalid metadata at \(body\): unknown field "extra" \(allowed here: checkpointId, /,
    );
  });
});
