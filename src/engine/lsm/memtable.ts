/**
 * The memtable: RocksDB's in-memory write buffer. Writes land here first, sorted by key; once
 * it is full it is sealed (immutable) and later flushed into an L0 SST.
 *
 * Plain data: `entries` is an array kept sorted by unsigned byte order, so binary search gives
 * O(log n) lookups and an O(n) splice per new key, which is cheap at teaching sizes (a few KB).
 *
 * Only the newest version of each key is kept. RocksDB's skip list keeps every version, but a
 * flush without open snapshots keeps only the newest one anyway, and Flink's RocksDB backend
 * reads through no snapshots on the processing path, so what a reader or a flush sees is the
 * same. The byte count, however, grows with every write, as RocksDB's append-only arena does:
 * overwriting a hot key still fills the write buffer.
 */
import { compareBytes } from './compareBytes';

/** One versioned record: a value, or a tombstone (`value === null`) that hides older values. */
export interface LsmEntry {
  key: Uint8Array;
  /** DB-wide sequence number of the write; a larger one is newer. */
  seq: number;
  value: Uint8Array | null;
}

export interface Memtable {
  /** DB-wide memtable id (RocksDB `MemTable::GetID`), so events can name it. */
  id: number;
  /** Sorted by key, one entry per key (the newest). */
  entries: LsmEntry[];
  /** Bytes charged against `writeBufferBytes`: every write, including overwrites. */
  bytes: number;
  /** Writes applied (puts and deletes). */
  writes: number;
  /** Writes that replaced an older version of a key still in this memtable. */
  overwrites: number;
  /** Sequence range of the writes it holds (0 when empty). */
  smallestSeq: number;
  largestSeq: number;
}

/**
 * Per-write overhead charged to the memtable: the 8-byte internal-key trailer (seq + type) RocksDB
 * appends to every key plus ~8 bytes of skip-list node and length prefixes.
 */
export const MEMTABLE_ENTRY_OVERHEAD_BYTES = 16;

/** A new empty memtable (RocksDB `MemTable` constructor). */
export function createMemtable(id: number): Memtable {
  return { id, entries: [], bytes: 0, writes: 0, overwrites: 0, smallestSeq: 0, largestSeq: 0 };
}

/** Bytes one write costs in the write buffer (RocksDB `MemTable::Add` arena charge). */
export function memtableWriteCost(key: Uint8Array, value: Uint8Array | null): number {
  return key.length + (value === null ? 0 : value.length) + MEMTABLE_ENTRY_OVERHEAD_BYTES;
}

/** Index of the first entry whose key is ≥ `key` (skip-list `Seek`). */
export function memtableLowerBound(mt: Memtable, key: Uint8Array): number {
  const es = mt.entries;
  let lo = 0;
  let hi = es.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes(es[mid]!.key, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** RocksDB `MemTable::Add`: records a put (value) or delete (null) at `seq`; caller owns no reference afterwards. */
export function memtablePut(
  mt: Memtable,
  key: Uint8Array,
  seq: number,
  value: Uint8Array | null,
): void {
  const i = memtableLowerBound(mt, key);
  const entry: LsmEntry = { key, seq, value };
  const at = mt.entries[i];
  if (at !== undefined && compareBytes(at.key, key) === 0) {
    mt.entries[i] = entry;
    mt.overwrites++;
  } else {
    mt.entries.splice(i, 0, entry);
  }
  mt.bytes += memtableWriteCost(key, value);
  mt.writes++;
  if (mt.smallestSeq === 0) mt.smallestSeq = seq;
  mt.largestSeq = seq;
}

/** RocksDB `MemTable::Get`: the entry for `key` (possibly a tombstone), or undefined if this memtable never saw it. */
export function memtableGet(mt: Memtable, key: Uint8Array): LsmEntry | undefined {
  const e = mt.entries[memtableLowerBound(mt, key)];
  return e !== undefined && compareBytes(e.key, key) === 0 ? e : undefined;
}
