/**
 * Turning entries into a live SST record: take the next file number, encode the immutable
 * bytes, and keep the metadata and block index beside them so reads never re-parse the footer.
 */
import type { ColumnFamily, LsmDb, SstFile, SstOrigin } from './lsmDb';
import { LSM_LINEAGE_LIMIT } from './lsmDb';
import type { LsmEntry } from './memtable';
import { readSstBlockData } from './decodeSst';
import { packBlockIndex } from './sstBlockIndex';
import { compressionForLevel, type SstCompression } from './sstCompression';
import { encodeSst, type SstBuilder } from './sstBuilder';
import type { EncodedSst, SstBlockData, SstBlockHandle, SstFooter } from './sstFormat';

/** Transitive lineage of a file (see SstMeta.lineage). */
export interface Lineage {
  lineage: number[];
  lineageTruncated: boolean;
}

/** Where a new file comes from: its origin, the files it was compacted from, and its lineage. */
export interface SstProvenance {
  origin: SstOrigin;
  inputs: number[];
  /** Lineage for compaction outputs (see `mergeLineage`); null for flush and ingest, whose lineage is the file itself. */
  lineage: Lineage | null;
}

/** RocksDB `BuildTable` / `CompactionJob` output: writes `entries` as SST number `db.nextFileNumber++` (not yet placed in a level). */
export function writeSstFile(
  db: LsmDb,
  cf: ColumnFamily,
  level: number,
  entries: readonly LsmEntry[],
  provenance: SstProvenance,
): SstFile {
  const fileNumber = db.nextFileNumber++;
  const enc = encodeSst(entries, fileNumber, cf.id, db.config.blockSizeBytes, outputCompression(db, level));
  return sstFileOf(enc, level, provenance);
}

/** RocksDB picks an output's compression by the level it is written to (`compression_per_level`). */
export function outputCompression(db: LsmDb, level: number): SstCompression {
  return compressionForLevel(db.config.compressionPerLevel, level);
}

/** `writeSstFile` for entries already added to `builder` (made with `outputCompression(db, level)`). */
export function finishSstFile(db: LsmDb, cf: ColumnFamily, level: number, builder: SstBuilder, provenance: SstProvenance): SstFile {
  return sstFileOf(builder.finish(db.nextFileNumber++, cf.id), level, provenance);
}

function sstFileOf(enc: EncodedSst, level: number, provenance: SstProvenance): SstFile {
  return sstFileFromParts(enc.bytes, enc.footer, enc.blocks, enc.checksum, level, provenance, enc.data);
}

/** Assembles the in-state record of an SST from its bytes and parsed footer/index (reading and uncompressing the blocks when `data` is not given). */
export function sstFileFromParts(
  bytes: Uint8Array,
  footer: SstFooter,
  blocks: readonly SstBlockHandle[],
  checksum: number,
  level: number,
  provenance: SstProvenance,
  data: SstBlockData = readSstBlockData(bytes, blocks, `${String(footer.fileNumber).padStart(6, '0')}.sst`),
): SstFile {
  const lineage = provenance.lineage ?? { lineage: [footer.fileNumber], lineageTruncated: false };
  // The smallest and largest keys live in the index's buffer: one buffer for all of a file's keys.
  const { index, tail } = packBlockIndex(blocks.map((b) => b.lastKey), data.offsets, data.sizes, [footer.smallestKey, footer.largestKey]);
  return {
    fileNumber: footer.fileNumber,
    cfId: footer.cfId,
    level,
    smallestKey: tail[0]!,
    largestKey: tail[1]!,
    smallestSeq: footer.smallestSeq,
    largestSeq: footer.largestSeq,
    entryCount: footer.entryCount,
    tombstoneCount: footer.tombstoneCount,
    sizeBytes: bytes.length,
    rawSizeBytes: data.rawSize,
    compressedBlocks: data.compressedBlocks,
    origin: provenance.origin,
    inputs: provenance.inputs.slice().sort((a, b) => a - b),
    lineage: lineage.lineage.slice(),
    lineageTruncated: lineage.lineageTruncated,
    checksum,
    bytes,
    blockData: data.blockData,
    blockIndex: index,
  };
}

/** Lineage of a compaction output: the union of its inputs' lineages, newest LSM_LINEAGE_LIMIT kept. */
export function mergeLineage(parts: readonly Lineage[]): Lineage {
  const all: number[] = [];
  let truncated = false;
  for (const p of parts) {
    for (const n of p.lineage) all.push(n);
    truncated ||= p.lineageTruncated;
  }
  all.sort((a, b) => a - b);
  const unique = all.filter((n, i) => i === 0 || all[i - 1] !== n);
  if (unique.length > LSM_LINEAGE_LIMIT)
    return { lineage: unique.slice(unique.length - LSM_LINEAGE_LIMIT), lineageTruncated: true };
  return { lineage: unique, lineageTruncated: truncated };
}
