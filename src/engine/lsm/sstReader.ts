/**
 * Reading a live SST through the block index kept beside its bytes: a point lookup touches one
 * data block (RocksDB `BlockBasedTable::Get`), an iterator walks blocks in order. The file
 * bytes are only read, never copied as a whole or re-encoded.
 */
import { compareBytes, compareBytesAt } from './compareBytes';
import type { SstFile } from './lsmDb';
import type { LsmEntry } from './memtable';
import { readBlockEntries } from './decodeSst';
import { blockCount, blockLastKey, blockOffset, blockSize, compareBlockLastKey } from './sstBlockIndex';
import { sstFileName } from './sstFormat';

/** First block whose last key is ≥ key (RocksDB index-block `Seek`), or blockCount when past the end. */
export function sstSeekBlock(file: SstFile, key: Uint8Array): number {
  const index = file.blockIndex;
  let lo = 0;
  let hi = blockCount(index);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBlockLastKey(index, mid, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** RocksDB `BlockBasedTable::Get`: the entry for `key` in this file (maybe a tombstone), or null; its value is a view into the file's block data (never keep it). */
export function sstGet(file: SstFile, key: Uint8Array): LsmEntry | null {
  if (compareBytes(key, file.smallestKey) < 0 || compareBytes(key, file.largestKey) > 0)
    return null;
  const b = sstSeekBlock(file, key);
  if (b >= blockCount(file.blockIndex)) return null;
  const buf = file.blockData;
  let p = blockOffset(file.blockIndex, b);
  const end = p + blockSize(file.blockIndex, b);
  // Hand-rolled varint parsing: this is the hot path of every state read that misses the memtable.
  while (p < end) {
    let keyLen = 0;
    for (let s = 1; ; s *= 128) {
      const x = buf[p++]!;
      keyLen += (x & 0x7f) * s;
      if (x < 0x80) break;
    }
    let tag = 0;
    for (let s = 1; ; s *= 128) {
      const x = buf[p++]!;
      tag += (x & 0x7f) * s;
      if (x < 0x80) break;
    }
    let seq = 0;
    for (let s = 1; ; s *= 128) {
      const x = buf[p++]!;
      seq += (x & 0x7f) * s;
      if (x < 0x80) break;
    }
    const valueLen = tag === 0 ? 0 : tag - 1;
    const c = compareBytesAt(buf, p, keyLen, key);
    if (c === 0) {
      const valueAt = p + keyLen;
      // No copies: the key found is the key asked for, and the value is read at once by the one
      // caller (`get`, deserialized or appended to a new array), never kept.
      return { key, seq, value: tag === 0 ? null : buf.subarray(valueAt, valueAt + valueLen) };
    }
    if (c > 0) return null;
    p += keyLen + valueLen;
  }
  return null;
}

/** Entries of a file in key order from the first key ≥ `fromKey` (null: from the start); `copy: false` yields views into the file bytes (see readBlockEntries). */
export function* sstIterate(
  file: SstFile,
  fromKey: Uint8Array | null,
  copy = true,
): Generator<LsmEntry> {
  const name = sstFileName(file.fileNumber);
  const first = fromKey === null ? 0 : sstSeekBlock(file, fromKey);
  const index = file.blockIndex;
  for (let b = first; b < blockCount(index); b++) {
    const entries = readBlockEntries(
      file.blockData,
      { lastKey: blockLastKey(index, b), offset: blockOffset(index, b), size: blockSize(index, b) },
      name,
      copy,
    );
    for (const e of entries) {
      if (fromKey !== null && b === first && compareBytes(e.key, fromKey) < 0) continue;
      yield e;
    }
  }
}
