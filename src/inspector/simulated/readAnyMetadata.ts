/**
 * Reads a `_metadata` whatever wrote it: Flink (versions 3–7, binary; the simulator too writes
 * version 4) or Checkpoint Lab before it wrote Flink's layout (version 1001, JSON, in runs stored
 * by older versions), the latter through the engine's decoder and the conversion to Flink's model.
 */
import { decodeMetadata } from '../../engine/format/metadataFormat';
import { LEGACY_JSON_METADATA_VERSION as LAB_VERSION } from '../../engine/format/legacyJsonMetadata';
import { isFlinkMetadata, MetadataFormatError, parseCheckpointMetadata, readCheckpointMetadata } from '../metadata';
import type { ReadResult } from '../metadata';
import { engineMetadataToFlinkBytes } from './engineToFlink';

export function readAnyMetadata(bytes: Uint8Array, path = '_metadata'): ReadResult & { simulated?: true } {
  const labVersion = isFlinkMetadata(bytes) && bytes.length >= 8 && new DataView(bytes.buffer, bytes.byteOffset, 8).getInt32(4) === LAB_VERSION;
  if (!labVersion) return readCheckpointMetadata(bytes);
  try {
    // No directory is taken as the checkpoint's own: every file becomes an absolute path, mapped into the folder by its suffix.
    const flinkBytes = engineMetadataToFlinkBytes(decodeMetadata(bytes, path), { checkpointDir: '' });
    return { ok: true, metadata: { ...parseCheckpointMetadata(flinkBytes), length: bytes.length }, simulated: true };
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, error: new MetadataFormatError('MALFORMED', 8, "Checkpoint Lab's own metadata (version 1001)", detail) };
  }
}
