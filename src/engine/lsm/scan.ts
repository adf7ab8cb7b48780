/**
 * Range reads (RocksDB iterators with bounds): Flink iterates a MapState by its key prefix and
 * copies key-group ranges on rescale, both in key order. Every memtable and SST of the column
 * family is merged; the newest version of each key wins and deleted keys are skipped.
 */
import { prefixSuccessor } from './compareBytes';
import { columnFamily, type LsmDb } from './lsmDb';
import { levelIterate, memtableIterate, mergeSources } from './mergeSources';
import type { LsmEntry } from './memtable';
import { sstIterate } from './sstReader';

export interface KeyValue {
  key: Uint8Array;
  value: Uint8Array;
}

/** RocksDB `DB::NewIterator` over [fromKey, toKeyExclusive) (null bounds are open): live key/value pairs in key order. */
export function scan(
  db: LsmDb,
  cf: string,
  fromKey: Uint8Array | null,
  toKeyExclusive: Uint8Array | null,
  limit = Infinity,
): KeyValue[] {
  const c = columnFamily(db, cf);
  const sources: Iterator<LsmEntry>[] = [memtableIterate(c.active, fromKey)];
  for (let i = c.immutables.length - 1; i >= 0; i--)
    sources.push(memtableIterate(c.immutables[i]!, fromKey));
  const l0 = c.levels[0]!;
  for (let i = l0.length - 1; i >= 0; i--) sources.push(sstIterate(l0[i]!, fromKey));
  for (let level = 1; level < c.levels.length; level++) {
    if (c.levels[level]!.length > 0) sources.push(levelIterate(c.levels[level]!, fromKey));
  }
  const out: KeyValue[] = [];
  if (limit <= 0) return out;
  for (const { entry } of mergeSources(sources, toKeyExclusive)) {
    if (entry.value === null) continue;
    out.push({ key: entry.key, value: entry.value });
    if (out.length >= limit) break;
  }
  return out;
}

/** RocksDB prefix iteration (Flink: all entries of one MapState key, or one key group): live pairs whose key starts with `prefix`. */
export function prefixScan(
  db: LsmDb,
  cf: string,
  prefix: Uint8Array,
  limit = Infinity,
): KeyValue[] {
  return scan(db, cf, prefix, prefixSuccessor(prefix), limit);
}
