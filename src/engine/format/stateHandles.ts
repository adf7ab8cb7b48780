/**
 * State handles: what a task reports to the coordinator after a snapshot, and what `_metadata`
 * stores. They mirror Flink's handle classes; each points at bytes in remote storage (or holds
 * small bytes inline, as Flink does below `state.storage.fs.memory-threshold`).
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';
import type { ChangelogStateHandleStreamImpl } from '../changelog/dstl/changelogStateHandle';

/** Flink's `FileStateHandle` (a file in remote storage) or `ByteStreamStateHandle` (bytes inline in `_metadata`). */
export type StreamStateHandle =
  | { type: 'file'; path: string; size: number }
  | { type: 'inline'; name: string; bytes: Uint8Array };

/** Flink's `KeyGroupsStateHandle`: a full snapshot, with the offset of each key group in the file. */
export interface KeyGroupsStateHandle {
  type: 'keyGroups';
  keyGroupRange: KeyGroupRange;
  /** Byte offset of key group `start + i` in the file (`KeyGroupRangeOffsets`). */
  offsets: number[];
  delegate: StreamStateHandle;
  /** Whether the bytes are Snappy-framed (`execution.checkpointing.snapshot-compression`). */
  compressed: boolean;
  /** Bytes before compression (for the measured ratio). */
  uncompressedSize: number;
}

/** Flink's `HandleAndLocalPath`: a shared or private file of a RocksDB native checkpoint. */
export interface HandleAndLocalPath {
  /** The file's local name in the RocksDB instance, e.g. `000007.sst` or `MANIFEST-000001`. */
  localPath: string;
  handle: StreamStateHandle;
  /** Local SST number for SSTs, else null. */
  sst: number | null;
  /** True when this checkpoint uploaded it; false when it references an earlier upload (a placeholder). */
  uploadedNow: boolean;
}

/** Flink's `IncrementalRemoteKeyedStateHandle`. */
export interface IncrementalRemoteKeyedStateHandle {
  type: 'incremental';
  /** Identifies the RocksDB instance (`backendIdentifier`), so placeholders are resolved per instance. */
  backendIdentifier: string;
  keyGroupRange: KeyGroupRange;
  checkpointId: number;
  sharedState: HandleAndLocalPath[];
  privateState: HandleAndLocalPath[];
  /** Serialized state meta info (the registered states and their kinds). */
  metaStateHandle: StreamStateHandle;
  /** Bytes uploaded for this checkpoint (`getCheckpointedSize`). */
  persistedSizeOfThisCheckpoint: number;
}

/** A DSTL file a changelog handle reads from, with its size (for the registry and downloads). */
export interface ChangelogFileRef {
  path: string;
  size: number;
}

/**
 * Flink's `ChangelogStateBackendHandleImpl`: the materialized part (the last completed
 * materialization's snapshot of the nested backend, or nothing) plus the non-materialized part
 * (every change set since that materialization's sync point, as DSTL file + offset pairs).
 */
export interface ChangelogStateBackendHandle {
  type: 'changelog';
  keyGroupRange: KeyGroupRange;
  checkpointId: number;
  /** The materialization the materialized part comes from; 0 when there is none yet. */
  materializationId: number;
  materialized: NestedKeyedStateHandle[];
  nonMaterialized: ChangelogStateHandleStreamImpl[];
  /** The distinct DSTL files of `nonMaterialized`, with their sizes. */
  dstlFiles: ChangelogFileRef[];
  /** The sequence numbers this checkpoint's own delta covers, [from, to) (the summary's `changelog`). */
  fromSqn: number;
  toSqn: number;
  /** `getCheckpointedSize`: the delta uploaded for this checkpoint only (Flink leaves the materialization out). */
  persistedSizeOfThisCheckpoint: number;
}

/** A handle of a nested (non-changelog) backend. */
export type NestedKeyedStateHandle = KeyGroupsStateHandle | IncrementalRemoteKeyedStateHandle;

export type KeyedStateHandle = NestedKeyedStateHandle | ChangelogStateBackendHandle;

/** How operator state elements are redistributed on restore (`OperatorStateHandle.Mode`). */
export type OperatorStateMode = 'SPLIT_DISTRIBUTE' | 'UNION' | 'BROADCAST';

/** Flink's `OperatorStreamStateHandle`: named operator states with their offsets in one stream. */
export interface OperatorStateHandle {
  type: 'operator';
  states: { name: string; mode: OperatorStateMode; offsets: number[] }[];
  delegate: StreamStateHandle;
}

/** One channel's records in a channel-state file (written and read by snapshot/channelStateHandle.ts). */
export interface ChannelStateEntry {
  /** The upstream subtask (input) or downstream subtask (output) of the channel. */
  channel: string;
  offset: number;
  count: number;
}

/** `InputChannelStateHandle`s and `ResultSubpartitionStateHandle`s of one subtask, over one file. */
export interface ChannelStateHandle {
  type: 'channel';
  input: ChannelStateEntry[];
  output: ChannelStateEntry[];
  delegate: StreamStateHandle;
}

/** Flink's `OperatorSubtaskState` (per subtask): what one subtask contributes to a checkpoint. */
export interface SubtaskStateSnapshot {
  keyed: KeyedStateHandle | null;
  operator: OperatorStateHandle | null;
  /** Unaligned checkpoints: the subtask's in-flight data (input and output channel state). */
  channel?: ChannelStateHandle;
}

/** Size in bytes a handle refers to (`getStateSize`). */
export function streamHandleSize(h: StreamStateHandle): number {
  return h.type === 'file' ? h.size : h.bytes.length;
}

/** Every remote file a keyed handle references (for the registry and for restore). */
export function filesOfKeyedHandle(h: KeyedStateHandle): StreamStateHandle[] {
  if (h.type === 'keyGroups') return [h.delegate];
  if (h.type === 'changelog')
    return [
      ...h.materialized.flatMap(filesOfKeyedHandle),
      ...h.dstlFiles.map((f): StreamStateHandle => ({ type: 'file', path: f.path, size: f.size })),
    ];
  return [
    ...h.sharedState.map((s) => s.handle),
    ...h.privateState.map((s) => s.handle),
    h.metaStateHandle,
  ];
}

/**
 * The files a checkpoint's handle owns alone, discarded with the checkpoint wherever they lie
 * (`IncrementalRemoteKeyedStateHandle#discardState` discards the meta data and private state
 * itself; shared state goes through the registry). An incremental checkpoint's MANIFEST, CURRENT
 * and OPTIONS sit in `shared/` but are such files. A changelog handle's `discardState` does
 * nothing: its parts belong to the registry.
 */
export function privateFilesOfKeyedHandle(h: KeyedStateHandle): StreamStateHandle[] {
  if (h.type === 'keyGroups') return [h.delegate];
  if (h.type === 'changelog') return [];
  return [...h.privateState.map((s) => s.handle), h.metaStateHandle];
}

/** Full state size of a keyed handle (`state_size` in Flink's REST API). */
export function keyedHandleStateSize(h: KeyedStateHandle): number {
  // Flink: materialized state sizes plus the summed sizes of the change sets (not of whole files).
  if (h.type === 'changelog')
    return (
      h.materialized.reduce((n, m) => n + keyedHandleStateSize(m), 0) +
      h.nonMaterialized.reduce((n, c) => n + c.stateSize, 0)
    );
  return filesOfKeyedHandle(h).reduce((n, f) => n + streamHandleSize(f), 0);
}

/**
 * `getCheckpointedSize` of a keyed handle: what this checkpoint persisted. A full snapshot
 * (`KeyGroupsStateHandle`) is all new; an incremental RocksDB handle and a changelog handle
 * report `persistedSizeOfThisCheckpoint` (the changelog leaves its materialized part out).
 */
export function keyedHandleCheckpointedSize(h: KeyedStateHandle): number {
  return h.type === 'keyGroups' ? keyedHandleStateSize(h) : h.persistedSizeOfThisCheckpoint;
}

/**
 * A subtask's two figures as Flink reports them (`TaskStateSnapshot#getStateSize` and
 * `#getCheckpointedSize`, summed over `OperatorSubtaskState`'s keyed, operator and channel
 * state). Operator and channel handles are not composite, so their checkpointed size is their
 * state size (`StateObjectCollection#getCheckpointedSizeNullSafe`); a channel handle counts its
 * own bytes (`AbstractChannelStateHandle#getStateSize`). Hence checkpointed ≤ state always.
 */
export function subtaskStateSizes(s: SubtaskStateSnapshot): { stateSize: number; checkpointedSize: number } {
  const operator = s.operator ? streamHandleSize(s.operator.delegate) : 0;
  const channel = s.channel ? streamHandleSize(s.channel.delegate) : 0;
  return {
    stateSize: (s.keyed ? keyedHandleStateSize(s.keyed) : 0) + operator + channel,
    checkpointedSize: (s.keyed ? keyedHandleCheckpointedSize(s.keyed) : 0) + operator + channel,
  };
}
