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

/** Compares a run's sink outcome with the failure-free run's (pure). */
export function compareSinkOutcomes(run: SinkOutcome, reference: SinkOutcome): ExactlyOnceVerdict {
  const inRange = (origin: string): boolean => {
    const o = parseOrigin(origin);
    return !!o && o.offset < Math.min(run.settled[o.stream] ?? 0, reference.settled[o.stream] ?? 0);
  };
  let compared = 0;
  let correct = 0;
  const lostOrigins: string[] = [];
  for (const origin of Object.keys(reference.committed)) {
    if (!inRange(origin)) continue;
    compared += 1;
    const n = run.committed[origin] ?? 0;
    if (n === 0) lostOrigins.push(origin);
    else if (n === 1) correct += 1;
  }
  let duplicated = 0;
  let notCompared = 0;
  const duplicatedOrigins: string[] = [];
  for (const [origin, n] of Object.entries(run.committed)) {
    const extra = n - Math.max(1, reference.committed[origin] ?? 0);
    if (extra > 0) {
      duplicated += extra;
      duplicatedOrigins.push(origin);
    }
    if (!inRange(origin)) notCompared += 1;
  }
  lostOrigins.sort();
  duplicatedOrigins.sort();
  return { exactlyOnce: lostOrigins.length === 0 && duplicated === 0, compared, correct, lost: lostOrigins.length, duplicated, notCompared, lostOrigins, duplicatedOrigins };
}

/** The verdict for an engine state (e.g. the one at the cursor) against the failure-free run's outcome. */
export function exactlyOnceVerdict(run: Readonly<EngineState>, reference: SinkOutcome): ExactlyOnceVerdict {
  return compareSinkOutcomes(sinkOutcome(run), reference);
}
