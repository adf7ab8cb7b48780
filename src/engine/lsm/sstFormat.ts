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
import { ByteWriter } from './byteBuffer';
import { compareBytes, formatKey } from './compareBytes';
import { crc32c, maskCrc32c } from '../codec/crc32c';
import type { LsmEntry } from './memtable';
import { BLOCK_TRAILER_BYTES, compressDataBlock, type SstCompression } from './sstCompression';

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

/**
 * Writers reused by every `encodeSst` (it calls out to nothing that could re-enter it, and copies
 * what it keeps): three new ones per file were ~140,000 ArrayBuffers over the scale run,
 * sized for the whole file, on the page's thread too while a big run replays.
 */
const scratch = { file: new ByteWriter(4096), raw: new ByteWriter(4096), block: new ByteWriter(4096) };

/** RocksDB `BlockBasedTableBuilder`: writes sorted, distinct-key entries as an immutable SST. */
export function encodeSst(
  entries: readonly LsmEntry[],
  fileNumber: number,
  cfId: number,
  blockSizeBytes: number,
  compression: SstCompression = 'NO_COMPRESSION',
): EncodedSst {
  if (entries.length === 0)
    throw new RangeError(
      `encodeSst: SST ${fileNumber} would have no entries; RocksDB writes no empty files`,
    );
  const w = scratch.file;
  w.reset();
  const blocks: SstBlockHandle[] = [];
  // Raw blocks end to end when they may be stored compressed (read back as views once the file
  // is written; uncompressed, the file holds them), and each block's last key, packed into one
  // array at the end: a copy of each per block was two ArrayBuffers per block.
  const raw = compression === 'NO_COMPRESSION' ? null : scratch.raw;
  raw?.reset();
  const rawEnds: number[] = [];
  const lastKeys: Uint8Array[] = [];
  let compressedBlocks = 0;
  // One writer for every block, reset once the block is written out.
  const block = scratch.block;
  block.reset();
  // RocksDB `BlockBasedTableBuilder::WriteBlock`: compress if the level asks and it pays, then the trailer.
  const finishBlock = (lastKey: Uint8Array): void => {
    raw?.bytes(block.view());
    rawEnds.push(raw ? raw.length : block.length);
    const { contents, type } = compressDataBlock(block.view(), compression);
    if (type !== 0) compressedBlocks++;
    const offset = w.length;
    w.bytes(contents);
    w.byte(type);
    w.fixed32(maskCrc32c(crc32c(w.view(), offset, w.length)));
    lastKeys.push(lastKey);
    blocks.push({ lastKey, offset, size: contents.length });
    block.reset();
  };
  let tombstones = 0;
  let smallestSeq = Number.MAX_SAFE_INTEGER;
  let largestSeq = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0 && compareBytes(entries[i - 1]!.key, e.key) >= 0) {
      throw new RangeError(
        `encodeSst: keys must be strictly increasing, but entry ${i} (${formatKey(e.key)}) is not after ${formatKey(entries[i - 1]!.key)}`,
      );
    }
    // Cut before an entry that would overflow the block, as RocksDB's FlushBlockBySizePolicy does.
    if (block.length > 0 && block.length + sstEntrySize(e) > blockSizeBytes) finishBlock(entries[i - 1]!.key);
    block.varint(e.key.length);
    block.varint(e.value === null ? 0 : e.value.length + 1);
    block.varint(e.seq);
    block.bytes(e.key);
    if (e.value === null) tombstones++;
    else block.bytes(e.value);
    if (e.seq < smallestSeq) smallestSeq = e.seq;
    if (e.seq > largestSeq) largestSeq = e.seq;
  }
  finishBlock(entries[entries.length - 1]!.key);

  const indexOffset = w.length;
  w.varint(blocks.length);
  for (const b of blocks) {
    w.lengthPrefixed(b.lastKey);
    w.varint(b.offset);
    w.varint(b.size);
  }
  const footer: SstFooter = {
    fileNumber,
    cfId,
    entryCount: entries.length,
    tombstoneCount: tombstones,
    smallestSeq,
    largestSeq,
    smallestKey: entries[0]!.key,
    largestKey: entries[entries.length - 1]!.key,
    indexOffset,
    indexSize: w.length - indexOffset,
  };
  const footerStart = w.length;
  for (const n of [
    footer.indexOffset,
    footer.indexSize,
    footer.entryCount,
    footer.tombstoneCount,
    footer.smallestSeq,
    footer.largestSeq,
    cfId,
    fileNumber,
  ])
    w.varint(n);
  w.lengthPrefixed(footer.smallestKey);
  w.lengthPrefixed(footer.largestKey);
  w.fixed32(w.length - footerStart);
  const checksum = crc32c(w.view());
  w.fixed32(checksum);
  for (const b of SST_MAGIC) w.byte(b);
  const bytes = w.finish();
  // The keys kept (the index's and the footer's) are copied into one array: the entries' own
  // may be views into a memtable's slab or another file, which would stay alive with this file.
  const [smallestKey, largestKey, ...indexKeys] = packCopies([footer.smallestKey, footer.largestKey, ...lastKeys]);
  footer.smallestKey = smallestKey!;
  footer.largestKey = largestKey!;
  blocks.forEach((b, i) => (b.lastKey = indexKeys[i]!));
  const rawAll = raw?.view();
  const rawBlocks = rawAll ? rawEnds.map((end, i) => rawAll.subarray(i === 0 ? 0 : rawEnds[i - 1]!, end)) : blocks.map((b) => bytes.subarray(b.offset, b.offset + b.size));
  return { bytes, footer, blocks, checksum, data: blockDataOf(bytes, blocks, rawBlocks, compressedBlocks) };
}

/** Copies of `arrays`, as views into one new ArrayBuffer. */
function packCopies(arrays: readonly Uint8Array[]): Uint8Array[] {
  const all = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  return arrays.map((a) => {
    all.set(a, at);
    at += a.length;
    return all.subarray(at - a.length, at);
  });
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
