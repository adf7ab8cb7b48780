/**
 * The RocksDB background work of a keyed subtask as engine steps: a write that fills a memtable
 * seals it (`memtable.sealed`); a background flush writes it as an L0 SST (`sst.flushed`); when
 * L0 or a level is over its target a compaction starts and, a little later, finishes
 * (`compaction.started`, `compaction.finished`), reading its inputs and writing new SSTs.
 */
import type { CompactionResult, FlushResult } from '../lsm';
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { openRocksDb } from './keyedBackend';

/** A background flush starts this long after a memtable is sealed (RocksDB's flush thread). */
export const FLUSH_DELAY_MS = 5;
/** Simulated compaction speed: bytes read and written per millisecond. */
export const COMPACTION_BYTES_PER_MS = 400;

export function emitFlush(ctx: StepContext, task: string, f: FlushResult): void {
  if (!f.file) return;
  ctx.emit('sst.flushed', { cf: f.cf, sst: f.file.fileNumber, level: 0, sizeBytes: f.file.sizeBytes, entries: f.file.entryCount, reason: f.reason }, { task });
}

function emitCompaction(ctx: StepContext, task: string, r: CompactionResult): void {
  ctx.emit(
    'compaction.finished',
    { cf: r.cf, inputs: r.inputs.map((f) => f.fileNumber), outputs: r.outputs.map((f) => f.fileNumber), outputLevel: r.outputLevel, trivialMove: r.trivialMove, droppedTombstones: r.droppedTombstones, bytesWritten: r.bytesWritten },
    { task },
  );
}

/** After a state write: report seals and stall flushes, and schedule a background flush if one is due. */
export function afterRocksDbWrite(ctx: StepContext, task: string): void {
  const keyed = ctx.state.job.keyed[task]!;
  if (keyed.backend.type !== 'rocksdb') return;
  const db = openRocksDb(keyed.backend);
  for (const effect of db.takeWriteEffects()) {
    if (effect.kind === 'memtableSealed') {
      ctx.emit('memtable.sealed', { cf: effect.seal.cf, memtableId: effect.seal.memtableId, bytes: effect.seal.bytes, entries: effect.seal.entries }, { task });
    } else {
      emitFlush(ctx, task, effect.flush);
      scheduleCompactionIfDue(ctx, task);
    }
  }
  if (db.needsFlush() && !keyed.lsm.flushScheduled) {
    keyed.lsm.flushScheduled = true;
    ctx.schedule(FLUSH_DELAY_MS, { kind: 'lsm.flush', task });
  }
}

/** The background flush thread writes the oldest sealed memtable(s) as L0 SSTs. */
export function handleLsmFlush(ctx: StepContext, item: QueueItemOf<'lsm.flush'>): void {
  const keyed = ctx.state.job.keyed[item.task];
  if (!keyed || keyed.backend.type !== 'rocksdb') return;
  keyed.lsm.flushScheduled = false;
  const db = openRocksDb(keyed.backend);
  for (let f = db.flushOldest(); f; f = db.needsFlush() ? db.flushOldest() : null) emitFlush(ctx, item.task, f);
  scheduleCompactionIfDue(ctx, item.task);
}

/** Starts a compaction when one is due, automatic compaction is on and none is running. */
export function scheduleCompactionIfDue(ctx: StepContext, task: string): void {
  const keyed = ctx.state.job.keyed[task]!;
  if (keyed.backend.type !== 'rocksdb' || keyed.lsm.compacting || !ctx.state.scenario.stateBackend.rocksdb.autoCompaction) return;
  const plan = openRocksDb(keyed.backend).pendingCompaction();
  if (!plan) return;
  keyed.lsm.compacting = true;
  const files = [...plan.inputLevelFiles, ...plan.outputLevelFiles];
  ctx.emit('compaction.started', { cf: plan.cf, inputs: files, inputLevel: plan.inputLevel, outputLevel: plan.outputLevel, reason: plan.reason }, { task });
  // One listing of the live files for all inputs: a listing per input file made this quadratic in the file count.
  const sizes = openRocksDb(keyed.backend).liveSstSizes();
  const bytes = files.reduce((n, num) => n + (sizes.get(num) ?? 0), 0);
  ctx.schedule(Math.max(1, Math.ceil((2 * bytes) / COMPACTION_BYTES_PER_MS)), { kind: 'lsm.compactionDone', task });
}

/** The compaction finishes: RocksDB installs its outputs and deletes its inputs (it re-picks, since SSTs may have changed). */
export function handleCompactionDone(ctx: StepContext, item: QueueItemOf<'lsm.compactionDone'>): void {
  const keyed = ctx.state.job.keyed[item.task];
  if (!keyed || keyed.backend.type !== 'rocksdb') return;
  keyed.lsm.compacting = false;
  const db = openRocksDb(keyed.backend);
  const plan = db.pendingCompaction();
  if (plan) emitCompaction(ctx, item.task, db.runCompaction(plan));
  scheduleCompactionIfDue(ctx, item.task);
}

/** The `flush` action: flush every memtable of the task now. */
export function flushTaskNow(ctx: StepContext, task: string): void {
  const keyed = ctx.state.job.keyed[task];
  if (!keyed || keyed.backend.type !== 'rocksdb') throw new Error(`flush: ${task} does not run the RocksDB backend`);
  for (const f of openRocksDb(keyed.backend).flushAll('manual')) emitFlush(ctx, task, f);
  scheduleCompactionIfDue(ctx, task);
}

/** The `compact` action: merge exactly these SSTs into one (RocksDB `CompactFiles`). */
export function compactTaskFilesNow(ctx: StepContext, task: string, files: readonly number[]): void {
  const keyed = ctx.state.job.keyed[task];
  if (!keyed || keyed.backend.type !== 'rocksdb') throw new Error(`compact: ${task} does not run the RocksDB backend`);
  ctx.emit('compaction.started', { cf: '', inputs: [...files], inputLevel: -1, outputLevel: -1, reason: 'manual' }, { task });
  emitCompaction(ctx, task, openRocksDb(keyed.backend).compactFiles(files));
}
