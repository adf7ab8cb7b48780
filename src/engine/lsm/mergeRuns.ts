/**
 * `mergeSources` for inputs that are all SST files, as compactions and the state panel's full
 * merge read them: the same merge (RocksDB `MergingIterator`: newest version of each key, older
 * ones counted as shadowed), without generators. Each entry read through `sstIterate` inside
 * `levelIterate` inside `mergeSources` made three iterator results and a `MergedEntry`; a
 * compaction reads every entry of its inputs, and a big run compacts all the time (while it
 * records in the worker, and again on the page while it plays).
 *
 * Entries are views into the files' block data (`readBlockInto` with `copy: false`): only for
 * callers that re-encode them or read them at once, never keep them (a caller that gathers them
 * copies each into an object of its own: see readBlockInto for why).
 */
import { compareBytes } from './compareBytes';
import { readBlockInto, type MakeEntry } from './decodeSst';
import { blockCount, blockOffset, blockSize } from './sstBlockIndex';
import type { SstFile } from './lsmDb';
import type { LsmEntry } from './memtable';
import { sstFileName } from './sstFormat';

/** The merge's own allocation site for the entries it reads (see readBlockInto): they die at once. */
const mergedEntry: MakeEntry = (key, seq, value) => ({ key, seq, value });

/** One sorted run (an L0 file alone, or one level's files in key order), read block by block into one reused array. */
class RunCursor {
  private file = 0;
  private block = 0;
  private name = '';
  private readonly entries: LsmEntry[] = [];
  private at = 0;
  /** The entry under the cursor; undefined once the run is read. */
  head: LsmEntry | undefined;

  constructor(private readonly files: readonly SstFile[]) {
    this.fill();
  }

  advance(): void {
    this.at++;
    this.fill();
  }

  private fill(): void {
    while (this.at >= this.entries.length) {
      const f = this.files[this.file];
      if (f === undefined) {
        this.head = undefined;
        return;
      }
      if (this.block >= blockCount(f.blockIndex)) {
        this.file++;
        this.block = 0;
        continue;
      }
      if (this.block === 0) this.name = sstFileName(f.fileNumber);
      const b = this.block++;
      const index = f.blockIndex;
      this.entries.length = 0;
      readBlockInto(f.blockData, blockOffset(index, b), blockSize(index, b), this.name, false, this.entries, mergedEntry);
      this.at = 0;
    }
    this.head = this.entries[this.at];
  }
}

/**
 * Visits the newest version of each key across `runs` in key order, with how many older
 * versions it hides. Where two runs hold the same key and sequence number, the earlier run wins.
 */
export function mergeRuns(runs: readonly (readonly SstFile[])[], visit: (entry: LsmEntry, shadowed: number) => void): void {
  const cursors = runs.filter((r) => r.length > 0).map((r) => new RunCursor(r));
  for (;;) {
    let min: Uint8Array | null = null;
    for (const c of cursors) {
      const h = c.head;
      if (h !== undefined && (min === null || compareBytes(h.key, min) < 0)) min = h.key;
    }
    if (min === null) return;
    let best: LsmEntry | null = null;
    let versions = 0;
    for (const c of cursors) {
      const h = c.head;
      if (h === undefined || compareBytes(h.key, min) !== 0) continue;
      versions++;
      if (best === null || h.seq > best.seq) best = h;
      c.advance();
    }
    visit(best!, versions - 1);
  }
}
