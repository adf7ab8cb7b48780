/**
 * The merge at the heart of every compaction (RocksDB `CompactionJob`): read the input SSTs,
 * keep the newest version of each key, drop a tombstone once nothing older can exist beneath
 * the output, write new SSTs and swap them in for the inputs. Picking *what* to compact lives
 * in pickCompaction.ts and compactFiles.ts; both end here.
 */
import { compareBytes, formatKey } from './compareBytes';
import {
  addFileToLevel,
  fileForKey,
  fileOverlaps,
  keyRangeOf,
  removeFilesFromLevels,
} from './levels';
import { sstMeta, type ColumnFamily, type LsmDb, type SstFile, type SstMeta } from './lsmDb';
import { mergeRuns } from './mergeRuns';
import { SstBuilder } from './sstBuilder';
import { finishSstFile, mergeLineage, outputCompression } from './sstFile';
import { sstEntrySize } from './sstFormat';

/** Why a compaction ran (RocksDB `CompactionReason`). */
export type CompactionReason = 'level0FileNumTrigger' | 'levelMaxBytes' | 'manual';

/** What a compaction did, for events and the UI. */
export interface CompactionResult {
  cf: string;
  cfId: number;
  reason: CompactionReason;
  outputLevel: number;
  /** True when the single input was moved down a level unchanged (RocksDB trivial move): same number, same bytes. */
  trivialMove: boolean;
  /** Files read, ascending by number. */
  inputs: SstMeta[];
  /** Files written (for a trivial move: the moved file at its new level). */
  outputs: SstMeta[];
  /** File numbers no longer live after the compaction. */
  deleted: number[];
  /** Tombstones removed because nothing older for their key exists beneath the output. */
  droppedTombstones: number;
  /** Older versions removed because a newer version (or a dropped tombstone) hid them. */
  droppedVersions: number;
  bytesRead: number;
  bytesWritten: number;
}

/** Checks a set of files can be merged into one place without changing any read's answer; returns why not, or null. */
export function compactionConflict(
  cf: ColumnFamily,
  inputs: readonly SstFile[],
  outputLevel: number,
): string | null {
  const isInput = (f: SstFile): boolean => inputs.includes(f);
  const { smallest, largest } = keyRangeOf(inputs);
  const range = `[${formatKey(smallest)} … ${formatKey(largest)}]`;
  if (outputLevel === 0) {
    let minSeq = Number.MAX_SAFE_INTEGER;
    let maxSeq = 0;
    for (const f of inputs) {
      minSeq = Math.min(minSeq, f.smallestSeq);
      maxSeq = Math.max(maxSeq, f.largestSeq);
    }
    for (const f of cf.levels[0]!) {
      if (isInput(f) || !fileOverlaps(f, smallest, largest)) continue;
      if (f.smallestSeq > maxSeq || f.largestSeq < minSeq) continue;
      return `file ${f.fileNumber} (L0) overlaps the merged key range ${range} and holds writes made between those of the inputs; include it too`;
    }
    return null;
  }
  for (const f of cf.levels[outputLevel]!) {
    if (!isInput(f) && fileOverlaps(f, smallest, largest))
      return `file ${f.fileNumber} (L${outputLevel}) overlaps the merged key range ${range} in the output level, whose files may not overlap; include it too`;
  }
  for (let level = 0; level < outputLevel; level++) {
    for (const f of cf.levels[level]!) {
      if (isInput(f)) continue;
      const newer = inputs.find(
        (g) =>
          fileOverlaps(g, f.smallestKey, f.largestKey) &&
          (g.level < f.level || (g.level === 0 && f.level === 0 && g.largestSeq > f.largestSeq)),
      );
      if (newer !== undefined) {
        return `file ${f.fileNumber} (L${level}) would end up above newer writes from input ${newer.fileNumber} (L${newer.level}) for keys they share, once those move to L${outputLevel}; include it too`;
      }
    }
  }
  return null;
}

/**
 * Merges `inputs` into new files at `outputLevel`, cut at `maxOutputBytes` (null: one file),
 * then replaces the inputs with them. The caller has checked `compactionConflict`.
 */
export function runCompactionJob(
  db: LsmDb,
  cf: ColumnFamily,
  inputs: readonly SstFile[],
  outputLevel: number,
  maxOutputBytes: number | null,
  reason: CompactionReason,
): CompactionResult {
  const origin = reason === 'manual' ? 'manualCompaction' : 'compaction';
  const inputNumbers = inputs.map((f) => f.fileNumber).sort((a, b) => a - b);
  const lineage = mergeLineage(inputs);
  const oldestInputSeq = Math.min(...inputs.map((g) => g.smallestSeq));
  // An L0 output sits above every deeper level but only above the L0 files older than all its inputs.
  const olderL0 =
    outputLevel === 0
      ? cf.levels[0]!.filter((f) => !inputs.includes(f) && f.largestSeq < oldestInputSeq)
      : [];
  // RocksDB `Compaction::KeyNotExistsBeyondOutputLevel`: nothing beneath the output may hold this key.
  const existsBeneath = (key: Uint8Array): boolean => {
    for (const f of olderL0)
      if (compareBytes(key, f.smallestKey) >= 0 && compareBytes(key, f.largestKey) <= 0)
        return true;
    for (let level = outputLevel + 1; level < cf.levels.length; level++)
      if (fileForKey(cf.levels[level]!, key) !== undefined) return true;
    return false;
  };

  const outputs: SstFile[] = [];
  // The output being written: each entry is written as the merge yields it, none kept.
  let pending: SstBuilder | null = null;
  let pendingBytes = 0;
  let droppedTombstones = 0;
  let droppedVersions = 0;
  const cut = (): void => {
    if (pending === null) return;
    outputs.push(finishSstFile(db, cf, outputLevel, pending, { origin, inputs: inputNumbers, lineage }));
    pending = null;
    pendingBytes = 0;
  };
  // L0 inputs may overlap, so each is its own source; a deeper level's inputs form one sorted run.
  const runs: SstFile[][] = inputs.filter((f) => f.level === 0).map((f) => [f]);
  for (let level = 1; level < cf.levels.length; level++) {
    const run = inputs
      .filter((f) => f.level === level)
      .sort((a, b) => compareBytes(a.smallestKey, b.smallestKey));
    if (run.length > 0) runs.push(run);
  }
  mergeRuns(runs, (entry, shadowed) => {
    droppedVersions += shadowed;
    if (entry.value === null && !existsBeneath(entry.key)) {
      droppedTombstones++;
      return;
    }
    pending ??= new SstBuilder(db.config.blockSizeBytes, outputCompression(db, outputLevel));
    pending.add(entry);
    pendingBytes += sstEntrySize(entry);
    if (maxOutputBytes !== null && pendingBytes >= maxOutputBytes) cut();
  });
  cut();

  removeFilesFromLevels(cf, inputNumbers);
  for (const f of outputs) addFileToLevel(cf, f);
  return {
    cf: cf.name,
    cfId: cf.id,
    reason,
    outputLevel,
    trivialMove: false,
    inputs: sortedMeta(inputs),
    outputs: outputs.map(sstMeta),
    deleted: inputNumbers,
    droppedTombstones,
    droppedVersions,
    bytesRead: inputs.reduce((s, f) => s + f.sizeBytes, 0),
    bytesWritten: outputs.reduce((s, f) => s + f.sizeBytes, 0),
  };
}

/** RocksDB trivial move: a lone input with nothing to merge against changes level by a MANIFEST edit only. */
export function runTrivialMove(
  cf: ColumnFamily,
  file: SstFile,
  outputLevel: number,
  reason: CompactionReason,
): CompactionResult {
  removeFilesFromLevels(cf, [file.fileNumber]);
  const moved: SstFile = { ...file, level: outputLevel };
  addFileToLevel(cf, moved);
  return {
    cf: cf.name,
    cfId: cf.id,
    reason,
    outputLevel,
    trivialMove: true,
    inputs: [sstMeta(file)],
    outputs: [sstMeta(moved)],
    deleted: [],
    droppedTombstones: 0,
    droppedVersions: 0,
    bytesRead: 0,
    bytesWritten: 0,
  };
}

function sortedMeta(files: readonly SstFile[]): SstMeta[] {
  return files
    .slice()
    .sort((a, b) => a.fileNumber - b.fileNumber)
    .map(sstMeta);
}
