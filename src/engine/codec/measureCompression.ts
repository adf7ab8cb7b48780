/**
 * Seed 003's compressed size `S_c = S_o × C`, with C measured by really compressing the bytes the
 * engine writes, the way `execution.checkpointing.snapshot-compression` would.
 */
import { snappyFramedCompressWithStats } from './snappyFramed';

/** Sizes before and after Snappy framing, and C = compressed / original. */
export interface CompressionMeasurement {
  originalBytes: number;
  compressedBytes: number;
  /** C in S_c = S_o × C; framing overhead included (so ≥ 1 for incompressible data). 1 for empty input. */
  ratio: number;
  compressedChunks: number;
  uncompressedChunks: number;
}

/** Measures the compression ratio C of `bytes` under Flink's snapshot compression (`SnappyStreamCompressionDecorator`). */
export function measureCompression(bytes: Uint8Array): CompressionMeasurement {
  const r = snappyFramedCompressWithStats(bytes);
  return {
    originalBytes: r.originalBytes,
    compressedBytes: r.compressedBytes,
    // An empty snapshot still gets the 10-byte identifier; C is undefined there, 1 keeps S_c = S_o.
    ratio: r.originalBytes === 0 ? 1 : r.compressedBytes / r.originalBytes,
    compressedChunks: r.compressedChunks,
    uncompressedChunks: r.uncompressedChunks,
  };
}
