/**
 * Raw Snappy block (de)compression via `snappyjs`, made as strict as the native library.
 * snappyjs silently drops output written past the declared length and does not check that the
 * output was filled, so a corrupted block can decode "successfully". Native Snappy
 * (`RawUncompress`) rejects such blocks; {@link checkSnappyBlock} walks the elements first and
 * does the same, without copying any data.
 */
import { compress, uncompress } from 'snappyjs';
import { SnappyCompressor } from 'snappyjs/snappy_compressor';

/** Snappy `RawCompress` of one block. */
export function snappyCompressBlock(block: Uint8Array): Uint8Array {
  return compress(block);
}

let scratch = new Uint8Array(0);

/**
 * Snappy `RawCompress` of one block into a buffer reused by every call: the result is a view,
 * valid until the next call. For a caller that copies it out at once (an SST's data blocks):
 * `compress` makes a buffer of the largest possible size and a copy of the result per block.
 */
export function snappyCompressBlockTransient(block: Uint8Array): Uint8Array {
  const compressor = new SnappyCompressor(block);
  const max = compressor.maxCompressedLength();
  if (scratch.length < max) scratch = new Uint8Array(Math.max(max, scratch.length * 2));
  return scratch.subarray(0, compressor.compressToBuffer(scratch));
}

/** Snappy `RawUncompress` of one block whose declared length must not exceed `maxLength`; throws on any malformed block. */
export function snappyUncompressBlock(block: Uint8Array, maxLength: number): Uint8Array {
  const declared = checkSnappyBlock(block, maxLength);
  const out = uncompress(block, maxLength);
  if (out.length !== declared)
    throw new Error(`decoded ${out.length} bytes, header says ${declared}`);
  return out;
}

/** Validates a raw Snappy block's structure; returns its uncompressed length. */
export function checkSnappyBlock(b: Uint8Array, maxLength: number): number {
  const n = b.length;
  let p = 0;
  let declared = 0;
  for (let shift = 0; ; shift += 7) {
    if (p >= n || shift > 28) throw new Error('bad uncompressed-length varint');
    const c = b[p++]!;
    declared += (c & 0x7f) * 2 ** shift;
    if (c < 0x80) break;
  }
  if (declared > maxLength) throw new Error(`uncompressed length ${declared} exceeds ${maxLength}`);
  let produced = 0;
  while (p < n) {
    const tag = b[p++]!;
    let len: number;
    if ((tag & 3) === 0) {
      len = (tag >>> 2) + 1;
      if (len > 60) {
        const extra = len - 60; // 1–4 little-endian length bytes follow
        if (p + extra > n) throw new Error(`literal length cut off at byte ${p}`);
        len = 0;
        for (let i = 0; i < extra; i++) len += b[p + i]! * 2 ** (8 * i);
        len += 1;
        p += extra;
      }
      if (p + len > n) throw new Error(`literal of ${len} bytes overruns the block at byte ${p}`);
      p += len;
    } else {
      let offset: number;
      if ((tag & 3) === 1) {
        if (p + 1 > n) throw new Error(`copy cut off at byte ${p}`);
        len = ((tag >>> 2) & 7) + 4;
        offset = ((tag >>> 5) << 8) | b[p]!;
        p += 1;
      } else if ((tag & 3) === 2) {
        if (p + 2 > n) throw new Error(`copy cut off at byte ${p}`);
        len = (tag >>> 2) + 1;
        offset = b[p]! | (b[p + 1]! << 8);
        p += 2;
      } else {
        if (p + 4 > n) throw new Error(`copy cut off at byte ${p}`);
        len = (tag >>> 2) + 1;
        offset = (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
        p += 4;
      }
      if (offset === 0 || offset > produced)
        throw new Error(`copy offset ${offset} out of range at byte ${p}`);
    }
    produced += len;
    if (produced > declared) throw new Error(`output overruns the declared ${declared} bytes`);
  }
  if (produced !== declared)
    throw new Error(`output is ${produced} bytes, header says ${declared}`);
  return declared;
}
