/**
 * Recognizes a real Flink `_metadata` file among imported files by its first bytes, before any
 * size limit or UTF-8 decoding would refuse it with a message about JSON: Flink writes the magic
 * number 0x4960672d as a big-endian int at offset 0, then the metadata format version (an int),
 * then, for versions 2–4 (MetadataV2V3SerializerBase#serializeMetadata), the checkpoint id as a
 * long (Checkpoints#storeCheckpointMetadata). Checkpoint Lab's own `_metadata` uses the same magic
 * number with Flink's version 4 now (src/engine/format/metadataFormat.ts), so it reads as Flink's
 * here; only runs stored by older versions carry its former JSON version 1001.
 */
import { METADATA_MAGIC } from '../../engine/format/metadataFormat';
import { LEGACY_JSON_METADATA_VERSION } from '../../engine/format/legacyJsonMetadata';

export interface FlinkMetadataInfo {
  /** The metadata format version: 1–4 in Flink 1.20 (MetadataSerializers), 1001 for Checkpoint Lab's own. */
  version: number;
  /** The checkpoint id, where the format puts it right after the version (Flink's versions 2–4). */
  checkpointId: number | null;
  /** Written by an older Checkpoint Lab (JSON version 1001), not in Flink's layout. */
  checkpointLab: boolean;
}

/** What a file's first 16 bytes say, or null when they are not checkpoint metadata. */
export function sniffMetadataHeader(head: Uint8Array): FlinkMetadataInfo | null {
  if (head.length < 8) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (view.getInt32(0) !== METADATA_MAGIC) return null;
  const version = view.getInt32(4);
  const checkpointId = version >= 2 && version <= 4 && head.length >= 16 ? Number(view.getBigInt64(8)) : null;
  return { version, checkpointId, checkpointLab: version === LEGACY_JSON_METADATA_VERSION };
}

/** A file's head, read without reading the rest (a `_metadata` may be larger than a scenario may be). */
export async function readHead(file: { size: number; arrayBuffer: () => Promise<ArrayBuffer>; slice?: (start: number, end: number) => Blob }): Promise<Uint8Array> {
  if (typeof file.slice === 'function') return new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return new Uint8Array(await file.arrayBuffer()).subarray(0, 16);
}
