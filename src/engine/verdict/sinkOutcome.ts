/**
 * What a run has delivered downstream, reduced to what the exactly-once verdict compares: how
 * often each record became visible (by origin), and, per input stream, how far the run has
 * settled: below that offset every record has been read and is no longer on its way (in a
 * channel, held back by alignment, or in an open or pre-committed transaction), so it either
 * reached the output by now or never will in this run.
 */
import { arrivingRecords } from '../dataflow/networkBuffers';
import type { EngineState } from '../state';
import { transactionsOf } from '../job/sink/externalTransactions';

export interface SinkOutcome {
  /** How many times each record became visible downstream, by origin (`p<i>:g<offset>`, `p<i>:l<offset>`). */
  committed: Record<string, number>;
  /** Per input stream (`p<i>:g` generator, `p<i>:l` script log): the settled offset (see above). */
  settled: Record<string, number>;
}

/** An origin split into its stream and offset; null if it is not an origin. */
export function parseOrigin(origin: string): { stream: string; offset: number } | null {
  // By character codes, not a regular expression: the verdict parses every delivered record's
  // origin each time the cursor moves (exactlyOnce.ts), and the regex was most of that cost.
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
    if (txn.status === 'open' || txn.status === 'pre-committed') for (const r of txn.records) onTheirWay.push(r.origin);
  }
  for (const origin of onTheirWay) {
    const o = parseOrigin(origin);
    if (o && o.offset < (settled[o.stream] ?? 0)) settled[o.stream] = o.offset;
  }
  // A recorded step's state is frozen: its counts cannot change, so they need no copy (a copy per
  // call was one more pass over every record delivered so far, each time the cursor moved).
  const seen = job.output.seen;
  return { committed: Object.isFrozen(seen) ? seen : { ...seen }, settled };
}
