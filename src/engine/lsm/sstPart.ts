/**
 * Whole-column-family reads for the read-only views, made incremental. A full `scan` merges
 * every memtable and SST of a column family and so costs the size of the whole LSM on every
 * read; the views read a new state copy on every step, yet between two steps the SSTs rarely
 * change (a flush or compaction swaps files; writes only touch the memtables). SST files are
 * immutable and their bytes are shared by every copy of a state (core/plainData.ts), so the
 * merged SST part is kept per set of files, and a read merges only the small memtables on top.
 *
 * The cache is module-level, bounded (SST_PART_CACHE_ENTRIES keys in all, least recently used out) and
 * keyed by identity, never by time or chance: a file is known by its block bytes (a WeakMap gives
 * each bytes object a number), a set by those numbers level by level. It changes no result:
 * the part is a pure function of the files' bytes, so a hit returns what a merge would.
 */
import { compareBytesAt } from './compareBytes';
import type { ColumnFamily, SstFile } from './lsmDb';
import type { LsmEntry } from './memtable';
import { memtableIterate, mergeSources } from './mergeSources';
import { mergeRuns } from './mergeRuns';
import { ByteWriter } from './byteBuffer';

/**
 * The SSTs of a column family merged: the newest version of each key, in key order, tombstones
 * kept (a newer memtable version still wins over them by seq). Packed (keys and values back to
 * back, typed arrays of offsets and seqs): an entry costs its bytes and about 20 more, where an
 * entry object with two byte views would cost some 250.
 */
export interface SstPart {
  readonly size: number;
  /** Key i is keyBytes[keyStart[i], keyStart[i + 1]). */
  readonly keyBytes: Uint8Array;
  readonly keyStart: Uint32Array;
  /** Value i is valueBytes[valueStart[i], valueStart[i + 1]), or null (a tombstone) when tombstone[i] is 1. */
  readonly valueBytes: Uint8Array;
  readonly valueStart: Uint32Array;
  readonly tombstone: Uint8Array;
  readonly seqs: Float64Array;
}

/** Entries (keys) kept merged across all cached sets: a few sets of a big run's subtask (some 6,000 keys each), a few MB. */
export const SST_PART_CACHE_ENTRIES = 40_000;

const fileIds = new WeakMap<Uint8Array, number>();
let nextFileId = 1;
/** Least recently used first (Map keeps insertion order; a hit is moved to the end). */
const parts = new Map<string, SstPart>();
let cachedEntries = 0;
const EMPTY: SstPart = packMerged([]);

function fileId(f: SstFile): number {
  let id = fileIds.get(f.blockData);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(f.blockData, id);
  }
  return id;
}

/** The identity of a column family's SST set, in merge order (L0 newest first, then each level by key); null when it has none. */
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

/**
 * The merge of `runs` packed as it is read: each entry's bytes are copied at once, so the merge's
 * entries and their views die young. Gathered first (thousands per column family of a big run),
 * they outlived the young generation's collections: 25 of the 310 MB that 10 s of playing the
 * scale run promoted on the page.
 */
function packMerged(runs: readonly (readonly SstFile[])[]): SstPart {
  const keys = new ByteWriter(4096);
  const values = new ByteWriter(4096);
  const keyEnds: number[] = [];
  const valueEnds: number[] = [];
  const seqs: number[] = [];
  const tombstones: number[] = [];
  mergeRuns(runs, (e) => {
    keys.bytes(e.key);
    keyEnds.push(keys.length);
    if (e.value !== null) values.bytes(e.value);
    else tombstones.push(keyEnds.length - 1);
    valueEnds.push(values.length);
    seqs.push(e.seq);
  });
  const n = keyEnds.length;
  const part = {
    size: n,
    keyBytes: keys.finish(),
    keyStart: new Uint32Array(n + 1),
    valueBytes: values.finish(),
    valueStart: new Uint32Array(n + 1),
    tombstone: new Uint8Array(n),
    seqs: Float64Array.from(seqs),
  };
  part.keyStart.set(keyEnds, 1);
  part.valueStart.set(valueEnds, 1);
  for (const i of tombstones) part.tombstone[i] = 1;
  return Object.freeze(part);
}

/** Key i of a part (a view into it: never change it). */
export function sstPartKey(part: SstPart, i: number): Uint8Array {
  return part.keyBytes.subarray(part.keyStart[i]!, part.keyStart[i + 1]!);
}

/** Value i of a part (a view into it: never change it), null for a tombstone. */
export function sstPartValue(part: SstPart, i: number): Uint8Array | null {
  return part.tombstone[i] === 1 ? null : part.valueBytes.subarray(part.valueStart[i]!, part.valueStart[i + 1]!);
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
  // L0 newest first, then each deeper level as one run; views into the block bytes: packMerged copies what it keeps.
  const l0 = cf.levels[0]!;
  const runs: (readonly SstFile[])[] = [];
  for (let i = l0.length - 1; i >= 0; i--) runs.push([l0[i]!]);
  for (let level = 1; level < cf.levels.length; level++) runs.push(cf.levels[level]!);
  const part = packMerged(runs);
  parts.set(key, part);
  cachedEntries += part.size;
  // Least recently used out while over budget, but never the part just made.
  for (const [k, p] of parts) {
    if (cachedEntries <= SST_PART_CACHE_ENTRIES || p === part) break;
    parts.delete(k);
    cachedEntries -= p.size;
  }
  return part;
}

/**
 * `scan(db, cf, null, null)` as a walk: every live key of the column family in key order. A
 * memtable's winner is passed as `entry` with `sstIndex` -1; an SST part's winner as its index in
 * `part` with `entry` null (read it with sstPartKey / sstPartValue), so callers can keep what they
 * derive from SST entries beside the part. The memtables are merged first (active, then sealed
 * newest first), then over the part; on equal sequence numbers the memtable wins, as it comes
 * first among `scan`'s sources.
 */
export function forEachLiveEntry(
  cf: ColumnFamily,
  part: SstPart,
  visit: (entry: LsmEntry | null, sstIndex: number) => void,
): void {
  let mem: readonly LsmEntry[];
  if (cf.immutables.length === 0) mem = cf.active.entries;
  else {
    const sources: Iterator<LsmEntry>[] = [memtableIterate(cf.active, null)];
    for (let i = cf.immutables.length - 1; i >= 0; i--) sources.push(memtableIterate(cf.immutables[i]!, null));
    const merged: LsmEntry[] = [];
    for (const { entry } of mergeSources(sources)) merged.push(entry);
    mem = merged;
  }
  const { size, keyBytes, keyStart, tombstone, seqs } = part;
  let i = 0;
  let j = 0;
  while (i < size || j < mem.length) {
    const m = mem[j];
    const c = i >= size ? 1 : m === undefined ? -1 : compareBytesAt(keyBytes, keyStart[i]!, keyStart[i + 1]! - keyStart[i]!, m.key);
    if (c < 0) {
      if (tombstone[i] === 0) visit(null, i);
      i++;
    } else if (c > 0) {
      if (m!.value !== null) visit(m!, -1);
      j++;
    } else {
      if (m!.seq >= seqs[i]!) {
        if (m!.value !== null) visit(m!, -1);
      } else if (tombstone[i] === 0) visit(null, i);
      i++;
      j++;
    }
  }
}
