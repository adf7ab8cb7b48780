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
import type { OffsetRuns } from '../job/sink/seenRuns';
import { sinkOutcome, type SinkOutcome } from './sinkOutcome';

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
 * Walks two streams' runs side by side: `fn` gets every range [from, to) over which both counts
 * stay the same, with the run's count and the reference's (0 where one has nothing), in order of
 * offset; ranges where neither has anything are skipped. Its cost is the number of runs, not of
 * records: a run without failures is one run per stream, so the verdict at the cursor (recomputed
 * for every step a view shows) no longer grows with the records delivered, and the reference needs
 * no index of its own (it held every record of the scenario: 284,000 in a 142 s cut of the scale run).
 */
function overlay(a: OffsetRuns, b: OffsetRuns, fn: (from: number, to: number, n: number, r: number) => void): void {
  let i = 0;
  let j = 0;
  let at = Number.NEGATIVE_INFINITY;
  while (i < a.length || j < b.length) {
    const aFrom = i < a.length ? a[i]! : Number.POSITIVE_INFINITY;
    const bFrom = j < b.length ? b[j]! : Number.POSITIVE_INFINITY;
    const from = Math.max(at, Math.min(aFrom, bFrom));
    const n = aFrom <= from ? a[i + 2]! : 0;
    const r = bFrom <= from ? b[j + 2]! : 0;
    const to = Math.min(n > 0 ? a[i + 1]! : aFrom, r > 0 ? b[j + 1]! : bFrom);
    fn(from, to, n, r);
    at = to;
    if (n > 0 && to === a[i + 1]) i += 3;
    if (r > 0 && to === b[j + 1]) j += 3;
  }
}

function pushOrigins(out: string[], stream: string, from: number, to: number): void {
  for (let o = from; o < to; o++) out.push(`${stream}${o}`);
}

/** Compares a run's sink outcome with the failure-free run's (pure). */
export function compareSinkOutcomes(run: SinkOutcome, reference: SinkOutcome): ExactlyOnceVerdict {
  let compared = 0;
  let correct = 0;
  let duplicated = 0;
  let notCompared = 0;
  const lostOrigins: string[] = [];
  const duplicatedOrigins: string[] = [];
  const streams = new Set([...Object.keys(run.committed), ...Object.keys(reference.committed)]);
  for (const stream of streams) {
    const limit = Math.min(run.settled[stream] ?? 0, reference.settled[stream] ?? 0);
    overlay(run.committed[stream] ?? [], reference.committed[stream] ?? [], (from, to, n, r) => {
      // The part inside the compared range, and the part beyond it.
      const inTo = Math.min(to, limit);
      const inside = Math.max(0, inTo - from);
      if (r > 0 && inside > 0) {
        compared += inside;
        if (n === 0) pushOrigins(lostOrigins, stream, from, inTo);
        else if (n === 1) correct += inside;
      }
      if (n === 0) return;
      notCompared += to - from - inside;
      // Every copy beyond the reference's own (or beyond one) is a duplicate, inside the range or not.
      const extra = n - Math.max(1, r);
      if (extra > 0) {
        duplicated += extra * (to - from);
        pushOrigins(duplicatedOrigins, stream, from, to);
      }
    });
  }
  lostOrigins.sort();
  duplicatedOrigins.sort();
  return { exactlyOnce: lostOrigins.length === 0 && duplicated === 0, compared, correct, lost: lostOrigins.length, duplicated, notCompared, lostOrigins, duplicatedOrigins };
}

/** The verdict for an engine state (e.g. the one at the cursor) against the failure-free run's outcome. */
export function exactlyOnceVerdict(run: Readonly<EngineState>, reference: SinkOutcome): ExactlyOnceVerdict {
  return compareSinkOutcomes(sinkOutcome(run), reference);
}
