/**
 * A hand-made checkpoint holding every handle type Flink writes into `_metadata`, for the
 * reader's round-trip, fuzz and folder tests (no real Flink files needed).
 */
import type { CheckpointMetadata, CheckpointProperties, StreamHandle } from '../../src/inspector/metadata';

const rel = (relativePath: string, size: number): StreamHandle => ({ type: 'RelativeFileStateHandle', at: 0, relativePath, size });
const abs = (filePath: string, size: number): StreamHandle => ({ type: 'FileStateHandle', at: 0, filePath, size });
const inline = (handleName: string, bytes: number[]): StreamHandle => ({
  type: 'ByteStreamStateHandle',
  at: 0,
  handleName,
  size: bytes.length,
  data: Uint8Array.from(bytes),
});

export const CHECKPOINT_PROPERTIES: CheckpointProperties = {
  snapshotType: 'CHECKPOINT',
  name: 'Checkpoint',
  sharingFilesStrategy: 'FORWARD_BACKWARD',
  forced: false,
  discardSubsumed: true,
  discardFinished: true,
  discardCancelled: true,
  discardFailed: true,
  discardSuspended: true,
  unclaimed: false,
};

export const SAVEPOINT_PROPERTIES: CheckpointProperties = {
  snapshotType: 'SAVEPOINT',
  name: 'Terminate Savepoint',
  formatType: 'NATIVE',
  postCheckpointAction: 'TERMINATE',
  forced: true,
  discardSubsumed: false,
  discardFinished: false,
  discardCancelled: false,
  discardFailed: false,
  discardSuspended: false,
  unclaimed: false,
};

const JOB = 's3://bucket/flink/checkpoints/0123456789abcdef0123456789abcdef';

/** Every handle type, for metadata `version` (merged channel state only from v6, names from v5). */
export function everyHandleMetadata(version: number, checkpointId = 7): Omit<CheckpointMetadata, 'length'> {
  const kg = (start: number, count: number) => ({ start, end: start + count - 1, count });
  return {
    metadataVersion: version,
    checkpointId,
    masterStates: [{ name: 'hooks \u0000 master', version: 1, size: 3, data: Uint8Array.of(7, 8, 9), at: 0 }],
    properties: version >= 4 ? CHECKPOINT_PROPERTIES : null,
    operators: [
      {
        operatorId: '00112233445566778899aabbccddeeff',
        ...(version >= 5 ? { name: 'Source: numbers 数字', uid: 'source-uid' } : {}),
        parallelism: 2,
        maxParallelism: 128,
        coordinatorState: { type: 'ByteStreamStateHandle', at: 0, handleName: 'coordinator', size: 2, data: Uint8Array.of(1, 2) },
        fullyFinished: false,
        subtasks: [
          {
            subtaskIndex: 0,
            finished: false,
            managedOperatorState: {
              type: 'OperatorStreamStateHandle',
              at: 0,
              states: [
                { name: 'split', mode: 'SPLIT_DISTRIBUTE', offsets: [0, 10] },
                { name: 'union', mode: 'UNION', offsets: [20] },
                { name: 'broadcast', mode: 'BROADCAST', offsets: [30] },
              ],
              delegate: rel('op-0', 40),
            },
            rawOperatorState: null,
            managedKeyedState: {
              type: 'IncrementalRemoteKeyedStateHandle',
              at: 0,
              checkpointId,
              backendIdentifier: 'ce3bed0f-d533-41ce-be10-4f7d171b8f2d',
              keyGroupRange: kg(0, 64),
              checkpointedSize: 300,
              metaDataStateHandle: rel('meta-0', 50),
              sharedState: [
                { localPath: '000010.sst', handle: abs(`${JOB}/shared/sst-10`, 1000) },
                { localPath: '000011.sst', handle: { type: 'SegmentFileStateHandle', at: 0, filePath: `${JOB}/shared/merged-1`, startPos: 100, size: 200, scope: 'SHARED', logicalFileId: 'lf-1' } },
              ],
              privateState: [{ localPath: 'MANIFEST-000004', handle: rel('manifest-0', 60) }],
              stateHandleId: 'handle-0',
            },
            rawKeyedState: {
              type: 'KeyGroupsStateHandle',
              at: 0,
              keyGroupRange: kg(0, 3),
              offsets: [0, 5, 9],
              delegate: inline('raw-kg', [1, 2, 3]),
              stateHandleId: 'raw-0',
            },
            inputChannelState: [
              { type: 'InputChannelStateHandle', at: 0, subtaskIndex: 0, info: { gateIdx: 0, inputChannelIdx: 1 }, offsets: [0, 7], size: 14, delegate: abs(`${JOB}/chk-${checkpointId}/channel-in`, 14) },
            ],
            resultSubpartitionState: [
              { type: 'ResultSubpartitionStateHandle', at: 0, subtaskIndex: 0, info: { partitionIdx: 2, subPartitionIdx: 3 }, offsets: [4], size: 8, delegate: rel('channel-out', 8) },
              ...(version >= 6
                ? [{ type: 'MergedResultSubpartitionStateHandle' as const, at: 0, subtaskIndex: 0, size: 9, delegate: rel('merged-out', 9), serializedChannelOffsetsSize: 5 }]
                : []),
            ],
            ...(version >= 7 ? { refCheckpointId: checkpointId - 2 } : {}),
          },
          {
            subtaskIndex: 1,
            finished: false,
            managedOperatorState: null,
            rawOperatorState: {
              type: 'FileMergingOperatorStreamStateHandle',
              at: 0,
              states: [{ name: 'merged-op', mode: 'SPLIT_DISTRIBUTE', offsets: [0] }],
              delegate: { type: 'SegmentFileStateHandle', at: 0, filePath: `${JOB}/taskowned/seg-1`, startPos: 0, size: 12, scope: 'EXCLUSIVE', logicalFileId: 'lf-2' },
              taskOwnedDir: `${JOB}/taskowned`,
              sharedDir: `${JOB}/shared/op`,
              empty: false,
            },
            managedKeyedState: {
              type: 'ChangelogStateBackendHandle',
              at: 0,
              keyGroupRange: kg(64, 64),
              checkpointedSize: 77,
              materialized: [
                { type: 'KeyGroupsSavepointStateHandle', at: 0, keyGroupRange: kg(64, 2), offsets: [0, 3], delegate: rel('materialized-1', 30), stateHandleId: null },
              ],
              nonMaterialized: [
                {
                  type: 'ChangelogStateHandleStreamImpl',
                  at: 0,
                  keyGroupRange: kg(64, 64),
                  handlesAndOffsets: [{ offset: 12, handle: abs(`${JOB}/dstl/log-1`, 500) }],
                  stateSize: 40,
                  checkpointedSize: 40,
                  stateHandleId: 'dstl-1',
                  storageIdentifier: 'filesystem',
                },
                { type: 'InMemoryChangelogStateHandle', at: 0, keyGroupRange: kg(64, 64), from: 3, to: 5, changes: [{ keyGroup: 64, size: 2 }, { keyGroup: -1, size: 1 }], stateHandleId: 'mem-1' },
              ],
              materializationId: 4,
              checkpointId,
              stateHandleId: 'changelog-1',
            },
            rawKeyedState: null,
            inputChannelState: version >= 6 ? [{ type: 'MergedInputChannelStateHandle', at: 0, subtaskIndex: 1, size: 3, delegate: null, serializedChannelOffsetsSize: 0 }] : [],
            resultSubpartitionState: [],
          },
        ],
      },
      {
        operatorId: 'ffeeddccbbaa99887766554433221100',
        parallelism: 3,
        maxParallelism: 3,
        coordinatorState: null,
        fullyFinished: false,
        subtasks: [
          {
            subtaskIndex: 2,
            finished: true,
            managedOperatorState: null,
            rawOperatorState: null,
            managedKeyedState: null,
            rawKeyedState: null,
            inputChannelState: [],
            resultSubpartitionState: [],
          },
        ],
      },
      { operatorId: '0000000000000000000000000000abcd', parallelism: 1, maxParallelism: 1, coordinatorState: null, fullyFinished: true, subtasks: [] },
    ],
  };
}
