/**
 * The write path (RocksDB `DBImpl::WriteImpl` with the WAL disabled, as Flink runs it): take
 * the next sequence number, insert into the active memtable, seal it when full. Writes never
 * flush on their own except when RocksDB would stall: the caller sees `needsFlush` and
 * schedules `flushOldest` as a separate, visible step.
 */
import { flushOldest, sealActive, type FlushResult, type SealResult } from './flush';
import { columnFamily, type LsmDb } from './lsmDb';
import { memtablePut } from './memtable';

/** What one write did besides storing the record. */
export interface WriteResult {
  /** Sequence number assigned to the write. */
  seq: number;
  /** Set when this write filled the active memtable and it was sealed. */
  sealed: SealResult | null;
  /**
   * Set when sealing needed a memtable slot and all `maxWriteBufferNumber` were taken. RocksDB
   * would stall the writer until a background flush frees one; here the oldest immutable
   * memtable is flushed right away, inside the write, and reported.
   */
  stallFlush: FlushResult | null;
  /** Immutable memtables are waiting in this column family: schedule `flushOldest`. */
  needsFlush: boolean;
}

/** RocksDB `DB::Put` into column family `cf` (Flink: every ValueState.update, MapState.put …). */
export function put(db: LsmDb, cf: string, key: Uint8Array, value: Uint8Array): WriteResult {
  checkValue(cf, value);
  checkKey(cf, key);
  return write(db, cf, key.slice(), value.slice());
}

/**
 * `put` without the copies, for callers that hand over arrays made for this write and never
 * changed again: the state wrappers' keys and values, cut from their backend's slab (ByteSlab),
 * which dies with the memtable as they do. A record update made five byte arrays, three of them
 * copies thrown away at once; each was an ArrayBuffer the garbage collector sweeps, on the
 * page's thread too while a big run replays.
 */
export function putOwned(db: LsmDb, cf: string, key: Uint8Array, value: Uint8Array): WriteResult {
  checkValue(cf, value);
  checkKey(cf, key);
  return write(db, cf, key, value);
}

/** RocksDB `DB::Delete`: writes a tombstone that hides older values until compaction drops it (Flink: State.clear). */
export function del(db: LsmDb, cf: string, key: Uint8Array): WriteResult {
  checkKey(cf, key);
  return write(db, cf, key.slice(), null);
}

/** `del` without the copy of the key (see `putOwned`). */
export function delOwned(db: LsmDb, cf: string, key: Uint8Array): WriteResult {
  checkKey(cf, key);
  return write(db, cf, key, null);
}

/** Whether any sealed memtable waits for a flush (in `cf`, or in any column family when omitted). */
export function needsFlush(db: LsmDb, cf?: string): boolean {
  if (cf !== undefined) return columnFamily(db, cf).immutables.length > 0;
  return db.columnFamilies.some((c) => c.immutables.length > 0);
}

function checkValue(cfName: string, value: Uint8Array): void {
  if (!(value instanceof Uint8Array))
    throw new TypeError(
      `put: value for column family "${cfName}" must be a Uint8Array, got ${typeof value}`,
    );
}

function checkKey(cfName: string, key: Uint8Array): void {
  if (!(key instanceof Uint8Array))
    throw new TypeError(
      `key for column family "${cfName}" must be a Uint8Array, got ${typeof key}`,
    );
}

/** Stores `key` and `value` as they are: `put` and `del` copy them first (the caller may reuse its buffers, and a subarray would pin its whole backing buffer). */
function write(db: LsmDb, cfName: string, key: Uint8Array, value: Uint8Array | null): WriteResult {
  const cf = columnFamily(db, cfName);
  const seq = ++db.lastSeq;
  memtablePut(cf.active, key, seq, value);
  let sealed: SealResult | null = null;
  let stallFlush: FlushResult | null = null;
  if (cf.active.bytes >= db.config.writeBufferBytes) {
    // Sealing needs a slot for the new active memtable: active + immutables ≤ maxWriteBufferNumber.
    if (cf.immutables.length + 2 > db.config.maxWriteBufferNumber)
      stallFlush = flushOldest(db, cfName, 'writeStall');
    sealed = sealActive(db, cf);
  }
  return { seq, sealed, stallFlush, needsFlush: cf.immutables.length > 0 };
}
