/**
 * A hand-made job checkpoint folder in Flink's layout: chk-3 and chk-4 (metadata v5, RocksDB
 * incremental with SSTs in shared/ named by absolute HDFS paths, private files in chk-N), an
 * aborted chk-5 with a leftover, an orphan SST, a missing SST and a file whose size differs.
 */
import type { FolderEntry } from '../../src/inspector/folder';
import type { CheckpointMetadata, KeyedHandle, StreamHandle } from '../../src/inspector/metadata';
import { writeCheckpointMetadata } from '../../src/inspector/metadata/writeMetadata';
import { CHECKPOINT_PROPERTIES } from './everyHandle';

export const JOB_ID = '5f3b0c2d9e8a7b6c5d4e3f2a1b0c9d8e';

export const JOB = `hdfs://namenode:8020/flink/checkpoints/${JOB_ID}`;
const abs = (path: string, size: number): StreamHandle => ({ type: 'FileStateHandle', at: 0, filePath: `${JOB}/${path}`, size });
const rel = (relativePath: string, size: number): StreamHandle => ({ type: 'RelativeFileStateHandle', at: 0, relativePath, size });

function rocksdb(checkpointId: number, subtask: number, shared: [string, number][], manifest: number): KeyedHandle {
  return {
    type: 'IncrementalRemoteKeyedStateHandle',
    at: 0,
    checkpointId,
    backendIdentifier: `backend-${subtask}`,
    keyGroupRange: { start: subtask * 64, end: subtask * 64 + 63, count: 64 },
    checkpointedSize: 1,
    metaDataStateHandle: rel(`meta-${subtask}`, 10),
    sharedState: shared.map(([name, size], i) => ({ localPath: `00000${i}.sst`, handle: abs(`shared/${name}`, size) })),
    privateState: [{ localPath: 'MANIFEST-000004', handle: abs(`chk-${checkpointId}/manifest-${subtask}`, manifest) }],
    stateHandleId: `h-${checkpointId}-${subtask}`,
  };
}

export function checkpoint(checkpointId: number, s0: [string, number][], s1: [string, number][]): Uint8Array {
  const m: Omit<CheckpointMetadata, 'length'> = {
    metadataVersion: 4,
    checkpointId,
    masterStates: [],
    properties: CHECKPOINT_PROPERTIES,
    operators: [
      {
        operatorId: 'aa'.repeat(16),
        name: 'window',
        parallelism: 2,
        maxParallelism: 128,
        coordinatorState: null,
        fullyFinished: false,
        subtasks: [0, 1].map((i) => ({
          subtaskIndex: i,
          finished: false,
          managedOperatorState: null,
          rawOperatorState: null,
          managedKeyedState: rocksdb(checkpointId, i, i === 0 ? s0 : s1, 100 + i),
          rawKeyedState: null,
          inputChannelState: [],
          resultSubpartitionState: [],
        })),
      },
      {
        operatorId: 'bb'.repeat(16),
        parallelism: 1,
        maxParallelism: 128,
        coordinatorState: { type: 'ByteStreamStateHandle', at: 0, handleName: 'enumerator', size: 4, data: Uint8Array.of(1, 2, 3, 4) },
        fullyFinished: false,
        subtasks: [
          {
            subtaskIndex: 0,
            finished: false,
            managedOperatorState: { type: 'OperatorStreamStateHandle', at: 0, states: [{ name: 'offsets', mode: 'UNION', offsets: [0] }], delegate: rel('source-0', 33) },
            rawOperatorState: null,
            managedKeyedState: null,
            rawKeyedState: null,
            inputChannelState: [],
            resultSubpartitionState: [],
          },
        ],
      },
    ],
  };
  return writeCheckpointMetadata({ ...m, metadataVersion: 5 });
}

/** chk-3 and chk-4 share sst-b; chk-5 was aborted (no _metadata, a leftover); sst-c is missing; an orphan SST. */
export function jobFolder(): FolderEntry[] {
  const chk3 = checkpoint(3, [['sst-a', 1000], ['sst-b', 2000]], [['sst-x', 500]]);
  const chk4 = checkpoint(4, [['sst-b', 2000], ['sst-c', 3000]], [['sst-x', 500]]);
  const files: [string, number][] = [
    ['chk-3/meta-0', 10], ['chk-3/meta-1', 10], ['chk-3/manifest-0', 100], ['chk-3/manifest-1', 101], ['chk-3/source-0', 33],
    ['chk-4/meta-0', 10], ['chk-4/meta-1', 10], ['chk-4/manifest-0', 100], ['chk-4/manifest-1', 99], ['chk-4/source-0', 33],
    ['chk-5/source-0', 33],
    ['shared/sst-a', 1000], ['shared/sst-b', 2000], ['shared/sst-x', 500], ['shared/sst-orphan', 4000],
    ['taskowned/.keep', 0],
  ];
  return [
    { path: 'chk-3/_metadata', size: chk3.length, bytes: chk3 },
    { path: 'chk-4/_metadata', size: chk4.length, bytes: chk4 },
    ...files.map(([path, size]) => ({ path, size })),
  ];
}

