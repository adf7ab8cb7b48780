/**
 * The end-to-end exactly-once verdict: a run's committed sink output against the failure-free
 * run of the same scenario (failureFreeRun.ts).
 *
 * What "the same" means when the run is behind: after a failure the job re-reads from its last
 * checkpoint, so at `untilMs` it has delivered less than the failure-free run, and simply
 * comparing the two outputs would call the difference "lost". Records are therefore compared by
 * origin (the input position `p<i>:g<offset>` a record was read from: the same record in both
 * runs, because the input is replayable) and only in the range both runs have settled: per
 * input stream, below the smaller of the two settled offsets (sinkOutcome.ts), where each run has
 * read every record and has none of them still on its way. In that range the failure-free run
 * delivered every record once; the run under test is judged record by record:
 * - correct: delivered exactly once;
 * - lost: never delivered;
 * - duplicated: every extra copy counts, anywhere (a record delivered three times adds two),
 *   because a copy too many is wrong however far the run has come;
 * - notCompared: records the run delivered beyond the compared range (it was ahead there).
 * Records still on their way (an open or pre-committed transaction, a channel) are neither lost
 * nor correct yet: they lie outside the settled range.
 */
import type { EngineState } from '../state';
import { parseOrigin, sinkOutcome, type SinkOutcome } from './sinkOutcome';

export interface ExactlyOnceVerdict {
  /** No record lost and none duplicated. */
  exactlyOnce: boolean;
  /** Records the failure-free run delivered inside the compared range. */
  compared: number;
  /** Of those, delivered exactly once by the run. */
  correct: number;
  /** Of those, never delivered by the run. */
  lost: number;
  /** Extra copies the run delivered (of any record). */
  duplicated: number;
  /** Records the run delivered beyond the compared range (not judged). */
  notCompared: number;
  /** The lost and the duplicated records' origins, sorted (for views and messages). */
  lostOrigins: string[];
  duplicatedOrigins: string[];
}

/**
 * The reference's origins by stream, sorted by offset, built once per reference outcome. The
 * verdict is shown at the cursor and recomputed for every step a view shows; the reference run
 * holds every record of the whole scenario (284,000 in a 142 s cut of the scale run), and parsing
 * each of its origins on every call was, measured in the app, the largest share of the page's
 * long tasks while a big run recorded or played. With the index, a call costs a binary search
 * per stream plus one pass over what the run itself delivered so far.
 */
interface ReferenceIndex {
  byStream: Map<string, { offsets: number[]; origins: string[] }>;
}

const indexed = new WeakMap<SinkOutcome, ReferenceIndex>();

function referenceIndex(reference: SinkOutcome): ReferenceIndex {
  let ix = indexed.get(reference);
  if (ix) return ix;
  const pairs = new Map<string, [number, string][]>();
  for (const origin of Object.keys(reference.committed)) {
    const o = parseOrigin(origin);
    if (!o) continue;
    let list = pairs.get(o.stream);
    if (!list) pairs.set(o.stream, (list = []));
    list.push([o.offset, origin]);
  }
  const byStream = new Map<string, { offsets: number[]; origins: string[] }>();
  for (const [stream, list] of pairs) {
    list.sort((a, b) => a[0] - b[0]);
    byStream.set(stream, { offsets: list.map((p) => p[0]), origins: list.map((p) => p[1]) });
  }
  ix = { byStream };
  indexed.set(reference, ix);
  return ix;
}

/** How many of the sorted `offsets` are below `limit`. */
function countBelow(offsets: readonly number[], limit: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Compares a run's sink outcome with the failure-free run's (pure). */
export function compareSinkOutcomes(run: SinkOutcome, reference: SinkOutcome): ExactlyOnceVerdict {
  const ref = referenceIndex(reference);
  const limit = (stream: string): number => Math.min(run.settled[stream] ?? 0, reference.settled[stream] ?? 0);
  // The reference's records inside the compared range: per stream, those below its limit.
  let compared = 0;
  for (const [stream, { offsets }] of ref.byStream) compared += countBelow(offsets, limit(stream));
  // One pass over the run's deliveries: which of the compared records it delivered (once or more),
  // its extra copies, and what lies beyond the compared range.
  let present = 0;
  let correct = 0;
  let duplicated = 0;
  let notCompared = 0;
  const duplicatedOrigins: string[] = [];
  const limits = new Map<string, number>();
  for (const origin of Object.keys(run.committed)) {
    const n = run.committed[origin]!;
    const refN = reference.committed[origin];
    const extra = n - Math.max(1, refN ?? 0);
    if (extra > 0) {
      duplicated += extra;
      duplicatedOrigins.push(origin);
    }
    const o = parseOrigin(origin);
    let lim = o ? limits.get(o.stream) : undefined;
    if (o && lim === undefined) limits.set(o.stream, (lim = limit(o.stream)));
    if (!o || o.offset >= lim!) notCompared += 1;
    else if (refN !== undefined && n !== 0) {
      present += 1;
      if (n === 1) correct += 1;
    }
  }
  // Lost records are rare: only then walk the compared range to name them.
  const lostOrigins: string[] = [];
  if (present < compared) {
    for (const [stream, { offsets, origins }] of ref.byStream) {
      const k = countBelow(offsets, limit(stream));
      for (let i = 0; i < k; i++) if ((run.committed[origins[i]!] ?? 0) === 0) lostOrigins.push(origins[i]!);
    }
  }
  lostOrigins.sort();
  duplicatedOrigins.sort();
  return { exactlyOnce: lostOrigins.length === 0 && duplicated === 0, compared, correct, lost: lostOrigins.length, duplicated, notCompared, lostOrigins, duplicatedOrigins };
}

/** The verdict for an engine state (e.g. the one at the cursor) against the failure-free run's outcome. */
export function exactlyOnceVerdict(run: Readonly<EngineState>, reference: SinkOutcome): ExactlyOnceVerdict {
  return compareSinkOutcomes(sinkOutcome(run), reference);
}
