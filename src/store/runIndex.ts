/**
 * Indices over the whole recorded run (positions of an event kind, the scrubber's marks…) that
 * grow with the run instead of being rebuilt from step 1 on every change. While a recording
 * streams in, the views re-read these indices a few times a second; a rescan of the whole run
 * each time grew with the run and was, measured, the largest script cost of a chunk's update on
 * the page (docs/architecture.md). An index is kept per timeline and per name; it scans only the
 * steps appended since its last read, and starts over when steps were dropped or replaced
 * (`Timeline#truncations`: a branch, a rewritten tail).
 */
import type { StepRecord, Timeline } from '../engine';

interface Entry<T> {
  cuts: number;
  scanned: number;
  acc: T;
}

const indices = new WeakMap<Timeline, Map<string, Entry<unknown>>>();

/**
 * The index `name` of `timeline` up to its current length: `init()` for an empty run, then
 * `add(acc, record, position)` for each step (position 1-based), in order; `acc` is updated in
 * place and returned (the same object while the run only grows, so callers that memoize on it
 * must also key on the length).
 */
export function runIndex<T>(timeline: Timeline, name: string, init: () => T, add: (acc: T, record: StepRecord, position: number) => void): T {
  let byName = indices.get(timeline);
  if (!byName) indices.set(timeline, (byName = new Map()));
  let e = byName.get(name) as Entry<T> | undefined;
  if (!e || e.cuts !== timeline.truncations || e.scanned > timeline.length) {
    e = { cuts: timeline.truncations, scanned: 0, acc: init() };
    byName.set(name, e);
  }
  const records = timeline.records();
  for (let i = e.scanned; i < records.length; i++) add(e.acc, records[i]!, i + 1);
  e.scanned = records.length;
  return e.acc;
}
