/**
 * Readers of the state handles inside `_metadata`, one per tag, in the layout Flink's
 * MetadataV2V3SerializerBase (1.15–2.x) and ChannelStateHandleSerializer write. Handle nesting
 * (a changelog handle holding keyed handles, a key-groups handle holding a stream handle) is
 * bounded by MAX_NESTING so a crafted file cannot exhaust the stack.
 */
import type { DataInput } from './dataInput';
import * as T from './tags';
import {
  DISTRIBUTION_MODES,
  type ByteStreamHandle,
  type ChannelStateHandle,
  type HandleAndLocalPath,
  type KeyGroupRange,
  type KeyedHandle,
  type OperatorStreamHandle,
  type StreamHandle,
} from './types';

const MAX_NESTING = 16;

function nest<T>(input: DataInput, depth: number, what: string, read: () => T): T {
  if (depth > MAX_NESTING) input.fail('MALFORMED', `handles nested more than ${MAX_NESTING} deep`);
  return input.within(what, read);
}

/** `KeyGroupRange.of(start, start + count - 1)`, as Flink checks it. */
function readKeyGroupRange(input: DataInput): KeyGroupRange {
  const at = input.offset;
  const start = input.readInt('the first key group');
  const count = input.readInt('the number of key groups');
  if (count < 0) input.fail('OUT_OF_RANGE', `negative number of key groups: ${count}`, at + 4);
  if (count > 0 && start < 0) input.fail('OUT_OF_RANGE', `negative first key group: ${start}`, at);
  if (count > 0 && start + count - 1 > 0x7fffffff) input.fail('OUT_OF_RANGE', `key group range ${start}+${count} overflows`, at);
  return { start, end: start + count - 1, count };
}

function readLongs(input: DataInput, count: number, what: string, at: number): number[] {
  input.checkCount(count, what, 8, at);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(input.readLong(what));
  return out;
}

function readKeyGroupOffsets(input: DataInput, range: KeyGroupRange): number[] {
  return readLongs(input, range.count, 'key-group offsets', input.offset);
}

export function readStreamHandle(input: DataInput, depth = 0): StreamHandle | null {
  const at = input.offset;
  const tag = input.readUnsignedByte('a stream state handle tag');
  switch (tag) {
    case T.NULL_HANDLE:
      return null;
    case T.FILE_STREAM_STATE_HANDLE: {
      const size = input.readLong('the file size');
      const filePath = input.readUTF('the file path');
      return { type: 'FileStateHandle', at, filePath, size };
    }
    case T.BYTE_STREAM_STATE_HANDLE: {
      const handleName = input.readUTF('the handle name');
      const lenAt = input.offset;
      const size = input.readInt('the inlined byte count');
      if (size < 0) input.fail('OUT_OF_RANGE', `negative inlined byte count ${size}`, lenAt);
      const data = input.readBytes(size, 'the inlined state bytes');
      return { type: 'ByteStreamStateHandle', at, handleName, size, data };
    }
    case T.RELATIVE_STREAM_STATE_HANDLE: {
      const relativePath = input.readUTF('the relative path');
      const size = input.readLong('the file size');
      return { type: 'RelativeFileStateHandle', at, relativePath, size };
    }
    case T.KEY_GROUPS_HANDLE: {
      const keyGroupRange = readKeyGroupRange(input);
      const offsets = readKeyGroupOffsets(input, keyGroupRange);
      const delegate = nest(input, depth + 1, 'the key-groups delegate', () => readStreamHandle(input, depth + 1));
      return { type: 'KeyGroupsStateHandle', at, keyGroupRange, offsets, delegate };
    }
    case T.SEGMENT_FILE_HANDLE: {
      const startPos = input.readLong('the segment start');
      const size = input.readLong('the segment size');
      const scopeAt = input.offset;
      const scopeOrdinal = input.readInt('the segment scope');
      const scope = (['EXCLUSIVE', 'SHARED'] as const)[scopeOrdinal];
      if (scope === undefined) input.fail('UNKNOWN_TAG', `unknown CheckpointedStateScope ordinal ${scopeOrdinal}`, scopeAt);
      const filePath = input.readUTF('the physical file path');
      const logicalFileId = input.readUTF('the logical file id');
      return { type: 'SegmentFileStateHandle', at, filePath, startPos, size, scope, logicalFileId };
    }
    case T.EMPTY_SEGMENT_FILE_HANDLE:
      return { type: 'EmptySegmentFileStateHandle', at };
    default:
      return input.fail('UNKNOWN_TAG', `unknown stream state handle tag ${tag}`, at);
  }
}

function readHandleAndLocalPaths(input: DataInput, what: string, depth: number): HandleAndLocalPath[] {
  const n = input.readCount(what, 3);
  const out: HandleAndLocalPath[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      input.within(`${what} ${i}`, () => {
        const localPath = input.readUTF('the local file name');
        return { localPath, handle: readStreamHandle(input, depth + 1) };
      }),
    );
  }
  return out;
}

export function readKeyedHandle(input: DataInput, depth = 0): KeyedHandle | null {
  const at = input.offset;
  const tag = input.readByte('a keyed state handle tag');
  switch (tag) {
    case T.NULL_HANDLE:
      return null;
    case T.KEY_GROUPS_HANDLE:
    case T.KEY_GROUPS_HANDLE_V2:
    case T.SAVEPOINT_KEY_GROUPS_HANDLE: {
      const keyGroupRange = readKeyGroupRange(input);
      const offsets = readKeyGroupOffsets(input, keyGroupRange);
      const delegate = readStreamHandle(input, depth + 1);
      const stateHandleId = tag === T.KEY_GROUPS_HANDLE_V2 ? input.readUTF('the state handle id') : null;
      const type = tag === T.SAVEPOINT_KEY_GROUPS_HANDLE ? 'KeyGroupsSavepointStateHandle' : 'KeyGroupsStateHandle';
      return { type, at, keyGroupRange, offsets, delegate, stateHandleId };
    }
    case T.INCREMENTAL_KEY_GROUPS_HANDLE:
    case T.INCREMENTAL_KEY_GROUPS_HANDLE_V2: {
      const v2 = tag === T.INCREMENTAL_KEY_GROUPS_HANDLE_V2;
      const checkpointId = input.readLong('the checkpoint id');
      const backendIdentifier = input.readUTF('the backend identifier');
      const keyGroupRange = readKeyGroupRange(input);
      const checkpointedSize = v2 ? input.readLong('the checkpointed size') : null;
      const metaDataStateHandle = input.within('the meta data handle', () => readStreamHandle(input, depth + 1));
      const sharedState = readHandleAndLocalPaths(input, 'shared files', depth);
      const privateState = readHandleAndLocalPaths(input, 'private files', depth);
      const stateHandleId = v2 ? input.readUTF('the state handle id') : null;
      return {
        type: 'IncrementalRemoteKeyedStateHandle',
        at,
        checkpointId,
        backendIdentifier,
        keyGroupRange,
        checkpointedSize,
        metaDataStateHandle,
        sharedState,
        privateState,
        stateHandleId,
      };
    }
    case T.CHANGELOG_HANDLE:
    case T.CHANGELOG_HANDLE_V2: {
      const keyGroupRange = readKeyGroupRange(input);
      const checkpointedSize = input.readLong('the checkpointed size');
      const readList = (what: string): KeyedHandle[] => {
        const n = input.readCount(what, 1);
        const out: KeyedHandle[] = [];
        for (let i = 0; i < n; i++) {
          const h = nest(input, depth + 1, `${what} ${i}`, () => readKeyedHandle(input, depth + 1));
          // Flink skips a null materialized handle with a warning; the list holds only real ones.
          if (h) out.push(h);
        }
        return out;
      };
      const materialized = readList('materialized handles');
      const nonMaterialized = readList('non-materialized (changelog) handles');
      const materializationId = input.readLong('the materialization id');
      const checkpointId = tag === T.CHANGELOG_HANDLE_V2 ? input.readLong('the checkpoint id') : materializationId;
      const stateHandleId = input.readUTF('the state handle id');
      return {
        type: 'ChangelogStateBackendHandle',
        at,
        keyGroupRange,
        checkpointedSize,
        materialized,
        nonMaterialized,
        materializationId,
        checkpointId,
        stateHandleId,
      };
    }
    case T.CHANGELOG_BYTE_INCREMENT_HANDLE: {
      const keyGroupRange = readKeyGroupRange(input);
      const from = input.readLong('the first sequence number');
      const to = input.readLong('the last sequence number');
      const n = input.readCount('state changes', 8);
      const changes: { keyGroup: number; size: number }[] = [];
      for (let i = 0; i < n; i++) {
        const keyGroup = input.readInt('the key group of a change');
        const sizeAt = input.offset;
        const size = input.readInt('the size of a change');
        if (size < 0) input.fail('OUT_OF_RANGE', `negative change size ${size}`, sizeAt);
        input.readBytes(size, 'the change bytes');
        changes.push({ keyGroup, size });
      }
      const stateHandleId = input.readUTF('the state handle id');
      return { type: 'InMemoryChangelogStateHandle', at, keyGroupRange, from, to, changes, stateHandleId };
    }
    case T.CHANGELOG_FILE_INCREMENT_HANDLE:
    case T.CHANGELOG_FILE_INCREMENT_HANDLE_V2: {
      const keyGroupRange = readKeyGroupRange(input);
      const n = input.readCount('changelog files', 9);
      const handlesAndOffsets: { offset: number; handle: StreamHandle | null }[] = [];
      for (let i = 0; i < n; i++) {
        const offset = input.readLong('the offset in a changelog file');
        const handle = input.within(`changelog file ${i}`, () => readStreamHandle(input, depth + 1));
        handlesAndOffsets.push({ offset, handle });
      }
      const stateSize = input.readLong('the state size');
      const checkpointedSize = input.readLong('the checkpointed size');
      const stateHandleId = input.readUTF('the state handle id');
      const storageIdentifier = tag === T.CHANGELOG_FILE_INCREMENT_HANDLE_V2 ? input.readUTF('the storage identifier') : 'filesystem';
      return {
        type: 'ChangelogStateHandleStreamImpl',
        at,
        keyGroupRange,
        handlesAndOffsets,
        stateSize,
        checkpointedSize,
        stateHandleId,
        storageIdentifier,
      };
    }
    default:
      return input.fail('UNKNOWN_TAG', `unknown keyed state handle tag ${tag}`, at);
  }
}

export function readOperatorHandle(input: DataInput): OperatorStreamHandle | null {
  const at = input.offset;
  const tag = input.readByte('an operator state handle tag');
  if (tag === T.NULL_HANDLE) return null;
  if (tag !== T.PARTITIONABLE_OPERATOR_STATE_HANDLE && tag !== T.SEGMENT_PARTITIONABLE_OPERATOR_STATE_HANDLE) {
    input.fail('UNKNOWN_TAG', `unknown operator state handle tag ${tag}`, at);
  }
  const n = input.readCount('operator states', 7);
  const states = [];
  for (let i = 0; i < n; i++) {
    const name = input.readUTF('the state name');
    const modeAt = input.offset;
    const ordinal = input.readByte('the distribution mode');
    const mode = DISTRIBUTION_MODES[ordinal];
    if (mode === undefined) input.fail('UNKNOWN_TAG', `unknown distribution mode ordinal ${ordinal} of state "${name}"`, modeAt);
    const countAt = input.offset;
    const offsets = readLongs(input, input.readInt('the number of partition offsets'), 'partition offsets', countAt);
    states.push({ name, mode, offsets });
  }
  if (tag === T.SEGMENT_PARTITIONABLE_OPERATOR_STATE_HANDLE) {
    const taskOwnedDir = input.readUTF('the task-owned directory');
    const sharedDir = input.readUTF('the shared directory');
    const empty = input.readBoolean('the empty flag');
    const delegateAt = input.offset;
    const delegate = readStreamHandle(input, 1);
    if (delegate?.type !== 'SegmentFileStateHandle' && delegate?.type !== 'EmptySegmentFileStateHandle') {
      input.fail('MALFORMED', 'a file-merging operator state handle must hold a segment file handle', delegateAt);
    }
    return { type: 'FileMergingOperatorStreamStateHandle', at, states, delegate, taskOwnedDir, sharedDir, empty };
  }
  return { type: 'OperatorStreamStateHandle', at, states, delegate: readStreamHandle(input, 1) };
}

/** A coordinator state: Flink accepts only an inlined byte stream (or none). */
export function readByteStreamHandle(input: DataInput): ByteStreamHandle | null {
  const at = input.offset;
  const h = readStreamHandle(input);
  if (h !== null && h.type !== 'ByteStreamStateHandle') {
    input.fail('MALFORMED', `expected a ByteStreamStateHandle but found a ${h.type}`, at);
  }
  return h;
}

type ChannelKind = 'input' | 'output';

/** ChannelStateHandleSerializer(V1): subtask, channel info, offsets, size, delegate. */
function readChannelHandleBody(input: DataInput, kind: ChannelKind, at: number, merged: boolean): ChannelStateHandle {
  if (merged) {
    const subtaskIndex = input.readInt('the subtask index');
    const size = input.readLong('the state size');
    const delegate = readStreamHandle(input, 1);
    const lenAt = input.offset;
    const len = input.readInt('the length of the serialized channel offsets');
    if (len < 0) input.fail('OUT_OF_RANGE', `negative length ${len}`, lenAt);
    input.readBytes(len, 'the serialized channel offsets');
    const type = kind === 'input' ? 'MergedInputChannelStateHandle' : 'MergedResultSubpartitionStateHandle';
    return { type, at, subtaskIndex, size, delegate, serializedChannelOffsetsSize: len };
  }
  const subtaskIndex = input.readInt('the subtask index');
  const a = input.readInt(kind === 'input' ? 'the gate index' : 'the partition index');
  const b = input.readInt(kind === 'input' ? 'the input channel index' : 'the subpartition index');
  const countAt = input.offset;
  const offsets = readLongs(input, input.readInt('the number of offsets'), 'channel state offsets', countAt);
  const size = input.readLong('the state size');
  const delegate = readStreamHandle(input, 1);
  return kind === 'input'
    ? { type: 'InputChannelStateHandle', at, subtaskIndex, info: { gateIdx: a, inputChannelIdx: b }, offsets, size, delegate }
    : { type: 'ResultSubpartitionStateHandle', at, subtaskIndex, info: { partitionIdx: a, subPartitionIdx: b }, offsets, size, delegate };
}

/** A collection of channel state handles; `tagged` for metadata v6+ (ChannelStateHandleSerializerV2). */
export function readChannelHandles(input: DataInput, kind: ChannelKind, tagged: boolean): ChannelStateHandle[] {
  const what = kind === 'input' ? 'input channel state handles' : 'result subpartition state handles';
  const n = input.readCount(what, tagged ? 14 : 25);
  const out: ChannelStateHandle[] = [];
  for (let i = 0; i < n; i++) {
    const at = input.offset;
    let merged = false;
    if (tagged) {
      const tag = input.readUnsignedByte('a channel state handle tag');
      const plain = kind === 'input' ? T.INPUT_CHANNEL_STATE_HANDLE : T.RESULT_SUBPARTITION_STATE_HANDLE;
      const mergedTag = kind === 'input' ? T.MERGED_INPUT_CHANNEL_STATE_HANDLE : T.MERGED_RESULT_SUBPARTITION_STATE_HANDLE;
      if (tag !== plain && tag !== mergedTag) input.fail('UNKNOWN_TAG', `unknown ${kind} channel state handle tag ${tag}`, at);
      merged = tag === mergedTag;
    }
    out.push(input.within(`${kind === 'input' ? 'input channel' : 'result subpartition'} ${i}`, () => readChannelHandleBody(input, kind, at, merged)));
  }
  return out;
}
