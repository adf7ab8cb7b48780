/**
 * What the reader returns: Flink's checkpoint metadata as plain data, with Flink's class names
 * in `type` (Flink ≥ 1.15: runtime/checkpoint/metadata/MetadataV2V3SerializerBase and friends).
 * Every handle keeps the byte offset of its tag in `_metadata`, so a view can point at it.
 */

/** `KeyGroupRange`: `start`..`end` inclusive; an empty range has `count` 0. */
export interface KeyGroupRange {
  start: number;
  end: number;
  count: number;
}

// ---- stream state handles (the bytes of one piece of state) ----

/** `ByteStreamStateHandle`: state small enough to be inlined in `_metadata` itself. */
export interface ByteStreamHandle {
  type: 'ByteStreamStateHandle';
  at: number;
  handleName: string;
  size: number;
  data: Uint8Array;
}

/** `FileStateHandle`: a file named by its full path (as the job saw it: s3://…, hdfs://…, file:/…). */
export interface FileHandle {
  type: 'FileStateHandle';
  at: number;
  filePath: string;
  size: number;
}

/** `RelativeFileStateHandle`: a file in the checkpoint's own (exclusive) directory, named relative to it. */
export interface RelativeFileHandle {
  type: 'RelativeFileStateHandle';
  at: number;
  relativePath: string;
  size: number;
}

/** `KeyGroupsStateHandle` written where a stream handle is expected (tag 3 in stream position). */
export interface KeyGroupsStreamHandle {
  type: 'KeyGroupsStateHandle';
  at: number;
  keyGroupRange: KeyGroupRange;
  offsets: number[];
  delegate: StreamHandle | null;
}

/** `SegmentFileStateHandle` (file merging, Flink ≥ 1.20): a segment of a shared physical file. */
export interface SegmentFileHandle {
  type: 'SegmentFileStateHandle';
  at: number;
  filePath: string;
  startPos: number;
  size: number;
  scope: 'EXCLUSIVE' | 'SHARED';
  logicalFileId: string;
}

/** `EmptySegmentFileStateHandle`: the placeholder of file merging, no bytes. */
export interface EmptySegmentFileHandle {
  type: 'EmptySegmentFileStateHandle';
  at: number;
}

export type StreamHandle =
  | ByteStreamHandle
  | FileHandle
  | RelativeFileHandle
  | KeyGroupsStreamHandle
  | SegmentFileHandle
  | EmptySegmentFileHandle;

// ---- keyed state handles ----

/** `KeyGroupsStateHandle` / `KeyGroupsSavepointStateHandle`: full snapshot with an offset per key group. */
export interface KeyGroupsHandle {
  type: 'KeyGroupsStateHandle' | 'KeyGroupsSavepointStateHandle';
  at: number;
  keyGroupRange: KeyGroupRange;
  /** Offset of each key group in the delegate's bytes, in key-group order. */
  offsets: number[];
  delegate: StreamHandle | null;
  /** Written from Flink 1.16 on (tag 12); absent in tag 3 and in savepoint handles. */
  stateHandleId: string | null;
}

/** One file of an incremental RocksDB snapshot, with the name RocksDB gives it locally. */
export interface HandleAndLocalPath {
  localPath: string;
  handle: StreamHandle | null;
}

/** `IncrementalRemoteKeyedStateHandle`: a RocksDB (or ForSt) incremental or native snapshot. */
export interface IncrementalRemoteHandle {
  type: 'IncrementalRemoteKeyedStateHandle';
  at: number;
  checkpointId: number;
  backendIdentifier: string;
  keyGroupRange: KeyGroupRange;
  /** Bytes this checkpoint added (tag 11); null in the old tag 5 (unknown). */
  checkpointedSize: number | null;
  metaDataStateHandle: StreamHandle | null;
  /** SST files, shared between checkpoints (placed in `shared/`). */
  sharedState: HandleAndLocalPath[];
  /** MANIFEST, CURRENT, OPTIONS…: private to this checkpoint. */
  privateState: HandleAndLocalPath[];
  stateHandleId: string | null;
}

/** `ChangelogStateBackendHandleImpl`: materialized part plus the changelog (DSTL) since. */
export interface ChangelogBackendHandle {
  type: 'ChangelogStateBackendHandle';
  at: number;
  keyGroupRange: KeyGroupRange;
  checkpointedSize: number;
  materialized: KeyedHandle[];
  nonMaterialized: KeyedHandle[];
  materializationId: number;
  checkpointId: number;
  stateHandleId: string;
}

/** `InMemoryChangelogStateHandle`: changes inlined in `_metadata` (in-memory changelog storage). */
export interface InMemoryChangelogHandle {
  type: 'InMemoryChangelogStateHandle';
  at: number;
  keyGroupRange: KeyGroupRange;
  from: number;
  to: number;
  changes: { keyGroup: number; size: number }[];
  stateHandleId: string;
}

/** `ChangelogStateHandleStreamImpl`: DSTL files, each with the offset this handle starts at. */
export interface ChangelogStreamHandle {
  type: 'ChangelogStateHandleStreamImpl';
  at: number;
  keyGroupRange: KeyGroupRange;
  handlesAndOffsets: { offset: number; handle: StreamHandle | null }[];
  stateSize: number;
  checkpointedSize: number;
  stateHandleId: string;
  storageIdentifier: string;
}

export type KeyedHandle =
  | KeyGroupsHandle
  | IncrementalRemoteHandle
  | ChangelogBackendHandle
  | InMemoryChangelogHandle
  | ChangelogStreamHandle;

// ---- operator state ----

/** `OperatorStateHandle.Mode`, by ordinal. */
export const DISTRIBUTION_MODES = ['SPLIT_DISTRIBUTE', 'UNION', 'BROADCAST'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];

export interface OperatorStateMetaInfo {
  name: string;
  mode: DistributionMode;
  /** Offsets of the state's partitions in the delegate's bytes. */
  offsets: number[];
}

/** `OperatorStreamStateHandle` (or file merging's `FileMergingOperatorStreamStateHandle`). */
export interface OperatorStreamHandle {
  type: 'OperatorStreamStateHandle' | 'FileMergingOperatorStreamStateHandle';
  at: number;
  states: OperatorStateMetaInfo[];
  delegate: StreamHandle | null;
  /** File merging only. */
  taskOwnedDir?: string;
  sharedDir?: string;
  empty?: boolean;
}

// ---- channel state (unaligned checkpoints) ----

export interface ChannelStateHandle {
  type:
    | 'InputChannelStateHandle'
    | 'ResultSubpartitionStateHandle'
    | 'MergedInputChannelStateHandle'
    | 'MergedResultSubpartitionStateHandle';
  at: number;
  subtaskIndex: number;
  /** `InputChannelInfo` (gate, channel) or `ResultSubpartitionInfo` (partition, subpartition); absent when merged. */
  info?: { gateIdx: number; inputChannelIdx: number } | { partitionIdx: number; subPartitionIdx: number };
  offsets?: number[];
  size: number;
  delegate: StreamHandle | null;
  /** Merged handles (metadata v6): the channel offsets, serialized, as a length. */
  serializedChannelOffsetsSize?: number;
}

// ---- subtasks, operators, the whole checkpoint ----

export interface SubtaskState {
  subtaskIndex: number;
  /** `FinishedOperatorSubtaskState`: the subtask had finished; nothing else is stored. */
  finished: boolean;
  managedOperatorState: OperatorStreamHandle | null;
  rawOperatorState: OperatorStreamHandle | null;
  managedKeyedState: KeyedHandle | null;
  rawKeyedState: KeyedHandle | null;
  inputChannelState: ChannelStateHandle[];
  resultSubpartitionState: ChannelStateHandle[];
  /** Metadata v7: the checkpoint a regional checkpoint reused this state from. */
  refCheckpointId?: number;
}

export interface OperatorState {
  /** `OperatorID` as Flink prints it: 32 hex digits (lower part, then upper part). */
  operatorId: string;
  /** Metadata v5+: operator name and uid, when the job set them. */
  name?: string;
  uid?: string;
  parallelism: number;
  maxParallelism: number;
  coordinatorState: ByteStreamHandle | null;
  /** `FullyFinishedOperatorState`: every subtask had finished. */
  fullyFinished: boolean;
  subtasks: SubtaskState[];
}

export interface MasterState {
  name: string;
  version: number;
  size: number;
  /** The payload (a hook's serialized state); absent when written without one (zeros of `size`). */
  data?: Uint8Array;
  at: number;
}

/** `CheckpointProperties` (metadata v4+), decoded from its Java serialization. */
export interface CheckpointProperties {
  /** `SnapshotType`: a checkpoint or a savepoint. */
  snapshotType: 'CHECKPOINT' | 'SAVEPOINT';
  /** The type's name, e.g. "Checkpoint", "Full Checkpoint", "Savepoint", "Terminate Savepoint". */
  name: string;
  /** Checkpoints: FORWARD_BACKWARD, FORWARD or NO_SHARING. */
  sharingFilesStrategy?: string;
  /** Savepoints: CANONICAL or NATIVE. */
  formatType?: string;
  /** Savepoints: NONE or TERMINATE. */
  postCheckpointAction?: string;
  forced: boolean;
  discardSubsumed: boolean;
  discardFinished: boolean;
  discardCancelled: boolean;
  discardFailed: boolean;
  discardSuspended: boolean;
  unclaimed: boolean;
}

export interface CheckpointMetadata {
  metadataVersion: number;
  checkpointId: number;
  masterStates: MasterState[];
  operators: OperatorState[];
  /** Metadata v4+; null in v3. */
  properties: CheckpointProperties | null;
  /** Bytes read: always the whole input (trailing bytes are an error). */
  length: number;
}
