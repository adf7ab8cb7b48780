/**
 * Level bookkeeping for one column family (RocksDB `VersionStorageInfo`): where a file sits,
 * which files overlap a key range, how many bytes a level holds. L0 files may overlap and are
 * ordered by age; deeper levels are sorted by key and never overlap, so lookups binary-search.
 */
import { compareBytes } from './compareBytes';
import type { ColumnFamily, LsmDb, SstFile } from './lsmDb';

/** RocksDB `VersionStorageInfo::AddFile`: places a file in its level, keeping the level's order. */
export function addFileToLevel(cf: ColumnFamily, file: SstFile): void {
  const files = cf.levels[file.level];
  if (files === undefined)
    throw new RangeError(
      `addFileToLevel: level ${file.level} does not exist (numLevels ${cf.levels.length})`,
    );
  let lo = 0;
  let hi = files.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = files[mid]!;
    const before =
      file.level === 0
        ? m.largestSeq < file.largestSeq
        : compareBytes(m.smallestKey, file.smallestKey) < 0;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  files.splice(lo, 0, file);
}

/** Removes files by number from a column family's levels (inputs of a finished compaction). */
export function removeFilesFromLevels(cf: ColumnFamily, fileNumbers: readonly number[]): void {
  for (let l = 0; l < cf.levels.length; l++) {
    const files = cf.levels[l]!;
    if (files.some((f) => fileNumbers.includes(f.fileNumber)))
      cf.levels[l] = files.filter((f) => !fileNumbers.includes(f.fileNumber));
  }
}

/** Locates a live SST by number anywhere in the DB, or null. */
export function findSstFile(
  db: LsmDb,
  fileNumber: number,
): { cf: ColumnFamily; file: SstFile } | null {
  for (const cf of db.columnFamilies) {
    for (const files of cf.levels) {
      for (const file of files) if (file.fileNumber === fileNumber) return { cf, file };
    }
  }
  return null;
}

/** Whether a file's key range intersects [smallest, largest] (both inclusive). */
export function fileOverlaps(f: SstFile, smallest: Uint8Array, largest: Uint8Array): boolean {
  return compareBytes(f.largestKey, smallest) >= 0 && compareBytes(f.smallestKey, largest) <= 0;
}

/** RocksDB `VersionStorageInfo::GetOverlappingInputs`: files of one level intersecting [smallest, largest]. */
export function overlappingFiles(
  files: readonly SstFile[],
  smallest: Uint8Array,
  largest: Uint8Array,
): SstFile[] {
  return files.filter((f) => fileOverlaps(f, smallest, largest));
}

/** RocksDB `FindFile`: in a sorted, non-overlapping level, the only file that may contain `key`, or undefined. */
export function fileForKey(files: readonly SstFile[], key: Uint8Array): SstFile | undefined {
  let lo = 0;
  let hi = files.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes(files[mid]!.largestKey, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  const f = files[lo];
  return f !== undefined && compareBytes(f.smallestKey, key) <= 0 ? f : undefined;
}

/** Total bytes of a level (RocksDB `NumLevelBytes`). */
export function levelBytes(files: readonly SstFile[]): number {
  let s = 0;
  for (const f of files) s += f.sizeBytes;
  return s;
}

/** Smallest and largest key over a non-empty set of files. */
export function keyRangeOf(files: readonly SstFile[]): {
  smallest: Uint8Array;
  largest: Uint8Array;
} {
  let smallest = files[0]!.smallestKey;
  let largest = files[0]!.largestKey;
  for (const f of files) {
    if (compareBytes(f.smallestKey, smallest) < 0) smallest = f.smallestKey;
    if (compareBytes(f.largestKey, largest) > 0) largest = f.largestKey;
  }
  return { smallest, largest };
}
