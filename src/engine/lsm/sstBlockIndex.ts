/**
 * A live SST's block index (RocksDB's index block, decoded) as one byte array beside the file:
 *
 *   u32 blockCount | per block: u32 offset | u32 size | u32 end of its last key | the last keys, back to back
 *
 * (little-endian; offsets and sizes into the file's uncompressed `blockData`). Kept as arrays, a
 * file's index was an array of last-key views plus two arrays of numbers: ~30 heap objects per
 * file, 280,000 of the recording worker's 1.8 million once the scale run was recorded (its
 * keyframes hold thousands of files), all traced by every full collection. One byte array is one
 * object, shared by every clone of the state like the file's bytes.
 */
import { compareBytesAt } from './compareBytes';

const HEADER = 4;
const PER_BLOCK = 12;

function u32(a: Uint8Array, at: number): number {
  return (a[at]! | (a[at + 1]! << 8) | (a[at + 2]! << 16) | (a[at + 3]! << 24)) >>> 0;
}

function putU32(a: Uint8Array, at: number, n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`block index: ${n} does not fit in 32 bits`);
  a[at] = n & 0xff;
  a[at + 1] = (n >>> 8) & 0xff;
  a[at + 2] = (n >>> 16) & 0xff;
  a[at + 3] = (n >>> 24) & 0xff;
}

/**
 * Packs the blocks' last keys, offsets and sizes (one of each per block, in block order), and
 * copies of `tail` after them (the file's smallest and largest keys: one buffer for all of a
 * file's keys), returned as views into the index.
 */
export function packBlockIndex(lastKeys: readonly Uint8Array[], offsets: readonly number[], sizes: readonly number[], tail: readonly Uint8Array[] = []): { index: Uint8Array; tail: Uint8Array[] } {
  const n = lastKeys.length;
  if (offsets.length !== n || sizes.length !== n) throw new RangeError(`block index: ${n} last keys, ${offsets.length} offsets, ${sizes.length} sizes`);
  const keysAt = HEADER + n * PER_BLOCK;
  const bytes = (keys: readonly Uint8Array[]) => keys.reduce((s, k) => s + k.length, 0);
  const out = new Uint8Array(keysAt + bytes(lastKeys) + bytes(tail));
  putU32(out, 0, n);
  let end = keysAt;
  for (let b = 0; b < n; b++) {
    out.set(lastKeys[b]!, end);
    end += lastKeys[b]!.length;
    const at = HEADER + b * PER_BLOCK;
    putU32(out, at, offsets[b]!);
    putU32(out, at + 4, sizes[b]!);
    putU32(out, at + 8, end);
  }
  const copies = tail.map((k) => {
    out.set(k, end);
    end += k.length;
    return out.subarray(end - k.length, end);
  });
  return { index: out, tail: copies };
}

export function blockCount(index: Uint8Array): number {
  return u32(index, 0);
}

/** Where block `b` starts in the file's uncompressed block data. */
export function blockOffset(index: Uint8Array, b: number): number {
  return u32(index, HEADER + b * PER_BLOCK);
}

/** Block `b`'s uncompressed size. */
export function blockSize(index: Uint8Array, b: number): number {
  return u32(index, HEADER + b * PER_BLOCK + 4);
}

function keyStart(index: Uint8Array, b: number): number {
  return b === 0 ? HEADER + blockCount(index) * PER_BLOCK : u32(index, HEADER + (b - 1) * PER_BLOCK + 8);
}

/** Block `b`'s last key, as a view into the index. */
export function blockLastKey(index: Uint8Array, b: number): Uint8Array {
  return index.subarray(keyStart(index, b), u32(index, HEADER + b * PER_BLOCK + 8));
}

/** Block `b`'s last key compared with `key` (negative: the last key sorts first), without a view. */
export function compareBlockLastKey(index: Uint8Array, b: number, key: Uint8Array): number {
  const start = keyStart(index, b);
  return compareBytesAt(index, start, u32(index, HEADER + b * PER_BLOCK + 8) - start, key);
}
