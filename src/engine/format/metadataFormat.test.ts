import { describe, expect, it } from 'vitest';
import { decodeMetadata, encodeMetadata, type CheckpointMetadata } from './metadataFormat';
import { engineMetadataToFlink } from './flink/engineToFlink';
import { writeCheckpointMetadata } from '../../inspector/metadata/writeMetadata';
import { parseCheckpointMetadata } from '../../inspector/metadata';
import { encodeLegacyJsonMetadata } from '../../../test/support/legacyMetadata';

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
      subtasks: [{ keyed: { type: 'keyGroups', keyGroupRange: { startKeyGroup: 0, endKeyGroup: 1 }, offsets: [10, 20], delegate: { type: 'file', path: 'job/chk-3/x', size: 99 }, compressed: false, uncompressedSize: 99 }, operator: null }],
    },
  ],
};

describe('_metadata', () => {
  it("is Flink's version-4 layout (magic number, version 4, MetadataV4Serializer) and round-trips", () => {
    const bytes = encodeMetadata(meta, 'job/chk-3');
    expect([...bytes.subarray(0, 8)]).toEqual([0x49, 0x60, 0x67, 0x2d, 0, 0, 0, 4]);
    // Flink's reader (the inspector's) reads it: the checkpoint id, operators and a file relative to chk-3.
    const flink = parseCheckpointMetadata(bytes);
    expect(flink.checkpointId).toBe(3);
    expect(flink.operators.map((o) => [o.parallelism, o.maxParallelism])).toEqual([[1, 128], [1, 128]]);
    expect(flink.operators[1]!.subtasks[0]!.managedKeyedState).toMatchObject({ type: 'KeyGroupsStateHandle', delegate: { type: 'RelativeFileStateHandle', relativePath: 'x', size: 99 } });
    expect(decodeMetadata(bytes, 'job/chk-3/_metadata')).toEqual(meta);
  });

  it('names the file and the problem for corrupt or foreign bytes, with the byte offset', () => {
    const bytes = encodeMetadata(meta, 'job/chk-3');
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0;
    expect(() => decodeMetadata(wrongMagic, 'chk-3/_metadata')).toThrow(/chk-3\/_metadata: not checkpoint metadata/);
    expect(() => decodeMetadata(bytes.subarray(0, bytes.length - 5), 'm')).toThrow(/^m: .* at byte offset \d+/);
    const version9 = bytes.slice();
    new DataView(version9.buffer).setInt32(4, 9);
    expect(() => decodeMetadata(version9, 'm')).toThrow(/^m: unsupported metadata version 9 .* at byte offset 4/);
  });

  it("refuses Flink's own _metadata (no master state checkpoint-lab), naming why", () => {
    const flink = engineMetadataToFlink(meta, { checkpointDir: 'job/chk-3' });
    const bytes = writeCheckpointMetadata({ ...flink, masterStates: [] });
    expect(() => decodeMetadata(bytes, 'job/chk-3/_metadata')).toThrow(
      'job/chk-3/_metadata: metadata version 4 written by Flink itself (no master state "checkpoint-lab" with what the simulator needs to restore); open it in the checkpoint inspector instead',
    );
  });

  it('names the field path of a malformed master state, and a handle that disagrees with it', () => {
    const flink = engineMetadataToFlink(meta, { checkpointDir: 'job/chk-3' });
    const lab = JSON.parse(new TextDecoder().decode(flink.masterStates[0]!.data)) as { operators: { subtasks: { keyed: Record<string, unknown> | null }[] }[] };
    lab.operators[1]!.subtasks[0]!.keyed!.compressed = 'yes';
    const data = new TextEncoder().encode(JSON.stringify(lab));
    const bytes = writeCheckpointMetadata({ ...flink, masterStates: [{ ...flink.masterStates[0]!, data, size: data.length }] });
    expect(() => decodeMetadata(bytes, 'm')).toThrow('m: invalid master state "checkpoint-lab" at operators[1].subtasks[0].keyed.compressed: expected true or false, got "yes"');
    const noKeyed = structuredClone(flink);
    noKeyed.operators[1]!.subtasks[0]!.managedKeyedState = null;
    expect(() => decodeMetadata(writeCheckpointMetadata(noKeyed), 'm')).toThrow('m: operator 1 (count) / subtask 0 / managed keyed state: keyed state and the master state disagree');
  });

  // Runs stored in IndexedDB before the engine wrote Flink's layout hold JSON version 1001.
  it("still reads Checkpoint Lab's former JSON version 1001, with field paths in its errors", () => {
    expect(decodeMetadata(encodeLegacyJsonMetadata(meta), 'chk-3/_metadata')).toEqual(meta);
    const bytes = encodeLegacyJsonMetadata(meta);
    expect(() => decodeMetadata(bytes.subarray(0, bytes.length - 5), 'm')).toThrow(/m: the metadata body is corrupt/);
    const wrongField = encodeLegacyJsonMetadata({ ...meta, checkpointId: -1 });
    expect(() => decodeMetadata(wrongField, 'm')).toThrow('m: invalid metadata at checkpointId: must be at least 1, got -1');
    const broken = structuredClone(meta) as unknown as { operators: { subtasks: { keyed: Record<string, unknown> }[] }[]; jobId: unknown };
    broken.operators[1]!.subtasks[0]!.keyed.delegate = { type: 'file', path: '', size: 99 };
    broken.jobId = 7;
    expect(() => decodeMetadata(encodeLegacyJsonMetadata(broken as unknown as CheckpointMetadata), 'chk-3/_metadata')).toThrow(
      'chk-3/_metadata: invalid metadata at jobId: expected a string, got 7 (and 1 more problem)',
    );
  });
});
