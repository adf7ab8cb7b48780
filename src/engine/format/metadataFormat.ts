/**
 * The `_metadata` file of a completed checkpoint or savepoint (Flink's `Checkpoints
 * .storeCheckpointMetadata`), in Flink's own layout: the magic number, version 4, then
 * `MetadataV4Serializer`'s body (checkpoint id, master states, operator states with every handle,
 * CheckpointProperties), written and read by the checkpoint inspector's writer and reader
 * (src/inspector/metadata, pure TypeScript), so a checkpoint exported from the simulator opens in
 * the inspector (or any tool that reads Flink's format) as a real one does. What the engine needs
 * that v4 has no field for travels in a master state (flink/labMasterState.ts). Restores read
 * this file back from storage and nothing else: the engine's memory is not consulted. Runs stored
 * by earlier versions hold Checkpoint Lab's JSON version 1001, still read (legacyJsonMetadata.ts).
 */
import { readCheckpointMetadata } from '../../inspector/metadata';
import type { SubtaskStateSnapshot } from './stateHandles';
import { engineMetadataToFlinkBytes } from './flink/engineToFlink';
import { flinkMetadataToEngine } from './flink/flinkToEngine';
import { decodeLegacyJsonMetadata, LEGACY_JSON_METADATA_VERSION } from './legacyJsonMetadata';

/** Flink's `MetadataSerializers` magic number. */
export const METADATA_MAGIC = 0x4960672d;
/** The version the engine writes: Flink 1.16–1.20's `MetadataV4Serializer`. */
export const METADATA_VERSION = 4;

export interface CheckpointMetadata {
  checkpointId: number;
  isSavepoint: boolean;
  jobId: string;
  triggerMs: number;
  /** Fixed for the life of the job; restores at any parallelism keep it. */
  maxParallelism: number;
  /** Per vertex (operator), the state of each subtask at the parallelism it ran with. */
  operators: { vertex: string; parallelism: number; subtasks: SubtaskStateSnapshot[] }[];
}

/** The directory a `_metadata` lies in: its relative handles are resolved against it. */
export function metadataDir(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Serializes metadata into the `_metadata` bytes written to `checkpointDir`/_metadata. */
export function encodeMetadata(meta: CheckpointMetadata, checkpointDir: string): Uint8Array {
  return engineMetadataToFlinkBytes(meta, { checkpointDir });
}

/** Reads `_metadata` bytes; every problem names the file and what was being read (byte offset or field path). */
export function decodeMetadata(bytes: Uint8Array, path: string): CheckpointMetadata {
  if (bytes.length < 8) throw new Error(`${path}: too short to be checkpoint metadata (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getInt32(0);
  if (magic !== METADATA_MAGIC) {
    throw new Error(`${path}: not checkpoint metadata (magic number 0x${(magic >>> 0).toString(16)}, expected 0x4960672d)`);
  }
  if (view.getInt32(4) === LEGACY_JSON_METADATA_VERSION) return decodeLegacyJsonMetadata(bytes, path);
  const read = readCheckpointMetadata(bytes);
  if (!read.ok) throw new Error(`${path}: ${read.error.message}`);
  try {
    return flinkMetadataToEngine(read.metadata, metadataDir(path));
  } catch (e) {
    throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
