/**
 * How often each input record became visible downstream, kept as runs of offsets per input
 * stream instead of one entry per record. The sink's output lives in the engine state, and every
 * keyframe and every recorded step's frozen copy carries it: one key per record was 1,000,000 keys
 * (~78 MB per keyframe) in the scale run. Offsets become visible mostly in order, so a run
 * without failures is one run per stream; a replay after a restore adds a few, and out-of-order
 * commits (sink subtasks commit their transactions separately) open gaps that close again.
 *
 * A stream is `p<partition>:g` (the generator) or `p<partition>:l` (the script log); a record's
 * origin is its stream followed by its offset (`p3:g17`). A stream's runs are one flat array
 * `[from, to, count, from, to, count, …]`: half-open ranges [from, to), sorted, non-overlapping,
 * every count ≥ 1, and two runs that touch (`to === next.from`) never share a count (they are
 * merged). Plain data only (core/plainData.ts): keyframes clone it and the worker sends it as JSON.
 */

/** One stream's runs: `[from, to, count, …]`, half-open, sorted, touching runs of one count merged. */
export type OffsetRuns = number[];
/** Runs by stream (`p<i>:g`, `p<i>:l`). */
export type SeenRuns = Record<string, OffsetRuns>;

/** An origin split into its stream and offset; null if it is not an origin. */
export function parseOrigin(origin: string): { stream: string; offset: number } | null {
  // By character codes, not a regular expression: this runs once per record made visible.
  const colon = origin.indexOf(':');
  if (origin.charCodeAt(0) !== 112 /* p */ || colon < 2 || colon + 2 >= origin.length) return null;
  if (!allDigits(origin, 1, colon)) return null;
  const kind = origin.charCodeAt(colon + 1);
  if (kind !== 103 /* g */ && kind !== 108 /* l */) return null;
  if (!allDigits(origin, colon + 2, origin.length)) return null;
  return { stream: origin.slice(0, colon + 2), offset: Number(origin.slice(colon + 2)) };
}

function allDigits(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The index (in runs, not array slots) of the first run ending after `offset`; the run count if none. */
function firstEndingAfter(runs: OffsetRuns, offset: number): number {
  let lo = 0;
  let hi = runs.length / 3;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[3 * mid + 1]! > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Merges touching runs of one count among runs lo..hi (run indices, inclusive, clamped). */
function mergeAround(runs: OffsetRuns, lo: number, hi: number): void {
  const last = runs.length / 3 - 1;
  for (let j = Math.min(hi, last) - 1; j >= Math.max(0, lo); j--) {
    const a = 3 * j;
    if (runs[a + 1] === runs[a + 3] && runs[a + 2] === runs[a + 5]) {
      runs[a + 1] = runs[a + 4]!;
      runs.splice(a + 3, 3);
    }
  }
}

/**
 * Counts one more visibility of `offset`; returns its count now. The next offset after the last
 * run (the common case) extends or appends in O(1); anything else is a binary search and a splice
 * of a few runs.
 */
export function addOffset(runs: OffsetRuns, offset: number): number {
  const n = runs.length;
  if (n === 0 || offset >= runs[n - 2]!) {
    if (n > 0 && offset === runs[n - 2] && runs[n - 1] === 1) runs[n - 2] = offset + 1;
    else runs.push(offset, offset + 1, 1);
    return 1;
  }
  const i = firstEndingAfter(runs, offset);
  const from = runs[3 * i]!;
  if (from > offset) {
    // In the gap before run i: a run of its own, merged with whichever neighbour it touches.
    runs.splice(3 * i, 0, offset, offset + 1, 1);
    mergeAround(runs, i - 1, i + 1);
    return 1;
  }
  const to = runs[3 * i + 1]!;
  const count = runs[3 * i + 2]! + 1;
  const pieces: number[] = [];
  if (from < offset) pieces.push(from, offset, count - 1);
  pieces.push(offset, offset + 1, count);
  if (offset + 1 < to) pieces.push(offset + 1, to, count - 1);
  runs.splice(3 * i, 3, ...pieces);
  mergeAround(runs, i - 1, i + pieces.length / 3);
  return count;
}

/** How often `offset` became visible (0 if never). */
export function countOf(runs: OffsetRuns, offset: number): number {
  const i = firstEndingAfter(runs, offset);
  return 3 * i < runs.length && runs[3 * i]! <= offset ? runs[3 * i + 2]! : 0;
}

/** Calls `fn` for every run, in order of offset. */
export function forEachRun(runs: OffsetRuns, fn: (from: number, to: number, count: number) => void): void {
  for (let a = 0; a < runs.length; a += 3) fn(runs[a]!, runs[a + 1]!, runs[a + 2]!);
}

/** Distinct offsets that became visible at least once. */
export function offsetsIn(runs: OffsetRuns): number {
  let n = 0;
  for (let a = 0; a < runs.length; a += 3) n += runs[a + 1]! - runs[a]!;
  return n;
}

/** Extra copies: every visibility of an offset after its first. */
export function duplicatesIn(runs: OffsetRuns): number {
  let n = 0;
  for (let a = 0; a < runs.length; a += 3) n += (runs[a + 1]! - runs[a]!) * (runs[a + 2]! - 1);
  return n;
}

/** Counts one more visibility of the record `origin`; returns its count now. */
export function addOrigin(seen: SeenRuns, origin: string): number {
  const o = parseOrigin(origin);
  // Only source records reach a sink (a broadcast rule stops at its operator): anything else is an engine bug.
  if (!o) throw new Error(`a sink made visible a record without a source origin: ${origin}`);
  return addOffset((seen[o.stream] ??= []), o.offset);
}

/** How often the record `origin` became visible (0 if never, or not an origin). */
export function originCount(seen: Readonly<SeenRuns>, origin: string): number {
  const o = parseOrigin(origin);
  const runs = o ? seen[o.stream] : undefined;
  return runs ? countOf(runs, o!.offset) : 0;
}

/** Extra copies over every stream. */
export function seenDuplicates(seen: Readonly<SeenRuns>): number {
  let n = 0;
  for (const s of Object.keys(seen)) n += duplicatesIn(seen[s]!);
  return n;
}

/** A copy whose runs can change without touching `seen`'s. */
export function copySeen(seen: Readonly<SeenRuns>): SeenRuns {
  const out: SeenRuns = {};
  for (const s of Object.keys(seen)) out[s] = seen[s]!.slice();
  return out;
}

/** Runs of per-origin counts (counts ≤ 0 are left out): for tests and small hand-made outcomes. */
export function seenOf(counts: Readonly<Record<string, number>>): SeenRuns {
  const out: SeenRuns = {};
  for (const origin of Object.keys(counts)) for (let k = 0; k < counts[origin]!; k++) addOrigin(out, origin);
  return out;
}

/** Every origin with its count (one entry per record: only for small outcomes and tests). */
export function countsOf(seen: Readonly<SeenRuns>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of Object.keys(seen)) forEachRun(seen[s]!, (from, to, count) => {
    for (let o = from; o < to; o++) out[`${s}${o}`] = count;
  });
  return out;
}
