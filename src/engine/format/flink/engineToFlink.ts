/**
 * The engine's checkpoint metadata in Flink's model (src/inspector/metadata, Flink's class names),
 * written as Flink 1.16–1.20 write it: `MetadataV4Serializer` (version 5 on request, keeping the
 * vertex names). The inverse is flinkToEngine.ts.
 *
 * Mapping, handle by handle (Flink class in parentheses):
 *  - files in the checkpoint's own directory → RelativeFileStateHandle (Flink 1.20's
 *    FsCheckpointStreamFactory writes EXCLUSIVE-scope files relative unless entropy is injected);
 *    other files (shared/, taskowned/) → FileStateHandle with the absolute path
 *    `file:/checkpoint-lab/<storage path>`; inline bytes → ByteStreamStateHandle;
 *  - keyGroups → KeyGroupsStateHandle (KeyGroupsSavepointStateHandle in a savepoint);
 *    incremental → IncrementalRemoteKeyedStateHandle; changelog → ChangelogStateBackendHandle with
 *    ChangelogStateHandleStreamImpl over its DSTL files; operator → OperatorStreamStateHandle;
 *    channel → one InputChannelStateHandle / ResultSubpartitionStateHandle per channel entry over
 *    the subtask's channel-state file;
 *  - OperatorID: Flink hashes the uid (murmur3); here 128 bits of FNV-1a over the vertex name,
 *    deterministic but not the id Flink would give the same job. State handle ids, random UUIDs
 *    in Flink, are derived from the place of the handle;
 *  - what v4 has no field for goes into the master state "checkpoint-lab" (labMasterState.ts).
 */
import type { CheckpointMetadata, ChannelStateHandle, CheckpointProperties, KeyedHandle, KeyGroupRange, OperatorStreamHandle, StreamHandle } from '../../../inspector/metadata';
import { writeCheckpointMetadata } from '../../../inspector/metadata/writeMetadata';
import type { CheckpointMetadata as EngineMetadata } from '../metadataFormat';
import type { NestedKeyedStateHandle, StreamStateHandle, SubtaskStateSnapshot } from '../stateHandles';
import { encodeLabMasterState, LAB_MASTER_STATE_NAME, LAB_MASTER_STATE_VERSION, type KeyedExtras, type NestedExtras, type SubtaskExtras } from './labMasterState';

/** Where Checkpoint Lab's storage root would be on a file system (`state.checkpoints.dir`). */
export const SIMULATED_CHECKPOINTS_DIR = 'file:/checkpoint-lab';

function fnv1a64(s: string, seed: bigint): bigint {
  let h = 0xcbf29ce484222325n ^ seed;
  for (let i = 0; i < s.length; i++) {
    h ^= BigInt(s.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h;
}

/** A deterministic 32-hex-digit OperatorID for a vertex name. */
export function simulatedOperatorId(vertex: string): string {
  return [fnv1a64(vertex, 0n), fnv1a64(vertex, 0x9e3779b97f4a7c15n)].map((h) => h.toString(16).padStart(16, '0')).join('');
}

function range(r: { startKeyGroup: number; endKeyGroup: number }): KeyGroupRange {
  const count = Math.max(0, r.endKeyGroup - r.startKeyGroup + 1);
  return { start: r.startKeyGroup, end: r.startKeyGroup + count - 1, count };
}

export interface ConvertOptions {
  /** The checkpoint's own directory in storage (`<jobId>/chk-<id>` or `savepoints/savepoint-<id>`). */
  checkpointDir: string;
  /** 4 (Flink 1.16–1.20, the default) or 5 (2.x: keeps the vertex names). */
  version?: 4 | 5;
}

function checkpointProperties(meta: EngineMetadata): CheckpointProperties {
  const native = meta.operators.some((o) => o.subtasks.some((s) => s.keyed?.type === 'incremental'));
  return meta.isSavepoint
    ? {
        snapshotType: 'SAVEPOINT',
        name: 'Savepoint',
        formatType: native ? 'NATIVE' : 'CANONICAL',
        postCheckpointAction: 'NONE',
        forced: true,
        discardSubsumed: false,
        discardFinished: false,
        discardCancelled: false,
        discardFailed: false,
        discardSuspended: false,
        unclaimed: false,
      }
    : {
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
}

function nestedExtras(h: NestedKeyedStateHandle): NestedExtras {
  return h.type === 'keyGroups'
    ? { type: 'keyGroups', compressed: h.compressed, uncompressedSize: h.uncompressedSize }
    : { type: 'incremental', shared: h.sharedState.map((f) => [f.sst, f.uploadedNow]), private: h.privateState.map((f) => [f.sst, f.uploadedNow]) };
}

function subtaskExtras(s: SubtaskStateSnapshot): SubtaskExtras {
  const k = s.keyed;
  const keyed: KeyedExtras | null = !k ? null : k.type === 'changelog' ? { type: 'changelog', fromSqn: k.fromSqn, toSqn: k.toSqn, materialized: k.materialized.map(nestedExtras) } : nestedExtras(k);
  return {
    keyed,
    ...(s.channel ? { channel: { input: s.channel.input.map((e): [string, number] => [e.channel, e.count]), output: s.channel.output.map((e): [string, number] => [e.channel, e.count]) } } : {}),
  };
}

export function engineMetadataToFlink(meta: EngineMetadata, opts: ConvertOptions): Omit<CheckpointMetadata, 'length'> {
  const own = `${opts.checkpointDir}/`;
  const stream = (h: StreamStateHandle): StreamHandle =>
    h.type === 'inline'
      ? { type: 'ByteStreamStateHandle', at: 0, handleName: h.name, size: h.bytes.length, data: h.bytes }
      : h.path.startsWith(own)
        ? { type: 'RelativeFileStateHandle', at: 0, relativePath: h.path.slice(own.length), size: h.size }
        : { type: 'FileStateHandle', at: 0, filePath: `${SIMULATED_CHECKPOINTS_DIR}/${h.path}`, size: h.size };

  const nested = (h: NestedKeyedStateHandle, id: string): KeyedHandle => {
    if (h.type === 'keyGroups') {
      return meta.isSavepoint
        ? { type: 'KeyGroupsSavepointStateHandle', at: 0, keyGroupRange: range(h.keyGroupRange), offsets: [...h.offsets], delegate: stream(h.delegate), stateHandleId: null }
        : { type: 'KeyGroupsStateHandle', at: 0, keyGroupRange: range(h.keyGroupRange), offsets: [...h.offsets], delegate: stream(h.delegate), stateHandleId: id };
    }
    return {
      type: 'IncrementalRemoteKeyedStateHandle',
      at: 0,
      checkpointId: h.checkpointId,
      backendIdentifier: h.backendIdentifier,
      keyGroupRange: range(h.keyGroupRange),
      checkpointedSize: h.persistedSizeOfThisCheckpoint,
      metaDataStateHandle: stream(h.metaStateHandle),
      sharedState: h.sharedState.map((f) => ({ localPath: f.localPath, handle: stream(f.handle) })),
      privateState: h.privateState.map((f) => ({ localPath: f.localPath, handle: stream(f.handle) })),
      stateHandleId: id,
    };
  };

  const keyed = (h: SubtaskStateSnapshot['keyed'], id: string): KeyedHandle | null => {
    if (!h) return null;
    if (h.type !== 'changelog') return nested(h, id);
    const sizes = new Map(h.dstlFiles.map((f) => [f.path, f.size]));
    return {
      type: 'ChangelogStateBackendHandle',
      at: 0,
      keyGroupRange: range(h.keyGroupRange),
      checkpointedSize: h.persistedSizeOfThisCheckpoint,
      materialized: h.materialized.map((m, i) => nested(m, `${id}-materialized-${i}`)),
      nonMaterialized: h.nonMaterialized.map((c, i) => ({
        type: 'ChangelogStateHandleStreamImpl' as const,
        at: 0,
        keyGroupRange: range(c.keyGroupRange),
        handlesAndOffsets: c.handlesAndOffsets.map((e) => ({ offset: e.offset, handle: stream({ type: 'file', path: e.file, size: sizes.get(e.file) ?? 0 }) })),
        stateSize: c.stateSize,
        checkpointedSize: c.checkpointedSize,
        stateHandleId: `${id}-dstl-${i}`,
        storageIdentifier: c.storageIdentifier,
      })),
      materializationId: h.materializationId,
      checkpointId: h.checkpointId,
      stateHandleId: id,
    };
  };

  const operator = (h: SubtaskStateSnapshot['operator']): OperatorStreamHandle | null =>
    h ? { type: 'OperatorStreamStateHandle', at: 0, states: h.states.map((s) => ({ ...s, offsets: [...s.offsets] })), delegate: stream(h.delegate) } : null;

  const channels = (c: SubtaskStateSnapshot['channel'], subtaskIndex: number): { input: ChannelStateHandle[]; output: ChannelStateHandle[] } => {
    if (!c) return { input: [], output: [] };
    const delegate = stream(c.delegate);
    const total = c.delegate.type === 'file' ? c.delegate.size : c.delegate.bytes.length;
    // Entries are laid out one after the other in the file: each one's size runs to the next offset.
    const starts = [...c.input, ...c.output].map((e) => e.offset).sort((a, b) => a - b);
    const sizeOf = (offset: number): number => (starts.find((s) => s > offset) ?? total) - offset;
    return {
      input: c.input.map((e, i) => ({ type: 'InputChannelStateHandle', at: 0, subtaskIndex, info: { gateIdx: 0, inputChannelIdx: i }, offsets: [e.offset], size: sizeOf(e.offset), delegate })),
      output: c.output.map((e, i) => ({ type: 'ResultSubpartitionStateHandle', at: 0, subtaskIndex, info: { partitionIdx: 0, subPartitionIdx: i }, offsets: [e.offset], size: sizeOf(e.offset), delegate })),
    };
  };

  const version = opts.version ?? 4;
  const lab = encodeLabMasterState({
    jobId: meta.jobId,
    triggerMs: meta.triggerMs,
    operators: meta.operators.map((op) => ({ vertex: op.vertex, subtasks: op.subtasks.map(subtaskExtras) })),
  });
  return {
    metadataVersion: version,
    checkpointId: meta.checkpointId,
    masterStates: [{ name: LAB_MASTER_STATE_NAME, version: LAB_MASTER_STATE_VERSION, size: lab.length, data: lab, at: 0 }],
    properties: checkpointProperties(meta),
    operators: meta.operators.map((op) => ({
      operatorId: simulatedOperatorId(op.vertex),
      ...(version >= 5 ? { name: op.vertex } : {}),
      parallelism: op.parallelism,
      maxParallelism: meta.maxParallelism,
      coordinatorState: null,
      fullyFinished: false,
      subtasks: op.subtasks.map((s, i) => {
        const ch = channels(s.channel, i);
        return {
          subtaskIndex: i,
          finished: false,
          managedOperatorState: operator(s.operator),
          rawOperatorState: null,
          managedKeyedState: keyed(s.keyed, `${op.vertex}#${i}@${meta.checkpointId}`),
          rawKeyedState: null,
          inputChannelState: ch.input,
          resultSubpartitionState: ch.output,
        };
      }),
    })),
  };
}

/** The `_metadata` bytes, as Flink would have written this checkpoint (plus its master state). */
export function engineMetadataToFlinkBytes(meta: EngineMetadata, opts: ConvertOptions): Uint8Array {
  return writeCheckpointMetadata(engineMetadataToFlink(meta, opts));
}
