/**
 * The SST file format: a simplified RocksDB block-based table. The bytes are written once and
 * never change, which is what lets an incremental checkpoint upload a file once and refer to it
 * from later checkpoints.
 *
 *   [data block]…[data block][index block][footer]
 *   data entry : varint keyLen | varint valueTag (0 = tombstone, else valueLen + 1) | varint seq | key | value
 *   index block: varint blockCount, then per block: varint lastKeyLen | lastKey | varint offset | varint size
 *   footer     : varint indexOffset | varint indexSize | varint entryCount | varint tombstoneCount |
 *                varint smallestSeq | varint largestSeq | varint cfId | varint fileNumber |
 *                varint len | smallestKey | varint len | largestKey |
 *                fixed32 footerLength | fixed32 crc32c(all bytes before it) | 8-byte magic
 *
 * Unlike RocksDB there is no prefix compression, restart array, compression or per-block
 * checksum; one CRC-32C over the whole file catches any damaged byte.
 */
import { ByteWriter } from './byteBuffer';
import { compareBytes, formatKey } from './compareBytes';
import { crc32c } from '../codec/crc32c';
import type { LsmEntry } from './memtable';

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

export interface EncodedSst {
  bytes: Uint8Array;
  footer: SstFooter;
  blocks: SstBlockHandle[];
  /** The CRC-32C stored in the file's tail (covers every byte before it). */
  checksum: number;
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

/** RocksDB `BlockBasedTableBuilder`: writes sorted, distinct-key entries as an immutable SST. */
export function encodeSst(
  entries: readonly LsmEntry[],
  fileNumber: number,
  cfId: number,
  blockSizeBytes: number,
): EncodedSst {
  if (entries.length === 0)
    throw new RangeError(
      `encodeSst: SST ${fileNumber} would have no entries; RocksDB writes no empty files`,
    );
  const w = new ByteWriter(entries.length * 40 + 64);
  const blocks: SstBlockHandle[] = [];
  let blockStart = 0;
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
    if (w.length > blockStart && w.length - blockStart + sstEntrySize(e) > blockSizeBytes) {
      blocks.push({
        lastKey: entries[i - 1]!.key.slice(),
        offset: blockStart,
        size: w.length - blockStart,
      });
      blockStart = w.length;
    }
    w.varint(e.key.length);
    w.varint(e.value === null ? 0 : e.value.length + 1);
    w.varint(e.seq);
    w.bytes(e.key);
    if (e.value === null) tombstones++;
    else w.bytes(e.value);
    if (e.seq < smallestSeq) smallestSeq = e.seq;
    if (e.seq > largestSeq) largestSeq = e.seq;
  }
  blocks.push({
    lastKey: entries[entries.length - 1]!.key.slice(),
    offset: blockStart,
    size: w.length - blockStart,
  });

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
    smallestKey: entries[0]!.key.slice(),
    largestKey: entries[entries.length - 1]!.key.slice(),
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
  return { bytes: w.finish(), footer, blocks, checksum };
}

function varintSize(n: number): number {
  let s = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    s++;
  }
  return s;
}
