/**
 * Choosing the next automatic compaction (RocksDB `LevelCompactionPicker`). Every level gets a
 * score: L0 by file count against `level0FileNumCompactionTrigger` (its files overlap, so each
 * one costs every read), deeper levels by bytes against their target. The highest score ≥ 1
 * wins; ties go to the earlier column family, then the shallower level.
 */
import { compareBytes } from './compareBytes';
import type { CompactionReason } from './compactionJob';
import { keyRangeOf, levelBytes, overlappingFiles } from './levels';
import { levelTargetBytes } from './lsmConfig';
import type { ColumnFamily, LsmDb, SstFile } from './lsmDb';

/** A compaction that is due, as plain data: the simulation records it and runs it as a later step. */
export interface CompactionPlan {
  cf: string;
  cfId: number;
  reason: CompactionReason;
  /** The level's score when picked (≥ 1). */
  score: number;
  inputLevel: number;
  outputLevel: number;
  /** Input files at `inputLevel`, ascending by number. */
  inputLevelFiles: number[];
  /** Files at `outputLevel` whose key range overlaps the inputs, ascending by number. */
  outputLevelFiles: number[];
  /** One input and nothing to merge with: the file is moved, not rewritten. */
  trivialMove: boolean;
}

/** Compaction pressure of one level (RocksDB `VersionStorageInfo::ComputeCompactionScore`). */
export interface LevelScore {
  level: number;
  fileCount: number;
  bytes: number;
  /** L0: file-count trigger; L1+: byte target; the last level has none (null). */
  target: number | null;
  score: number;
}

/** RocksDB compaction scores of every level of one column family (the last level is never compacted further). */
export function levelScores(db: LsmDb, cf: ColumnFamily): LevelScore[] {
  const last = cf.levels.length - 1;
  return cf.levels.map((files, level) => {
    const bytes = levelBytes(files);
    if (level === 0) {
      const target = db.config.level0FileNumCompactionTrigger;
      return { level, fileCount: files.length, bytes, target, score: files.length / target };
    }
    if (level === last) return { level, fileCount: files.length, bytes, target: null, score: 0 };
    const target = levelTargetBytes(db.config, level);
    return { level, fileCount: files.length, bytes, target, score: bytes / target };
  });
}

/** RocksDB `LevelCompactionPicker::PickCompaction`: the most urgent due compaction in the DB, or null when none is due. */
export function pickCompaction(db: LsmDb): CompactionPlan | null {
  let best: { cf: ColumnFamily; score: LevelScore } | null = null;
  for (const cf of db.columnFamilies) {
    for (const s of levelScores(db, cf)) {
      if (s.score >= 1 && s.fileCount > 0 && (best === null || s.score > best.score.score))
        best = { cf, score: s };
    }
  }
  if (best === null) return null;
  const { cf, score } = best;
  const inputLevel = score.level;
  const outputLevel = inputLevel + 1;
  const picked = inputLevel === 0 ? cf.levels[0]!.slice() : [pickLevelFile(db, cf, inputLevel)];
  const { smallest, largest } = keyRangeOf(picked);
  const overlapping = overlappingFiles(cf.levels[outputLevel]!, smallest, largest);
  return {
    cf: cf.name,
    cfId: cf.id,
    reason: inputLevel === 0 ? 'level0FileNumTrigger' : 'levelMaxBytes',
    score: score.score,
    inputLevel,
    outputLevel,
    inputLevelFiles: numbers(picked),
    outputLevelFiles: numbers(overlapping),
    trivialMove: picked.length === 1 && overlapping.length === 0,
  };
}

/**
 * One file of an over-full level. `minOverlappingRatio` (RocksDB's default `kMinOverlappingRatio`)
 * takes the file that rewrites the fewest next-level bytes per byte moved down; `roundRobin`
 * (`kRoundRobin`, LevelDB's compact pointer) takes the first file after the last one compacted.
 */
function pickLevelFile(db: LsmDb, cf: ColumnFamily, level: number): SstFile {
  const files = cf.levels[level]!;
  if (db.config.compactionPri === 'roundRobin') {
    const pointer = cf.compactPointers[level] ?? null;
    const next =
      pointer === null ? undefined : files.find((f) => compareBytes(f.smallestKey, pointer) > 0);
    return next ?? files[0]!;
  }
  const below = cf.levels[level + 1]!;
  let best = files[0]!;
  let bestRatio = Infinity;
  // Both levels are sorted and non-overlapping, so one forward sweep finds every file's overlap.
  let first = 0;
  for (const f of files) {
    while (first < below.length && compareBytes(below[first]!.largestKey, f.smallestKey) < 0)
      first++;
    let overlapBytes = 0;
    for (
      let j = first;
      j < below.length && compareBytes(below[j]!.smallestKey, f.largestKey) <= 0;
      j++
    )
      overlapBytes += below[j]!.sizeBytes;
    const ratio = overlapBytes / f.sizeBytes;
    if (ratio < bestRatio) {
      best = f;
      bestRatio = ratio;
    }
  }
  return best;
}

function numbers(files: readonly SstFile[]): number[] {
  return files.map((f) => f.fileNumber).sort((a, b) => a - b);
}
