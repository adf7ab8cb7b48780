/**
 * The merging iterator (RocksDB `MergingIterator`) shared by scans and compactions: several
 * key-sorted sources, each with at most one version per key, merged into key order; where
 * sources share a key the version with the largest sequence number wins and the others are
 * counted as shadowed.
 */
import { compareBytes } from './compareBytes';
import type { SstFile } from './lsmDb';
import { memtableLowerBound, type LsmEntry, type Memtable } from './memtable';
import { sstIterate } from './sstReader';

export interface MergedEntry {
  entry: LsmEntry;
  /** Older versions of the same key that the winner hides. */
  shadowed: number;
}

/** RocksDB `MergingIterator::Next`: yields the newest version of each key in [first key, toExclusive). */
export function* mergeSources(
  sources: Iterator<LsmEntry>[],
  toExclusive: Uint8Array | null = null,
): Generator<MergedEntry> {
  const heads: (LsmEntry | undefined)[] = sources.map((s) => nextOf(s));
  for (;;) {
    let min: Uint8Array | null = null;
    for (const h of heads)
      if (h !== undefined && (min === null || compareBytes(h.key, min) < 0)) min = h.key;
    if (min === null || (toExclusive !== null && compareBytes(min, toExclusive) >= 0)) return;
    let best: LsmEntry | null = null;
    let versions = 0;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h === undefined || compareBytes(h.key, min) !== 0) continue;
      versions++;
      if (best === null || h.seq > best.seq) best = h;
      heads[i] = nextOf(sources[i]!);
    }
    yield { entry: best!, shadowed: versions - 1 };
  }
}

/** A memtable's entries from the first key ≥ fromKey (skip-list iterator). */
export function* memtableIterate(mt: Memtable, fromKey: Uint8Array | null): Generator<LsmEntry> {
  const es = mt.entries;
  for (let i = fromKey === null ? 0 : memtableLowerBound(mt, fromKey); i < es.length; i++)
    yield es[i]!;
}

/** A sorted, non-overlapping run of files (one level ≥ 1) as one source (RocksDB `LevelIterator`). */
export function* levelIterate(
  files: readonly SstFile[],
  fromKey: Uint8Array | null,
  copy = true,
): Generator<LsmEntry> {
  for (const f of files) {
    if (fromKey !== null && compareBytes(f.largestKey, fromKey) < 0) continue;
    yield* sstIterate(f, fromKey, copy);
  }
}

function nextOf(it: Iterator<LsmEntry>): LsmEntry | undefined {
  const r = it.next();
  return r.done === true ? undefined : r.value;
}
