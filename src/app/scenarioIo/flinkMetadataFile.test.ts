import { afterEach, describe, expect, it } from 'vitest';
import { sniffMetadataHeader } from './flinkMetadataFile';
import { handOffToInspector, setMetadataInspector } from './inspectorHandoff';

/** The head Flink writes: magic, version, then (versions 2–4) the checkpoint id as a long. */
function head(magic: number, version: number, checkpointId: bigint): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  v.setInt32(0, magic);
  v.setInt32(4, version);
  v.setBigInt64(8, checkpointId);
  return b;
}

describe('sniffMetadataHeader', () => {
  it('recognizes Flink’s magic number, its version and the checkpoint id after it', () => {
    expect(sniffMetadataHeader(head(0x4960672d, 4, 42n))).toEqual({ version: 4, checkpointId: 42, checkpointLab: false });
    expect(sniffMetadataHeader(head(0x4960672d, 3, 7n))).toEqual({ version: 3, checkpointId: 7, checkpointLab: false });
  });

  it('knows Checkpoint Lab’s own version 1001 (a JSON body, no id after the version)', () => {
    expect(sniffMetadataHeader(head(0x4960672d, 1001, 0n))).toEqual({ version: 1001, checkpointId: null, checkpointLab: true });
  });

  it('is not fooled by JSON, by the magic at another byte order or by a file too short', () => {
    expect(sniffMetadataHeader(new TextEncoder().encode('{ "format": "checkpoint-lab/scenario@1" }'))).toBeNull();
    expect(sniffMetadataHeader(head(0x2d676049, 4, 1n))).toBeNull();
    expect(sniffMetadataHeader(head(0x4960672d, 4, 1n).subarray(0, 6))).toBeNull();
    expect(sniffMetadataHeader(head(0x4960672d, 4, 1n).subarray(0, 8))).toEqual({ version: 4, checkpointId: null, checkpointLab: false });
  });
});

describe('handOffToInspector', () => {
  afterEach(() => setMetadataInspector(null));

  it('hands the file to a registered inspector, and says false without one', () => {
    const file = Object.assign(new Blob([head(0x4960672d, 4, 5n)]), { name: '_metadata' });
    const info = { version: 4, checkpointId: 5, checkpointLab: false };
    expect(handOffToInspector(file, info)).toBe(false);
    const seen: string[] = [];
    setMetadataInspector((f, i) => {
      seen.push(`${f.name}:${i.checkpointId}`);
      return true;
    });
    expect(handOffToInspector(file, info)).toBe(true);
    expect(seen).toEqual(['_metadata:5']);
  });
});
