/**
 * The `_metadata` bytes Checkpoint Lab wrote before it wrote Flink's layout (version 1001: magic
 * number, version, JSON with byte arrays as `{ $bytes: base64 }`), to test that old runs stored
 * in IndexedDB still restore.
 */
import type { CheckpointMetadata } from '../../src/engine/format/metadataFormat';
import { LEGACY_JSON_METADATA_VERSION } from '../../src/engine/format/legacyJsonMetadata';

export function encodeLegacyJsonMetadata(meta: CheckpointMetadata): Uint8Array {
  const json = JSON.stringify(meta, (_k, v: unknown) => (v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString('base64') } : v));
  const body = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + body.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, 0x4960672d);
  view.setInt32(4, LEGACY_JSON_METADATA_VERSION);
  out.set(body, 8);
  return out;
}
