/**
 * Whole-column-family reads for the read-only views, made incremental. A full `scan` merges
 * every memtable and SST of a column family and so costs the size of the whole LSM on every
 * read; the views read a new state copy on every step, yet between two steps the SSTs rarely
 * change (a flush or compaction swaps files; writes only touch the memtables). SST files are
 * immutable and their bytes are shared by every copy of a state (core/plainData.ts), so the
 * merged SST part is kept per set of files, and a read merges only the small memtables on top.
 *
 * The cache is module-level, bounded (SST_PART_CACHE_SIZE sets, least recently used out) and
 * keyed by identity, never by time or chance: a file is known by its block bytes (a WeakMap gives
 * each bytes object a number), a set by those numbers level by level. It changes no result:
 * the part is a pure function of the files' bytes, so a hit returns what a merge would.
 */
import { compareBytes } from './compareBytes';
import type { ColumnFamily, SstFile } from './lsmDb';
import type { LsmEntry } from './memtable';
import { levelIterate, memtableIterate, mergeSources } from './mergeSources';
import { sstIterate } from './sstReader';

/** The SSTs of a column family merged: the newest version of each key in key order, tombstones kept (they hide older memtable versions only by seq). */
export interface SstPart {
  readonly entries: readonly LsmEntry[];
}

/** Distinct SST sets kept merged: enough for every subtask's column families of a mid-sized job, small enough to bound the memory (one entry object per key of each set). */
export const SST_PART_CACHE_SIZE = 32;

const fileIds = new WeakMap<Uint8Array, number>();
let nextFileId = 1;
/** Least recently used first (Map keeps insertion order; a hit is moved to the end). */
const parts = new Map<string, SstPart>();
const EMPTY: SstPart = Object.freeze({ entries: Object.freeze([]) as readonly LsmEntry[] });

function fileId(f: SstFile): number {
  let id = fileIds.get(f.blockData);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(f.blockData, id);
  }
  return id;
}

/** The identity of a column family's SST set, in merge order (L0 newest first, then each level by key). */
function sstSetKey(cf: ColumnFamily): string | null {
  let key = '';
  let any = false;
  for (let level = 0; level < cf.levels.length; level++) {
    const files = cf.levels[level]!;
    if (level > 0) key += '|';
    if (files.length > 0) any = true;
    if (level === 0) for (let i = files.length - 1; i >= 0; i--) key += `${fileId(files[i]!)},`;
    else for (const f of files) key += `${fileId(f)},`;
  }
  return any ? key : null;
}

/** The merged SST part of a column family (`scan`'s SST sources, tombstones kept), from the cache when this set of files was merged before. */
export function sstPart(cf: ColumnFamily): SstPart {
  const key = sstSetKey(cf);
  if (key === null) return EMPTY;
  const hit = parts.get(key);
  if (hit !== undefined) {
    parts.delete(key);
    parts.set(key, hit);
    return hit;
  }
  const sources: Iterator<LsmEntry>[] = [];
  const l0 = cf.levels[0]!;
  // Views into the immutable block bytes (copy: false): the part keeps them alive, not copies.
  for (let i = l0.length - 1; i >= 0; i--) sources.push(sstIterate(l0[i]!, null, false));
  for (let level = 1; level < cf.levels.length; level++) {
    if (cf.levels[level]!.length > 0) sources.push(levelIterate(cf.levels[level]!, null, false));
  }
  const entries: LsmEntry[] = [];
  for (const { entry } of mergeSources(sources)) entries.push(entry);
  const part: SstPart = Object.freeze({ entries: Object.freeze(entries) });
  parts.set(key, part);
  if (parts.size > SST_PART_CACHE_SIZE) parts.delete(parts.keys().next().value!);
  return part;
}

/**
 * `scan(db, cf, null, null)` as a walk: every live key of the column family in key order, with the
 * winner's index in `part.entries` when the SSTs hold the newest version (-1 when a memtable
 * does), so callers can keep what they derive from SST entries beside the part. The memtables are
 * merged first (active, then sealed newest first), then over the part; on equal sequence numbers
 * the memtable wins, as it comes first among `scan`'s sources.
 */
export function forEachLiveEntry(
  cf: ColumnFamily,
  part: SstPart,
  visit: (entry: LsmEntry, sstIndex: number) => void,
): void {
  const mem: LsmEntry[] = [];
  if (cf.immutables.length === 0) {
    mem.push(...cf.active.entries);
  } else {
    const sources: Iterator<LsmEntry>[] = [memtableIterate(cf.active, null)];
    for (let i = cf.immutables.length - 1; i >= 0; i--) sources.push(memtableIterate(cf.immutables[i]!, null));
    for (const { entry } of mergeSources(sources)) mem.push(entry);
  }
  const sst = part.entries;
  let i = 0;
  let j = 0;
  while (i < sst.length || j < mem.length) {
    const s = sst[i];
    const m = mem[j];
    const c = s === undefined ? 1 : m === undefined ? -1 : compareBytes(s.key, m.key);
    if (c < 0) {
      if (s!.value !== null) visit(s!, i);
      i++;
    } else if (c > 0) {
      if (m!.value !== null) visit(m!, -1);
      j++;
    } else {
      if (m!.seq >= s!.seq) {
        if (m!.value !== null) visit(m!, -1);
      } else if (s!.value !== null) visit(s!, i);
      i++;
      j++;
    }
  }
}
