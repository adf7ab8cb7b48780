/**
 * A scenario's manual compaction (RocksDB `DB::CompactFiles`): merge exactly the named SSTs into
 * one new SST. Seed 002's worked example needs it: before CP3, files 1, 2 and 3 become one file
 * labelled (1,2,3), which is why files written by CP1 stay referenced until CP4.
 */
import { compactionConflict, runCompactionJob, type CompactionResult } from './compactionJob';
import { findSstFile } from './levels';
import type { ColumnFamily, LsmDb, SstFile } from './lsmDb';

/**
 * RocksDB `DB::CompactFiles` into the deepest input level: one output SST whatever its size
 * (none if every entry was dropped). Refuses unknown numbers, files of different column
 * families, and selections that would reorder writes (RocksDB would silently add the files).
 */
export function compactFiles(db: LsmDb, fileNumbers: readonly number[]): CompactionResult {
  if (!Array.isArray(fileNumbers) || fileNumbers.length === 0)
    throw new RangeError('compactFiles: give at least one SST file number');
  const seen: number[] = [];
  for (const n of fileNumbers) {
    if (!Number.isSafeInteger(n) || n < 1)
      throw new RangeError(`compactFiles: file numbers are positive integers, got ${String(n)}`);
    if (seen.includes(n)) throw new RangeError(`compactFiles: file ${n} is listed twice`);
    seen.push(n);
  }
  const found = fileNumbers.map((n) => ({ n, hit: findSstFile(db, n) }));
  const unknown = found.filter((x) => x.hit === null).map((x) => x.n);
  if (unknown.length > 0) {
    const live = db.columnFamilies
      .flatMap((c) => c.levels.flat().map((f) => f.fileNumber))
      .sort((a, b) => a - b);
    throw new RangeError(
      `compactFiles: no live SST numbered ${unknown.join(', ')} (live files: ${live.length > 0 ? live.join(', ') : 'none'})`,
    );
  }
  const hits = found.map((x) => x.hit!);
  const cf: ColumnFamily = hits[0]!.cf;
  const stranger = hits.find((h) => h.cf !== cf);
  if (stranger !== undefined) {
    throw new RangeError(
      `compactFiles: all files must belong to one column family, but file ${hits[0]!.file.fileNumber} is in "${cf.name}" and file ${stranger.file.fileNumber} is in "${stranger.cf.name}"`,
    );
  }
  const inputs: SstFile[] = hits.map((h) => h.file);
  const outputLevel = Math.max(...inputs.map((f) => f.level));
  const conflict = compactionConflict(cf, inputs, outputLevel);
  if (conflict !== null)
    throw new RangeError(
      `compactFiles([${fileNumbers.join(', ')}]) into L${outputLevel} is unsafe: ${conflict}`,
    );
  return runCompactionJob(db, cf, inputs, outputLevel, null, 'manual');
}
