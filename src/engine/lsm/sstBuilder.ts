/**
 * Writing an SST entry by entry (RocksDB `BlockBasedTableBuilder`: `Add` each key in order, then
 * `Finish`), in the format sstFormat.ts describes. A compaction streams its merge into a builder
 * instead of gathering its output's entries first: gathered, every entry of a big compaction
 * (an object and two views into its input's blocks) lived until the file was cut, long enough to
 * be promoted to V8's old generation; playing the scale run, that was 160 of the 440 MB promoted
 * in 10 s at 50× on the page (docs/long-tasks.md, "Session 17").
 */
import { ByteWriter } from './byteBuffer';
import { compareBytes, formatKey } from './compareBytes';
import { crc32c, maskCrc32c } from '../codec/crc32c';
import type { LsmEntry } from './memtable';
import { compressDataBlock, type SstCompression } from './sstCompression';
import { blockDataOf, SST_MAGIC, sstEntrySize, type EncodedSst, type SstBlockHandle, type SstFooter } from './sstFormat';

/**
 * Writers shared by every builder, one builder open at a time (`open` below): three new ones per
 * file were ~140,000 ArrayBuffers over the scale run, sized for the whole file, on the page's
 * thread too while a big run replays. A builder copies out what it keeps when it finishes.
 */
const scratch = { file: new ByteWriter(4096), raw: new ByteWriter(4096), block: new ByteWriter(4096) };
/** Which builder writes into `scratch` (0: none): beginning another takes them over, and an older one then throws if used. */
let owner = 0;
let builders = 0;

export class SstBuilder {
  private readonly id = ++builders;
  private readonly raw: ByteWriter | null;
  private readonly rawEnds: number[] = [];
  private readonly blocks: SstBlockHandle[] = [];
  private compressedBlocks = 0;
  private entries = 0;
  private tombstones = 0;
  private smallestSeq = Number.MAX_SAFE_INTEGER;
  private largestSeq = 0;
  private firstKey: Uint8Array | null = null;
  private lastKey: Uint8Array | null = null;

  /**
   * Keys passed to `add` are kept as given until `finish` (the first, each block's last and the
   * last; `finish` copies them): views must stay valid that long.
   */
  constructor(
    private readonly blockSizeBytes: number,
    private readonly compression: SstCompression = 'NO_COMPRESSION',
  ) {
    owner = this.id;
    scratch.file.reset();
    scratch.block.reset();
    // Raw blocks end to end when they may be stored compressed (read back as views once the file
    // is written; uncompressed, the file holds them).
    this.raw = compression === 'NO_COMPRESSION' ? null : scratch.raw;
    this.raw?.reset();
  }

  /** Entries added so far. */
  get entryCount(): number {
    return this.entries;
  }

  /** Appends `e`, whose key must come after the previous entry's. */
  add(e: LsmEntry): void {
    this.mustOwnWriters();
    const prev = this.lastKey;
    if (prev !== null && compareBytes(prev, e.key) >= 0)
      throw new RangeError(`encodeSst: keys must be strictly increasing, but entry ${this.entries} (${formatKey(e.key)}) is not after ${formatKey(prev)}`);
    const block = scratch.block;
    // Cut before an entry that would overflow the block, as RocksDB's FlushBlockBySizePolicy does.
    if (prev !== null && block.length > 0 && block.length + sstEntrySize(e) > this.blockSizeBytes) this.finishBlock(prev);
    block.varint(e.key.length);
    block.varint(e.value === null ? 0 : e.value.length + 1);
    block.varint(e.seq);
    block.bytes(e.key);
    if (e.value === null) this.tombstones++;
    else block.bytes(e.value);
    if (e.seq < this.smallestSeq) this.smallestSeq = e.seq;
    if (e.seq > this.largestSeq) this.largestSeq = e.seq;
    if (this.firstKey === null) this.firstKey = e.key;
    this.lastKey = e.key;
    this.entries++;
  }

  private mustOwnWriters(): void {
    if (owner !== this.id) throw new Error('SstBuilder: finished, or another SST was begun meanwhile (one at a time: they share their writers)');
  }

  /** RocksDB `BlockBasedTableBuilder::WriteBlock`: compress if the level asks and it pays, then the trailer. */
  private finishBlock(lastKey: Uint8Array): void {
    const { file: w, block } = scratch;
    this.raw?.bytes(block.view());
    this.rawEnds.push(this.raw ? this.raw.length : block.length);
    const { contents, type } = compressDataBlock(block.view(), this.compression);
    if (type !== 0) this.compressedBlocks++;
    const offset = w.length;
    w.bytes(contents);
    w.byte(type);
    w.fixed32(maskCrc32c(crc32c(w.view(), offset, w.length)));
    this.blocks.push({ lastKey, offset, size: contents.length });
    block.reset();
  }

  /** The index block and the footer; the file's bytes, its index and its uncompressed blocks. */
  finish(fileNumber: number, cfId: number): EncodedSst {
    this.mustOwnWriters();
    owner = 0;
    if (this.firstKey === null || this.lastKey === null)
      throw new RangeError(`encodeSst: SST ${fileNumber} would have no entries; RocksDB writes no empty files`);
    this.finishBlock(this.lastKey);
    const { blocks, rawEnds } = this;
    const w = scratch.file;
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
      entryCount: this.entries,
      tombstoneCount: this.tombstones,
      smallestSeq: this.smallestSeq,
      largestSeq: this.largestSeq,
      smallestKey: this.firstKey,
      largestKey: this.lastKey,
      indexOffset,
      indexSize: w.length - indexOffset,
    };
    const footerStart = w.length;
    for (const n of [footer.indexOffset, footer.indexSize, footer.entryCount, footer.tombstoneCount, footer.smallestSeq, footer.largestSeq, cfId, fileNumber])
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
    const [smallestKey, largestKey, ...indexKeys] = packCopies([footer.smallestKey, footer.largestKey, ...blocks.map((b) => b.lastKey)]);
    footer.smallestKey = smallestKey!;
    footer.largestKey = largestKey!;
    blocks.forEach((b, i) => (b.lastKey = indexKeys[i]!));
    const rawAll = this.raw?.view();
    const rawBlocks = rawAll ? rawEnds.map((end, i) => rawAll.subarray(i === 0 ? 0 : rawEnds[i - 1]!, end)) : blocks.map((b) => bytes.subarray(b.offset, b.offset + b.size));
    return { bytes, footer, blocks, checksum, data: blockDataOf(bytes, blocks, rawBlocks, this.compressedBlocks) };
  }
}

/** Writes sorted, distinct-key entries as an immutable SST (a builder fed every entry). */
export function encodeSst(
  entries: readonly LsmEntry[],
  fileNumber: number,
  cfId: number,
  blockSizeBytes: number,
  compression: SstCompression = 'NO_COMPRESSION',
): EncodedSst {
  const builder = new SstBuilder(blockSizeBytes, compression);
  for (const e of entries) builder.add(e);
  return builder.finish(fileNumber, cfId);
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
