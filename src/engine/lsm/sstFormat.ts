/**
 * The SST file format: a simplified RocksDB block-based table. The bytes are written once and
 * never change, which is what lets an incremental checkpoint upload a file once and refer to it
 * from later checkpoints.
 *
 *   [data block][trailer]…[data block][trailer][index block][footer]
 *   data entry : varint keyLen | varint valueTag (0 = tombstone, else valueLen + 1) | varint seq | key | value
 *   trailer    : 1 byte compression type (0 none, 1 Snappy) | fixed32 masked CRC-32C of the
 *                stored block contents and the type byte (RocksDB's block trailer)
 *   data block : the entries, Snappy-compressed when the level's compression says so and it
 *                saves at least 1/8 (sstCompression.ts)
 *   index block: varint blockCount, then per block: varint lastKeyLen | lastKey | varint offset | varint size
 *                (offset and size of the stored contents, trailer excluded: RocksDB `BlockHandle`)
 *   footer     : varint indexOffset | varint indexSize | varint entryCount | varint tombstoneCount |
 *                varint smallestSeq | varint largestSeq | varint cfId | varint fileNumber |
 *                varint len | smallestKey | varint len | largestKey |
 *                fixed32 footerLength | fixed32 crc32c(all bytes before it) | 8-byte magic
 *
 * Unlike RocksDB there is no prefix compression or restart array, and the index block is never
 * compressed; one more CRC-32C over the whole file catches any damaged byte.
 */
import type { LsmEntry } from './memtable';
import { BLOCK_TRAILER_BYTES } from './sstCompression';

/** "CLABSST1": this simulator's own magic (RocksDB's block-based table uses 0x88e241b785f4cff7). */
export const SST_MAGIC: readonly number[] = [0x43, 0x4c, 0x41, 0x42, 0x53, 0x53, 0x54, 0x31];
/** Fixed bytes at the end of every SST: footer length, CRC-32C, magic. */
export const SST_TAIL_BYTES = 4 + 4 + SST_MAGIC.length;

/** What the footer says about the file (RocksDB keeps most of this in its properties block). */
export interface SstFooter {
  fileNumber: number;
  cfId: number;
  entryCount: number;
  tombstoneCount: number;
  smallestSeq: number;
  largestSeq: number;
  smallestKey: Uint8Array;
  largestKey: Uint8Array;
  indexOffset: number;
  indexSize: number;
}

/** Index entry for one data block (RocksDB `BlockHandle` keyed by the block's last key). */
export interface SstBlockHandle {
  lastKey: Uint8Array;
  offset: number;
  size: number;
}

/**
 * The data blocks as reads use them: uncompressed, back to back in `blockData` (the file bytes
 * themselves when no block is compressed, with offsets skipping the trailers). RocksDB keeps
 * uncompressed blocks in its block cache; here they stay beside the file.
 */
export interface SstBlockData {
  blockData: Uint8Array;
  offsets: number[];
  sizes: number[];
  /** The size the file would have with every block stored raw (S_o of seed 003). */
  rawSize: number;
  /** Blocks stored compressed (the others were not worth it or not asked to be). */
  compressedBlocks: number;
}

export interface EncodedSst {
  bytes: Uint8Array;
  footer: SstFooter;
  blocks: SstBlockHandle[];
  /** The CRC-32C stored in the file's tail (covers every byte before it). */
  checksum: number;
  data: SstBlockData;
}

/** RocksDB file name of SST number n (`MakeTableFileName`): 7 → "000007.sst". */
export function sstFileName(fileNumber: number): string {
  return `${String(fileNumber).padStart(6, '0')}.sst`;
}

/** Encoded size of one data-block entry; compaction uses it to cut files at the target size. */
export function sstEntrySize(e: LsmEntry): number {
  const v = e.value === null ? 0 : e.value.length;
  return (
    varintSize(e.key.length) +
    varintSize(e.value === null ? 0 : v + 1) +
    varintSize(e.seq) +
    e.key.length +
    v
  );
}

/** Lays raw blocks out for reads: the file itself when nothing is compressed, else a copy of the raw blocks. */
export function blockDataOf(
  bytes: Uint8Array,
  blocks: readonly SstBlockHandle[],
  rawBlocks: readonly Uint8Array[],
  compressedBlocks: number,
): SstBlockData {
  const stored = blocks.reduce((n, b) => n + b.size, 0);
  const raw = rawBlocks.reduce((n, b) => n + b.length, 0);
  const rawSize = bytes.length - stored + raw;
  if (compressedBlocks === 0)
    return { blockData: bytes, offsets: blocks.map((b) => b.offset), sizes: blocks.map((b) => b.size), rawSize, compressedBlocks };
  const blockData = new Uint8Array(raw);
  const offsets: number[] = [];
  let p = 0;
  for (const r of rawBlocks) {
    offsets.push(p);
    blockData.set(r, p);
    p += r.length;
  }
  return { blockData, offsets, sizes: rawBlocks.map((r) => r.length), rawSize, compressedBlocks };
}

export { BLOCK_TRAILER_BYTES };

function varintSize(n: number): number {
  let s = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    s++;
  }
  return s;
}
