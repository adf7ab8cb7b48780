/**
 * Running a picked compaction as its own simulation step (RocksDB `BackgroundCompaction`).
 * Between picking and running, flushes may have added newer L0 files (harmless); if another
 * compaction changed the planned files, the plan is stale and is refused rather than guessed at.
 */
import {
  compactionConflict,
  runCompactionJob,
  runTrivialMove,
  type CompactionResult,
} from './compactionJob';
import { keyRangeOf, overlappingFiles } from './levels';
import { columnFamily, type LsmDb, type SstFile } from './lsmDb';
import type { CompactionPlan } from './pickCompaction';

/** RocksDB `CompactionJob::Run` + `InstallCompactionResults` for a plan from `pickCompaction`: merges, writes outputs cut at `targetFileSizeBase`, deletes inputs. */
export function runCompaction(db: LsmDb, plan: CompactionPlan): CompactionResult {
  const cf = columnFamily(db, plan.cf);
  const stale = (why: string): never => {
    throw new Error(
      `runCompaction: stale plan for column family "${plan.cf}" L${plan.inputLevel}→L${plan.outputLevel}: ${why}; call pickCompaction again`,
    );
  };
  if (plan.outputLevel !== plan.inputLevel + 1 || plan.outputLevel >= cf.levels.length)
    stale(`invalid levels L${plan.inputLevel}→L${plan.outputLevel}`);
  const at = (level: number, n: number): SstFile =>
    cf.levels[level]!.find((f) => f.fileNumber === n) ??
    stale(`file ${n} is no longer in L${level}`);
  const upper = plan.inputLevelFiles.map((n) => at(plan.inputLevel, n));
  const lower = plan.outputLevelFiles.map((n) => at(plan.outputLevel, n));
  if (upper.length === 0) stale('no input files');
  const { smallest, largest } = keyRangeOf(upper);
  const nowOverlapping = overlappingFiles(cf.levels[plan.outputLevel]!, smallest, largest);
  if (nowOverlapping.length !== lower.length || nowOverlapping.some((f) => !lower.includes(f)))
    stale(`the files of L${plan.outputLevel} overlapping the inputs changed`);
  const inputs = [...upper, ...lower];
  const conflict = compactionConflict(cf, inputs, plan.outputLevel);
  if (conflict !== null) stale(conflict);

  if (plan.inputLevel > 0) cf.compactPointers[plan.inputLevel] = largest;
  if (upper.length === 1 && lower.length === 0)
    return runTrivialMove(cf, upper[0]!, plan.outputLevel, plan.reason);
  return runCompactionJob(
    db,
    cf,
    inputs,
    plan.outputLevel,
    db.config.targetFileSizeBase,
    plan.reason,
  );
}
