/**
 * Reading SST bytes back (RocksDB `BlockBasedTable::Open` and `SstFileReader`), trusting
 * nothing: restore and ingestion hand us bytes that travelled through remote storage, so every
 * length, offset and ordering is checked and any damage names the file. Layout: sstFormat.ts.
 */
import { ByteReader } from './byteBuffer';
import { compareBytes, formatKey } from './compareBytes';
import { crc32c, unmaskCrc32c } from '../codec/crc32c';
import { LsmCorruptionError } from './lsmErrors';
import type { LsmEntry } from './memtable';
import { BLOCK_TRAILER_BYTES, uncompressDataBlock } from './sstCompression';
import { blockDataOf, SST_MAGIC, SST_TAIL_BYTES, type SstBlockData, type SstBlockHandle, type SstFooter } from './sstFormat';

export interface DecodedSst {
  footer: SstFooter;
  blocks: SstBlockHandle[];
  checksum: number;
  entries: LsmEntry[];
  data: SstBlockData;
}

/**
 * S_o of an SST from its bytes alone, without uncompressing: the stored size with each Snappy
 * block counted at the length its header declares (what `rocksdb.estimate-table-readers`-style
 * table properties call the raw data size, plus index and footer).
 */
export function sstRawSize(bytes: Uint8Array, fileName = 'SST'): number {
  const { blocks } = readSstFooter(bytes, fileName, 'view');
  let size = bytes.length;
  for (const blk of blocks) {
    if (bytes[blk.offset + blk.size] === 0) continue;
    const r = new ByteReader(bytes, fileName, blk.offset, blk.offset + blk.size);
    size += r.varint() - blk.size;
  }
  return size;
}

/** A raw block may be at most this large: far above any teaching block size, it only stops a damaged length. */
const MAX_RAW_BLOCK_BYTES = 1 << 24;

/**
 * RocksDB `ReadBlockContents` for every data block: checks each trailer's checksum (masked
 * CRC-32C of the contents and the type byte) and uncompresses what the type byte says.
 */
export function readSstBlockData(
  bytes: Uint8Array,
  blocks: readonly SstBlockHandle[],
  fileName = 'SST',
): SstBlockData {
  const raw: Uint8Array[] = [];
  let compressed = 0;
  for (let b = 0; b < blocks.length; b++) {
    const { offset, size } = blocks[b]!;
    const typeAt = offset + size;
    const tail = new ByteReader(bytes, fileName, typeAt, typeAt + BLOCK_TRAILER_BYTES);
    const type = tail.byte();
    const stored = unmaskCrc32c(tail.fixed32());
    const actual = crc32c(bytes, offset, typeAt + 1);
    if (stored !== actual)
      throw new LsmCorruptionError(fileName, `data block ${b} fails its trailer checksum (stored ${hex(stored)}, computed ${hex(actual)})`);
    try {
      raw.push(uncompressDataBlock(bytes.subarray(offset, typeAt), type, MAX_RAW_BLOCK_BYTES));
    } catch (e) {
      throw new LsmCorruptionError(fileName, `data block ${b}: ${(e as Error).message}`);
    }
    if (type !== 0) compressed++;
  }
  return blockDataOf(bytes, blocks, raw, compressed);
}

/**
 * RocksDB `BlockBasedTable::Open`: checks magic and checksum, then reads footer and index
 * (not the data blocks). Throws LsmCorruptionError naming `fileName` on any inconsistency.
 * With `keys: 'view'` the footer's and index's keys are views into `bytes`, for a caller that
 * reads the block layout and keeps none of them (an array each was a copy per block per upload).
 */
export function readSstFooter(
  bytes: Uint8Array,
  fileName = 'SST',
  keys: 'copy' | 'view' = 'copy',
): { footer: SstFooter; blocks: SstBlockHandle[]; checksum: number } {
  const n = bytes.length;
  if (n < SST_TAIL_BYTES + 2)
    throw new LsmCorruptionError(fileName, `only ${n} bytes, too short for an SST`);
  for (let i = 0; i < SST_MAGIC.length; i++) {
    if (bytes[n - SST_MAGIC.length + i] !== SST_MAGIC[i])
      throw new LsmCorruptionError(
        fileName,
        'bad magic number (not an SST written by this engine)',
      );
  }
  const tail = new ByteReader(bytes, fileName, n - SST_TAIL_BYTES, n);
  const footerLength = tail.fixed32();
  const storedCrc = tail.fixed32();
  const bodyEnd = n - SST_TAIL_BYTES + 4;
  const actualCrc = crc32c(bytes, 0, bodyEnd);
  if (actualCrc !== storedCrc)
    throw new LsmCorruptionError(
      fileName,
      `checksum mismatch (stored ${hex(storedCrc)}, computed ${hex(actualCrc)})`,
    );
  const footerStart = n - SST_TAIL_BYTES - footerLength;
  if (footerStart < 0)
    throw new LsmCorruptionError(
      fileName,
      `footer length ${footerLength} exceeds the file size ${n}`,
    );
  const r = new ByteReader(bytes, fileName, footerStart, n - SST_TAIL_BYTES);
  const [
    indexOffset,
    indexSize,
    entryCount,
    tombstoneCount,
    smallestSeq,
    largestSeq,
    cfId,
    fileNumber,
  ] = Array.from({ length: 8 }, () => r.varint()) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const smallestKey = keys === 'copy' ? r.lengthPrefixed() : r.lengthPrefixedView();
  const largestKey = keys === 'copy' ? r.lengthPrefixed() : r.lengthPrefixedView();
  if (!r.done) r.fail(`footer has ${r.end - r.pos} unexpected trailing bytes`);
  if (indexOffset + indexSize !== footerStart)
    r.fail(
      `index block [${indexOffset}, +${indexSize}) does not end where the footer starts (${footerStart})`,
    );
  const footer: SstFooter = {
    fileNumber,
    cfId,
    entryCount,
    tombstoneCount,
    smallestSeq,
    largestSeq,
    smallestKey,
    largestKey,
    indexOffset,
    indexSize,
  };

  const ir = new ByteReader(bytes, fileName, indexOffset, footerStart);
  const count = ir.varint();
  const blocks: SstBlockHandle[] = [];
  let expectOffset = 0;
  for (let i = 0; i < count; i++) {
    const lastKey = keys === 'copy' ? ir.lengthPrefixed() : ir.lengthPrefixedView();
    const offset = ir.varint();
    const size = ir.varint();
    if (offset !== expectOffset || size === 0)
      ir.fail(
        `index entry ${i} points at [${offset}, +${size}), expected a block at ${expectOffset}`,
      );
    if (i > 0 && compareBytes(blocks[i - 1]!.lastKey, lastKey) >= 0)
      ir.fail(`index keys are not increasing at block ${i}`);
    blocks.push({ lastKey, offset, size });
    expectOffset = offset + size + BLOCK_TRAILER_BYTES;
  }
  if (!ir.done) ir.fail('index block has trailing bytes');
  if (count === 0 || expectOffset !== indexOffset)
    ir.fail(`data blocks end at ${expectOffset} but the index starts at ${indexOffset}`);
  if (entryCount === 0 || smallestSeq > largestSeq || compareBytes(smallestKey, largestKey) > 0)
    r.fail('footer key or sequence range is inverted');
  return { footer, blocks, checksum: storedCrc };
}

/**
 * Parses the entries of one data block (RocksDB `DataBlockIter`), with full bounds checks.
 * `copy: false` returns views into the file bytes: cheaper, for callers that only re-encode
 * them (compaction) and never keep them in state, where a view would pin the whole file.
 */
export function readBlockEntries(
  bytes: Uint8Array,
  block: SstBlockHandle,
  fileName = 'SST',
  copy = true,
): LsmEntry[] {
  return readBlockInto(bytes, block.offset, block.size, fileName, copy, [], keptEntry);
}

/** Makes one entry read from a block. */
export type MakeEntry = (key: Uint8Array, seq: number, value: Uint8Array | null) => LsmEntry;

const keptEntry: MakeEntry = (key, seq, value) => ({ key, seq, value });

/**
 * `readBlockEntries` appending to `out`, each entry made by `make`: a caller whose entries die at
 * once (a compaction's merge) makes them at an object literal of its own. V8 allocates straight
 * into the old generation at an allocation site whose objects mostly live long, and then the
 * views such an entry holds outlive the young generation's collections with it: on the page,
 * compactions' entries made here, where other reads keep theirs, were a third of what playing the
 * scale run promoted (docs/long-tasks.md, "Session 17").
 */
export function readBlockInto(
  bytes: Uint8Array,
  offset: number,
  size: number,
  fileName: string,
  copy: boolean,
  out: LsmEntry[],
  make: MakeEntry,
): LsmEntry[] {
  const r = new ByteReader(bytes, fileName, offset, offset + size);
  while (!r.done) {
    const keyLen = r.varint();
    const tag = r.varint();
    const seq = r.varint();
    const key = copy ? r.bytes(keyLen) : r.view(keyLen);
    const value = tag === 0 ? null : copy ? r.bytes(tag - 1) : r.view(tag - 1);
    out.push(make(key, seq, value));
  }
  return out;
}

/** Full read of an SST (RocksDB `SstFileReader` + `VerifyChecksum`): footer, index and every entry, cross-checked. */
export function decodeSst(bytes: Uint8Array, fileName = 'SST'): DecodedSst {
  const { footer, blocks, checksum } = readSstFooter(bytes, fileName);
  const data = readSstBlockData(bytes, blocks, fileName);
  const entries: LsmEntry[] = [];
  let tombstones = 0;
  let minSeq = Number.MAX_SAFE_INTEGER;
  let maxSeq = 0;
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    const es = readBlockEntries(data.blockData, { lastKey: block.lastKey, offset: data.offsets[b]!, size: data.sizes[b]! }, fileName);
    if (es.length === 0) throw new LsmCorruptionError(fileName, `data block ${b} is empty`);
    for (const e of es) {
      const prev = entries[entries.length - 1];
      if (prev !== undefined && compareBytes(prev.key, e.key) >= 0)
        throw new LsmCorruptionError(
          fileName,
          `keys out of order in block ${b} at ${formatKey(e.key)}`,
        );
      if (e.value === null) tombstones++;
      if (e.seq < minSeq) minSeq = e.seq;
      if (e.seq > maxSeq) maxSeq = e.seq;
      entries.push(e);
    }
    if (compareBytes(es[es.length - 1]!.key, block.lastKey) !== 0)
      throw new LsmCorruptionError(
        fileName,
        `index key of block ${b} does not match its last entry`,
      );
  }
  if (entries.length !== footer.entryCount || tombstones !== footer.tombstoneCount) {
    throw new LsmCorruptionError(
      fileName,
      `footer counts ${footer.entryCount} entries / ${footer.tombstoneCount} tombstones, blocks hold ${entries.length} / ${tombstones}`,
    );
  }
  if (
    compareBytes(entries[0]!.key, footer.smallestKey) !== 0 ||
    compareBytes(entries[entries.length - 1]!.key, footer.largestKey) !== 0
  ) {
    throw new LsmCorruptionError(fileName, 'footer key range does not match the entries');
  }
  if (minSeq !== footer.smallestSeq || maxSeq !== footer.largestSeq)
    throw new LsmCorruptionError(fileName, 'footer sequence range does not match the entries');
  return { footer, blocks, checksum, entries, data };
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}
