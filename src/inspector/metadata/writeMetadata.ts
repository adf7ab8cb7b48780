/**
 * Writes checkpoint metadata in Flink's binary layout (the inverse of readMetadata): magic,
 * version, MetadataV3Serializer's body (with v5's operator name/uid, v6's tagged channel
 * handles, v7's reference id) and, from v4 on, the Java-serialized CheckpointProperties.
 * Handle tags are the ones Flink 1.16+ writes (KEY_GROUPS_HANDLE_V2, INCREMENTAL_…_V2, …)
 * unless a handle lacks what they need (no state handle id → the older tag).
 */
import { DataOutput } from './dataOutput';
import * as T from './tags';
import { writeCheckpointProperties } from './writeCheckpointProperties';
import {
  DISTRIBUTION_MODES,
  type ChannelStateHandle,
  type CheckpointMetadata,
  type KeyGroupRange,
  type KeyedHandle,
  type OperatorStreamHandle,
  type StreamHandle,
  type SubtaskState,
} from './types';

function keyGroupRange(out: DataOutput, r: KeyGroupRange): void {
  out.writeInt(r.start).writeInt(r.count);
}

export function writeStreamHandle(out: DataOutput, h: StreamHandle | null): void {
  if (!h) {
    out.writeByte(T.NULL_HANDLE);
    return;
  }
  switch (h.type) {
    case 'RelativeFileStateHandle':
      out.writeByte(T.RELATIVE_STREAM_STATE_HANDLE).writeUTF(h.relativePath).writeLong(h.size);
      return;
    case 'FileStateHandle':
      out.writeByte(T.FILE_STREAM_STATE_HANDLE).writeLong(h.size).writeUTF(h.filePath);
      return;
    case 'ByteStreamStateHandle':
      out.writeByte(T.BYTE_STREAM_STATE_HANDLE).writeUTF(h.handleName).writeInt(h.data.length).writeBytes(h.data);
      return;
    case 'KeyGroupsStateHandle':
      out.writeByte(T.KEY_GROUPS_HANDLE);
      keyGroupRange(out, h.keyGroupRange);
      for (const o of h.offsets) out.writeLong(o);
      writeStreamHandle(out, h.delegate);
      return;
    case 'SegmentFileStateHandle':
      out.writeByte(T.SEGMENT_FILE_HANDLE).writeLong(h.startPos).writeLong(h.size).writeInt(h.scope === 'SHARED' ? 1 : 0);
      out.writeUTF(h.filePath).writeUTF(h.logicalFileId);
      return;
    case 'EmptySegmentFileStateHandle':
      out.writeByte(T.EMPTY_SEGMENT_FILE_HANDLE);
      return;
  }
}

export function writeKeyedHandle(out: DataOutput, h: KeyedHandle | null): void {
  if (!h) {
    out.writeByte(T.NULL_HANDLE);
    return;
  }
  switch (h.type) {
    case 'KeyGroupsStateHandle':
    case 'KeyGroupsSavepointStateHandle': {
      const savepoint = h.type === 'KeyGroupsSavepointStateHandle';
      out.writeByte(savepoint ? T.SAVEPOINT_KEY_GROUPS_HANDLE : h.stateHandleId !== null ? T.KEY_GROUPS_HANDLE_V2 : T.KEY_GROUPS_HANDLE);
      keyGroupRange(out, h.keyGroupRange);
      for (const o of h.offsets) out.writeLong(o);
      writeStreamHandle(out, h.delegate);
      if (!savepoint && h.stateHandleId !== null) out.writeUTF(h.stateHandleId);
      return;
    }
    case 'IncrementalRemoteKeyedStateHandle': {
      const v2 = h.stateHandleId !== null && h.checkpointedSize !== null;
      out.writeByte(v2 ? T.INCREMENTAL_KEY_GROUPS_HANDLE_V2 : T.INCREMENTAL_KEY_GROUPS_HANDLE);
      out.writeLong(h.checkpointId).writeUTF(h.backendIdentifier);
      keyGroupRange(out, h.keyGroupRange);
      if (v2) out.writeLong(h.checkpointedSize!);
      writeStreamHandle(out, h.metaDataStateHandle);
      for (const list of [h.sharedState, h.privateState]) {
        out.writeInt(list.length);
        for (const f of list) {
          out.writeUTF(f.localPath);
          writeStreamHandle(out, f.handle);
        }
      }
      if (v2) out.writeUTF(h.stateHandleId!);
      return;
    }
    case 'ChangelogStateBackendHandle':
      out.writeByte(T.CHANGELOG_HANDLE_V2);
      keyGroupRange(out, h.keyGroupRange);
      out.writeLong(h.checkpointedSize);
      out.writeInt(h.materialized.length);
      for (const m of h.materialized) writeKeyedHandle(out, m);
      out.writeInt(h.nonMaterialized.length);
      for (const n of h.nonMaterialized) writeKeyedHandle(out, n);
      out.writeLong(h.materializationId).writeLong(h.checkpointId).writeUTF(h.stateHandleId);
      return;
    case 'InMemoryChangelogStateHandle':
      out.writeByte(T.CHANGELOG_BYTE_INCREMENT_HANDLE);
      keyGroupRange(out, h.keyGroupRange);
      out.writeLong(h.from).writeLong(h.to).writeInt(h.changes.length);
      // The change bytes themselves are not kept by the reader; written as zeros of the recorded size.
      for (const c of h.changes) out.writeInt(c.keyGroup).writeInt(c.size).writeBytes(new Uint8Array(c.size));
      out.writeUTF(h.stateHandleId);
      return;
    case 'ChangelogStateHandleStreamImpl':
      out.writeByte(T.CHANGELOG_FILE_INCREMENT_HANDLE_V2);
      keyGroupRange(out, h.keyGroupRange);
      out.writeInt(h.handlesAndOffsets.length);
      for (const f of h.handlesAndOffsets) {
        out.writeLong(f.offset);
        writeStreamHandle(out, f.handle);
      }
      out.writeLong(h.stateSize).writeLong(h.checkpointedSize).writeUTF(h.stateHandleId).writeUTF(h.storageIdentifier);
      return;
  }
}

function writeOperatorHandle(out: DataOutput, h: OperatorStreamHandle): void {
  const merging = h.type === 'FileMergingOperatorStreamStateHandle';
  out.writeByte(merging ? T.SEGMENT_PARTITIONABLE_OPERATOR_STATE_HANDLE : T.PARTITIONABLE_OPERATOR_STATE_HANDLE);
  out.writeInt(h.states.length);
  for (const s of h.states) {
    out.writeUTF(s.name).writeByte(DISTRIBUTION_MODES.indexOf(s.mode)).writeInt(s.offsets.length);
    for (const o of s.offsets) out.writeLong(o);
  }
  if (merging) out.writeUTF(h.taskOwnedDir ?? '').writeUTF(h.sharedDir ?? '').writeBoolean(h.empty ?? false);
  writeStreamHandle(out, h.delegate);
}

function writeChannelHandles(out: DataOutput, hs: ChannelStateHandle[], tagged: boolean): void {
  out.writeInt(hs.length);
  for (const h of hs) {
    const merged = h.type === 'MergedInputChannelStateHandle' || h.type === 'MergedResultSubpartitionStateHandle';
    if (tagged) {
      const input = h.type === 'InputChannelStateHandle' || h.type === 'MergedInputChannelStateHandle';
      out.writeByte(
        input
          ? merged
            ? T.MERGED_INPUT_CHANNEL_STATE_HANDLE
            : T.INPUT_CHANNEL_STATE_HANDLE
          : merged
            ? T.MERGED_RESULT_SUBPARTITION_STATE_HANDLE
            : T.RESULT_SUBPARTITION_STATE_HANDLE,
      );
    } else if (merged) {
      throw new RangeError('merged channel state handles need metadata version 6 or later');
    }
    if (merged) {
      out.writeInt(h.subtaskIndex).writeLong(h.size);
      writeStreamHandle(out, h.delegate);
      const n = h.serializedChannelOffsetsSize ?? 0;
      out.writeInt(n).writeBytes(new Uint8Array(n));
      continue;
    }
    const info = h.info ?? { gateIdx: 0, inputChannelIdx: 0 };
    const [a, b] = 'gateIdx' in info ? [info.gateIdx, info.inputChannelIdx] : [info.partitionIdx, info.subPartitionIdx];
    out.writeInt(h.subtaskIndex).writeInt(a).writeInt(b).writeInt(h.offsets?.length ?? 0);
    for (const o of h.offsets ?? []) out.writeLong(o);
    out.writeLong(h.size);
    writeStreamHandle(out, h.delegate);
  }
}

function writeSubtask(out: DataOutput, s: SubtaskState, version: number): void {
  if (s.finished) {
    out.writeInt(-(s.subtaskIndex + 1));
    return;
  }
  out.writeInt(s.subtaskIndex);
  for (const h of [s.managedOperatorState, s.rawOperatorState]) {
    out.writeInt(h ? 1 : 0);
    if (h) writeOperatorHandle(out, h);
  }
  writeKeyedHandle(out, s.managedKeyedState);
  writeKeyedHandle(out, s.rawKeyedState);
  writeChannelHandles(out, s.inputChannelState, version >= 6);
  writeChannelHandles(out, s.resultSubpartitionState, version >= 6);
  if (version >= 7) {
    if (s.refCheckpointId !== undefined) out.writeByte(1).writeLong(s.refCheckpointId);
    else out.writeByte(0);
  }
}

function hexBytes(hex: string): Uint8Array {
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new RangeError(`operator id must be 32 hex digits: ${hex}`);
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** `_metadata` bytes for `m` in version `m.metadataVersion` (3–7). */
export function writeCheckpointMetadata(m: Omit<CheckpointMetadata, 'length'>): Uint8Array {
  const out = new DataOutput();
  const v = m.metadataVersion;
  out.writeInt(T.METADATA_MAGIC).writeInt(v).writeLong(m.checkpointId);
  out.writeInt(m.masterStates.length);
  for (const ms of m.masterStates) {
    const inner = new DataOutput().writeInt(ms.version).writeUTF(ms.name).writeInt(ms.data?.length ?? ms.size).writeBytes(ms.data ?? new Uint8Array(ms.size));
    out.writeInt(T.MASTER_STATE_MAGIC).writeInt(inner.length).writeBytes(inner.toBytes());
  }
  out.writeInt(m.operators.length);
  for (const op of m.operators) {
    if (v >= 5) out.writeUTF(op.name ?? '').writeUTF(op.uid ?? '');
    out.writeBytes(hexBytes(op.operatorId)).writeInt(op.parallelism).writeInt(op.maxParallelism);
    writeStreamHandle(out, op.coordinatorState);
    if (op.fullyFinished) {
      out.writeInt(-1);
      continue;
    }
    out.writeInt(op.subtasks.length);
    for (const s of op.subtasks) writeSubtask(out, s, v);
  }
  if (v >= 4) {
    if (!m.properties) throw new RangeError(`metadata version ${v} needs checkpoint properties`);
    writeCheckpointProperties(m.properties, out);
  }
  return out.toBytes();
}
