/**
 * Flush: turning a sealed memtable into an L0 SST (RocksDB `FlushJob`). Flink's RocksDB backend
 * keeps the WAL off, so a flush is the only way memtable data becomes a file; the synchronous
 * part of a checkpoint therefore flushes everything before taking the native checkpoint.
 */
import { addFileToLevel } from './levels';
import { columnFamily, sstMeta, type ColumnFamily, type LsmDb, type SstMeta } from './lsmDb';
import { createMemtable, type Memtable } from './memtable';
import { writeSstFile } from './sstFile';

/** Why a flush ran, so the simulation can label it. */
export type FlushReason = 'background' | 'writeStall' | 'checkpoint' | 'manual';

/** What a flush did: which memtable became which L0 file. */
export interface FlushResult {
  cf: string;
  cfId: number;
  memtableId: number;
  reason: FlushReason;
  /** The L0 file written, or null when the memtable held nothing. */
  file: SstMeta | null;
  /** Older versions of keys overwritten inside the memtable, which the flush does not write. */
  droppedVersions: number;
}

/** What sealing the active memtable did (RocksDB `SwitchMemtable`). */
export interface SealResult {
  cf: string;
  memtableId: number;
  bytes: number;
  entries: number;
  /** Id of the new, empty active memtable. */
  newActiveId: number;
}

/** RocksDB `SwitchMemtable`: the active memtable becomes immutable and a fresh one takes writes. */
export function sealActive(db: LsmDb, cf: ColumnFamily): SealResult {
  const old = cf.active;
  cf.immutables.push(old);
  cf.active = createMemtable(db.nextMemtableId++);
  return {
    cf: cf.name,
    memtableId: old.id,
    bytes: old.bytes,
    entries: old.entries.length,
    newActiveId: cf.active.id,
  };
}

/** RocksDB `FlushJob::Run` for one memtable (Flink keeps `writebuffer.number-to-merge` = 1): writes the oldest immutable memtable as an L0 SST, or returns null if none waits. */
export function flushOldest(
  db: LsmDb,
  cfName: string,
  reason: FlushReason = 'background',
): FlushResult | null {
  const cf = columnFamily(db, cfName);
  const mt = cf.immutables[0];
  if (mt === undefined) return null;
  cf.immutables.shift();
  return writeMemtable(db, cf, mt, reason);
}

/**
 * Flink's sync-phase flush before `Checkpoint::CreateCheckpoint` (RocksDB `DB::Flush` on every
 * column family): seals each non-empty active memtable and flushes all immutables, oldest first,
 * in column-family creation order. Afterwards every write is in an SST.
 */
export function flushAll(db: LsmDb, reason: FlushReason = 'checkpoint'): FlushResult[] {
  const results: FlushResult[] = [];
  for (const cf of db.columnFamilies) {
    if (cf.active.writes > 0) sealActive(db, cf);
    while (cf.immutables.length > 0)
      results.push(writeMemtable(db, cf, cf.immutables.shift()!, reason));
  }
  return results;
}

function writeMemtable(
  db: LsmDb,
  cf: ColumnFamily,
  mt: Memtable,
  reason: FlushReason,
): FlushResult {
  const base = {
    cf: cf.name,
    cfId: cf.id,
    memtableId: mt.id,
    reason,
    droppedVersions: mt.overwrites,
  };
  if (mt.entries.length === 0) return { ...base, file: null };
  const file = writeSstFile(db, cf, 0, mt.entries, { origin: 'flush', inputs: [], lineage: null });
  addFileToLevel(cf, file);
  return { ...base, file: sstMeta(file) };
}
