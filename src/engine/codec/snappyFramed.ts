/**
 * The Snappy framing format as Flink's snapshot compression writes it:
 * `SnappyStreamCompressionDecorator` wraps a checkpoint stream in xerial's
 * `SnappyFramedOutputStream(out, 64 KiB, 0.85)`. The stream is a stream-identifier chunk, then
 * one chunk per 64 KiB block of input: type 0x00 (Snappy-compressed) when compressed/raw ≤ 0.85,
 * otherwise type 0x01 (stored raw), because compression that saves less than 15 % is not worth
 * the decompression work. Every data chunk carries the masked CRC-32C of its *uncompressed* bytes.
 *
 * Chunk layout: [type: 1 byte][length: 3 bytes little-endian, includes the CRC][masked CRC-32C:
 * 4 bytes little-endian][data]. Raw block compression comes from `snappyjs` (same Snappy format as
 * the native library, though not always byte-identical output), checked strictly in snappyBlock.ts.
 */
import { crc32c, maskCrc32c } from './crc32c';
import { snappyCompressBlock, snappyUncompressBlock } from './snappyBlock';

/** `SnappyStreamCompressionDecorator.COMPRESSION_BLOCK_SIZE` (also the format's maximum). */
export const SNAPPY_FRAMED_BLOCK_SIZE = 64 * 1024;
/** `SnappyStreamCompressionDecorator.MIN_COMPRESSION_RATIO`: compress a block only if compressed/raw ≤ this. */
export const SNAPPY_MIN_COMPRESSION_RATIO = 0.85;
/** `SnappyFramed.HEADER_BYTES`: chunk 0xff of length 6 holding "sNaPpY". */
export const SNAPPY_STREAM_IDENTIFIER: Uint8Array = Uint8Array.of(
  0xff,
  0x06,
  0x00,
  0x00,
  0x73,
  0x4e,
  0x61,
  0x50,
  0x70,
  0x59,
);

/** Chunk types of the framing format. */
export const SNAPPY_CHUNK = {
  COMPRESSED: 0x00,
  UNCOMPRESSED: 0x01,
  PADDING: 0xfe,
  STREAM_IDENTIFIER: 0xff,
} as const;

const CHUNK_HEADER_BYTES = 4;
const CRC_BYTES = 4;

/** Options of `SnappyFramedOutputStream(out, blockSize, minCompressionRatio)`; defaults are Flink's. */
export interface SnappyFramedOptions {
  blockSize?: number;
  minCompressionRatio?: number;
}

/** What compressing produced, for the snapshot writer and for teaching views. */
export interface SnappyFramedResult {
  bytes: Uint8Array;
  originalBytes: number;
  compressedBytes: number;
  /** Data chunks stored Snappy-compressed (type 0x00). */
  compressedChunks: number;
  /** Data chunks stored raw (type 0x01) because compression saved less than the minimum. */
  uncompressedChunks: number;
}

/** The stream is malformed: bad identifier, unknown chunk type, bad CRC, truncated chunk. */
export class SnappyFramedFormatError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`snappyFramedDecompress: ${message} (chunk at offset ${offset})`);
    this.name = 'SnappyFramedFormatError';
  }
}

/** `SnappyFramedOutputStream` over a whole buffer, with counts of compressed and raw chunks. */
export function snappyFramedCompressWithStats(
  input: Uint8Array,
  options: SnappyFramedOptions = {},
): SnappyFramedResult {
  const blockSize = options.blockSize ?? SNAPPY_FRAMED_BLOCK_SIZE;
  const minRatio = options.minCompressionRatio ?? SNAPPY_MIN_COMPRESSION_RATIO;
  if (!Number.isInteger(blockSize) || blockSize <= 0 || blockSize > SNAPPY_FRAMED_BLOCK_SIZE) {
    throw new RangeError(
      `snappyFramedCompress: blockSize must be an integer in (0, 65536], got ${blockSize}`,
    );
  }
  if (!(minRatio > 0 && minRatio <= 1)) {
    throw new RangeError(
      `snappyFramedCompress: minCompressionRatio must be in (0, 1], got ${minRatio}`,
    );
  }
  const bytes = plainView(input, 'snappyFramedCompress');
  const n = Math.ceil(bytes.length / blockSize);
  const payloads = new Array<Uint8Array>(n);
  const crcs = new Array<number>(n);
  const types = new Uint8Array(n);
  let total = SNAPPY_STREAM_IDENTIFIER.length;
  let compressedChunks = 0;
  for (let b = 0; b < n; b++) {
    const block = bytes.subarray(b * blockSize, Math.min(bytes.length, (b + 1) * blockSize));
    crcs[b] = maskCrc32c(crc32c(block));
    const packed = snappyCompressBlock(block);
    if (packed.length / block.length <= minRatio) {
      payloads[b] = packed;
      types[b] = SNAPPY_CHUNK.COMPRESSED;
      compressedChunks++;
    } else {
      payloads[b] = block;
      types[b] = SNAPPY_CHUNK.UNCOMPRESSED;
    }
    total += CHUNK_HEADER_BYTES + CRC_BYTES + payloads[b]!.length;
  }
  const out = new Uint8Array(total);
  out.set(SNAPPY_STREAM_IDENTIFIER, 0);
  let p = SNAPPY_STREAM_IDENTIFIER.length;
  for (let b = 0; b < n; b++) {
    const data = payloads[b]!;
    const len = data.length + CRC_BYTES;
    const crc = crcs[b]!;
    out[p] = types[b]!;
    out[p + 1] = len & 0xff;
    out[p + 2] = (len >>> 8) & 0xff;
    out[p + 3] = (len >>> 16) & 0xff;
    out[p + 4] = crc & 0xff;
    out[p + 5] = (crc >>> 8) & 0xff;
    out[p + 6] = (crc >>> 16) & 0xff;
    out[p + 7] = crc >>> 24;
    out.set(data, p + 8);
    p += 8 + data.length;
  }
  return {
    bytes: out,
    originalBytes: bytes.length,
    compressedBytes: total,
    compressedChunks,
    uncompressedChunks: n - compressedChunks,
  };
}

/** Compresses like Flink's snapshot compression (`SnappyFramedOutputStream`, 64 KiB blocks, ratio 0.85). */
export function snappyFramedCompress(bytes: Uint8Array, options?: SnappyFramedOptions): Uint8Array {
  return snappyFramedCompressWithStats(bytes, options).bytes;
}

/**
 * `SnappyFramedInputStream`: decodes a framed stream. Checksums are verified by default; Flink
 * itself opens the stream with `verifyChecksums = false`, which `{ verifyChecksums: false }` mimics.
 */
export function snappyFramedDecompress(
  input: Uint8Array,
  options: { verifyChecksums?: boolean } = {},
): Uint8Array {
  const verify = options.verifyChecksums ?? true;
  const bytes = plainView(input, 'snappyFramedDecompress');
  const n = bytes.length;
  if (n === 0 || bytes[0] !== SNAPPY_CHUNK.STREAM_IDENTIFIER) {
    throw new SnappyFramedFormatError(
      n === 0
        ? 'empty input: missing the stream identifier'
        : `stream does not start with the stream identifier (type 0x${hex2(bytes[0]!)})`,
      0,
    );
  }
  const blocks: Uint8Array[] = [];
  let total = 0;
  let pos = 0;
  while (pos < n) {
    if (n - pos < CHUNK_HEADER_BYTES) {
      throw new SnappyFramedFormatError(`truncated chunk header: ${n - pos} byte(s) left`, pos);
    }
    const type = bytes[pos]!;
    const len = bytes[pos + 1]! | (bytes[pos + 2]! << 8) | (bytes[pos + 3]! << 16);
    const start = pos + CHUNK_HEADER_BYTES;
    const end = start + len;
    if (end > n)
      throw new SnappyFramedFormatError(
        `truncated chunk: declares ${len} byte(s), ${n - start} left`,
        pos,
      );
    if (type === SNAPPY_CHUNK.COMPRESSED || type === SNAPPY_CHUNK.UNCOMPRESSED) {
      if (len < CRC_BYTES)
        throw new SnappyFramedFormatError(
          `data chunk of length ${len} has no room for its CRC`,
          pos,
        );
      const stored =
        (bytes[start]! |
          (bytes[start + 1]! << 8) |
          (bytes[start + 2]! << 16) |
          (bytes[start + 3]! << 24)) >>>
        0;
      const payload = bytes.subarray(start + CRC_BYTES, end);
      let data: Uint8Array;
      if (type === SNAPPY_CHUNK.COMPRESSED) {
        try {
          data = snappyUncompressBlock(payload, SNAPPY_FRAMED_BLOCK_SIZE);
        } catch (e) {
          throw new SnappyFramedFormatError(
            `invalid Snappy data in compressed chunk: ${(e as Error).message}`,
            pos,
          );
        }
      } else {
        if (payload.length > SNAPPY_FRAMED_BLOCK_SIZE) {
          throw new SnappyFramedFormatError(
            `uncompressed chunk holds ${payload.length} bytes, more than 65536`,
            pos,
          );
        }
        data = payload;
      }
      if (verify) {
        const actual = maskCrc32c(crc32c(data));
        if (actual !== stored) {
          throw new SnappyFramedFormatError(
            `CRC-32C mismatch: stored 0x${hex8(stored)}, computed 0x${hex8(actual)}`,
            pos,
          );
        }
      }
      blocks.push(data);
      total += data.length;
    } else if (type === SNAPPY_CHUNK.STREAM_IDENTIFIER) {
      // The identifier may repeat (concatenated streams); it must be intact each time.
      if (len !== 6 || !sameBytes(bytes, start, SNAPPY_STREAM_IDENTIFIER, 4, 6)) {
        throw new SnappyFramedFormatError('bad stream identifier (expected "sNaPpY")', pos);
      }
    } else if (type < 0x80) {
      throw new SnappyFramedFormatError(
        `unknown chunk type 0x${hex2(type)} (reserved, unskippable)`,
        pos,
      );
    }
    // 0x80–0xfe: skippable (0xfe is padding).
    pos = end;
  }
  const out = new Uint8Array(total);
  let p = 0;
  for (const b of blocks) {
    out.set(b, p);
    p += b.length;
  }
  return out;
}

/** snappyjs returns a Node Buffer for Buffer input; a plain view keeps results plain Uint8Arrays. */
function plainView(bytes: Uint8Array, fn: string): Uint8Array {
  if (!(bytes instanceof Uint8Array))
    throw new TypeError(`${fn}: expected a Uint8Array, got ${typeof bytes}`);
  return bytes.constructor === Uint8Array
    ? bytes
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function sameBytes(
  a: Uint8Array,
  aStart: number,
  b: Uint8Array,
  bStart: number,
  n: number,
): boolean {
  for (let i = 0; i < n; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}

const hex2 = (v: number): string => v.toString(16).padStart(2, '0');
const hex8 = (v: number): string => v.toString(16).padStart(8, '0');
