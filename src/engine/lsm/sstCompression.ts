/**
 * RocksDB's own compression of SST data blocks (seed 003's `S_c = S_o × C`, measured on the real
 * bytes). Flink sets it per level with `state.backend.rocksdb.compression.per.level`
 * (`RocksDBConfigurableOptions#COMPRESSION_PER_LEVEL`, default `[SNAPPY_COMPRESSION]`: every
 * level Snappy). Entry n is the compression of level n; levels past the list's end use its last
 * entry (RocksDB `GetCompressionType` / `compression_per_level`).
 *
 * Every data block carries RocksDB's 5-byte block trailer: 1 byte compression type + fixed32
 * masked CRC-32C of the block contents and that type byte (`BlockBasedTableBuilder::WriteRawBlock`).
 * A block is stored compressed only when that saves at least 1/8 of it (RocksDB's
 * `GoodCompressionRatio`: compressed size < raw − raw/8; in RocksDB 8.x the same rule is
 * `CompressionOptions::max_compressed_bytes_per_kb` = 896), otherwise raw with type 0.
 */
import { snappyCompressBlockTransient, snappyUncompressBlock } from '../codec/snappyBlock';

/** Every name Flink's `COMPRESSION_PER_LEVEL` accepts (`org.rocksdb.CompressionType`). */
export const ROCKSDB_COMPRESSION_TYPES = [
  'NO_COMPRESSION',
  'SNAPPY_COMPRESSION',
  'ZLIB_COMPRESSION',
  'BZLIB2_COMPRESSION',
  'LZ4_COMPRESSION',
  'LZ4HC_COMPRESSION',
  'XPRESS_COMPRESSION',
  'ZSTD_COMPRESSION',
] as const;
export type RocksDbCompressionType = (typeof ROCKSDB_COMPRESSION_TYPES)[number];

/** The ones this engine really runs (Snappy through the same codec as snapshot compression). */
export const IMPLEMENTED_SST_COMPRESSIONS = ['NO_COMPRESSION', 'SNAPPY_COMPRESSION'] as const;
export type SstCompression = (typeof IMPLEMENTED_SST_COMPRESSIONS)[number];

/** The block trailer's type byte (RocksDB `CompressionType` enum: kNoCompression 0x0, kSnappyCompression 0x1). */
export const SST_COMPRESSION_BYTE: Readonly<Record<SstCompression, number>> = {
  NO_COMPRESSION: 0x0,
  SNAPPY_COMPRESSION: 0x1,
};

/** RocksDB's names in an OPTIONS file (`compression_per_level=kSnappyCompression:…`). */
export const SST_COMPRESSION_OPTION_NAME: Readonly<Record<SstCompression, string>> = {
  NO_COMPRESSION: 'kNoCompression',
  SNAPPY_COMPRESSION: 'kSnappyCompression',
};

/** RocksDB block trailer: 1 type byte + 4 checksum bytes (`BlockBasedTable::kBlockTrailerSize`). */
export const BLOCK_TRAILER_BYTES = 5;

export function isImplementedCompression(name: string): name is SstCompression {
  return (IMPLEMENTED_SST_COMPRESSIONS as readonly string[]).includes(name);
}

/** The compression of a level: entry `level`, or the last entry for deeper levels (RocksDB `compression_per_level`). */
export function compressionForLevel(perLevel: readonly SstCompression[], level: number): SstCompression {
  if (perLevel.length === 0) return 'NO_COMPRESSION';
  return perLevel[Math.min(level, perLevel.length - 1)]!;
}

/** RocksDB `GoodCompressionRatio`: worth storing compressed only when it saves at least 1/8. */
export function goodCompressionRatio(compressedSize: number, rawSize: number): boolean {
  return compressedSize < rawSize - Math.floor(rawSize / 8);
}

/** The stored form of one raw data block: the contents (`raw` itself, or a view valid until the next call: copy it out) and the trailer's type byte. */
export function compressDataBlock(raw: Uint8Array, compression: SstCompression): { contents: Uint8Array; type: number } {
  if (compression === 'SNAPPY_COMPRESSION') {
    const c = snappyCompressBlockTransient(raw);
    if (goodCompressionRatio(c.length, raw.length)) return { contents: c, type: SST_COMPRESSION_BYTE.SNAPPY_COMPRESSION };
  }
  return { contents: raw, type: SST_COMPRESSION_BYTE.NO_COMPRESSION };
}

/** The raw block from stored contents and the trailer's type byte; throws on an unknown type or a damaged Snappy block. */
export function uncompressDataBlock(contents: Uint8Array, type: number, maxRawBytes: number): Uint8Array {
  if (type === SST_COMPRESSION_BYTE.NO_COMPRESSION) return contents;
  if (type === SST_COMPRESSION_BYTE.SNAPPY_COMPRESSION) return snappyUncompressBlock(contents, maxRawBytes);
  throw new Error(`unknown compression type byte 0x${type.toString(16)} in a block trailer`);
}
