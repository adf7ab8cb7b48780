/**
 * What a run has delivered downstream, reduced to what the exactly-once verdict compares: how
 * often each record became visible (runs of offsets per input stream), and, per input stream, how far the run has
 * settled: below that offset every record has been read and is no longer on its way (in a
 * channel, held back by alignment, or in an open or pre-committed transaction), so it either
 * reached the output by now or never will in this run.
 */
import { arrivingRecords } from '../dataflow/networkBuffers';
import type { EngineState } from '../state';
import { openRecords, transactionsOf } from '../job/sink/externalTransactions';
import { copySeen, parseOrigin, type SeenRuns } from '../job/sink/seenRuns';

export { parseOrigin };

export interface SinkOutcome {
  /**
   * How many times each record became visible downstream: per input stream (`p<i>:g`, `p<i>:l`),
   * runs of offsets with their count (job/sink/seenRuns.ts), the sink output's own `seen`.
   */
  committed: SeenRuns;
  /** Per input stream (`p<i>:g` generator, `p<i>:l` script log): the settled offset (see above). */
  settled: Record<string, number>;
}

/** The sink outcome of an engine state (pure: reads the state, changes nothing). */
export function sinkOutcome(state: Readonly<EngineState>): SinkOutcome {
  const job = state.job;
  const settled: Record<string, number> = {};
  // Read positions: a partition no source holds right now (a restore in progress) has settled nothing.
  for (const p of Object.keys(job.scriptLog)) {
    settled[`${p}:g`] = 0;
    settled[`${p}:l`] = 0;
  }
  for (const src of Object.values(job.sources)) {
    for (const part of src.partitions) {
      settled[`p${part.partition}:g`] = part.offset;
      settled[`p${part.partition}:l`] = part.logOffset;
    }
  }
  const onTheirWay: string[] = [];
  for (const e of state.queue.heap) if (e.item.kind === 'record.arrive') for (const r of arrivingRecords(e.item)) onTheirWay.push(r.origin);
  // Queued at a subtask's input, or waiting for credit at a sender.
  for (const f of Object.values(job.flow)) for (const e of f.queue) if (e.kind === 'record') onTheirWay.push(e.origin);
  for (const ch of Object.values(job.channels)) for (const e of ch.outQueue) if (e.kind === 'record') onTheirWay.push(e.origin);
  for (const txn of transactionsOf(job.output)) {
    if (txn.status === 'open' || txn.status === 'pre-committed') for (const r of openRecords(txn)) onTheirWay.push(r.origin);
  }
  for (const origin of onTheirWay) {
    const o = parseOrigin(origin);
    if (o && o.offset < (settled[o.stream] ?? 0)) settled[o.stream] = o.offset;
  }
  // A recorded step's state is frozen: its counts cannot change, so they need no copy. A live
  // state's runs change in place as records become visible: the outcome gets its own.
  const seen = job.output.seen;
  return { committed: Object.isFrozen(seen) ? seen : copySeen(seen), settled };
}
