/**
 * The read path (RocksDB `DBImpl::GetImpl`): active memtable, then immutable memtables newest
 * first, then L0 files newest first (they may overlap), then one file per deeper level found by
 * binary search. The first version found wins; a tombstone ends the search with "not found".
 */
import { fileForKey } from './levels';
import { columnFamily, type LsmDb } from './lsmDb';
import { memtableGet, type LsmEntry } from './memtable';
import { sstGet } from './sstReader';
import { compareBytes } from './compareBytes';

/** Where a read found its answer; the UI uses it to show read amplification. */
export type ReadSource =
  | { kind: 'memtable'; memtableId: number; active: boolean }
  | { kind: 'sst'; fileNumber: number; level: number }
  | { kind: 'none' };

export interface LookupResult {
  /** The value, or null when the key is absent or deleted. */
  value: Uint8Array | null;
  /** True when a tombstone answered the read. */
  deleted: boolean;
  /** Sequence number of the version found (0 when none). */
  seq: number;
  foundIn: ReadSource;
  /** SST files whose blocks were searched, in search order. */
  filesSearched: number[];
}

/**
 * RocksDB `DB::Get` on column family `cf`: the newest live value of `key`, or null (absent or
 * deleted). The bytes are the DB's own (a memtable's array, or a view into a file's block data):
 * read them, never mutate or keep them.
 */
export function get(db: LsmDb, cf: string, key: Uint8Array): Uint8Array | null {
  const found = find(db, cf, key, null);
  return found === null || found.entry.value === null ? null : found.entry.value;
}

/** `get` with the path it took: which memtable or file answered and which files were searched. */
export function lookup(db: LsmDb, cf: string, key: Uint8Array): LookupResult {
  const filesSearched: number[] = [];
  const found = find(db, cf, key, filesSearched);
  if (found === null)
    return { value: null, deleted: false, seq: 0, foundIn: { kind: 'none' }, filesSearched };
  return {
    value: found.entry.value,
    deleted: found.entry.value === null,
    seq: found.entry.seq,
    foundIn: found.source,
    filesSearched,
  };
}

function find(
  db: LsmDb,
  cfName: string,
  key: Uint8Array,
  trace: number[] | null,
): { entry: LsmEntry; source: ReadSource } | null {
  const cf = columnFamily(db, cfName);
  const hit = memtableGet(cf.active, key);
  if (hit !== undefined)
    return { entry: hit, source: { kind: 'memtable', memtableId: cf.active.id, active: true } };
  for (let i = cf.immutables.length - 1; i >= 0; i--) {
    const mt = cf.immutables[i]!;
    const e = memtableGet(mt, key);
    if (e !== undefined)
      return { entry: e, source: { kind: 'memtable', memtableId: mt.id, active: false } };
  }
  const l0 = cf.levels[0]!;
  for (let i = l0.length - 1; i >= 0; i--) {
    const f = l0[i]!;
    if (compareBytes(key, f.smallestKey) < 0 || compareBytes(key, f.largestKey) > 0) continue;
    trace?.push(f.fileNumber);
    const e = sstGet(f, key);
    if (e !== null)
      return { entry: e, source: { kind: 'sst', fileNumber: f.fileNumber, level: 0 } };
  }
  for (let level = 1; level < cf.levels.length; level++) {
    const f = fileForKey(cf.levels[level]!, key);
    if (f === undefined) continue;
    trace?.push(f.fileNumber);
    const e = sstGet(f, key);
    if (e !== null) return { entry: e, source: { kind: 'sst', fileNumber: f.fileNumber, level } };
  }
  return null;
}
