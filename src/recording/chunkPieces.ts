/**
 * A slice's chunk cut into pieces of bounded size, each sent as its own message. The page takes
 * each message in a task of its own, and structured-cloning a chunk in costs its size: a 150 ms
 * slice of a big run is thousands of steps and tens of thousands of events, one task of up to
 * 80 ms of CPU on the page's thread (the scale run cut to 60 s, measured in docs/long-tasks.md).
 * Cut to at most PIECE_WEIGHT events (and steps), each piece is a few ms to take in.
 */
import type { TimelineChunk } from '../engine/timeline';

/**
 * Events (plus one per step) in a piece. Node deserializes a step's events at ~0.65 µs an event
 * (the scale run's steps, v8.deserialize); the page's thread, allocating into a growing heap, took
 * 2–4× that: 4,096 is a few ms of its thread.
 */
export const PIECE_WEIGHT = 4096;

/**
 * `c` as consecutive chunks (each starts where the previous one ends) that a mirror takes in one
 * after another to the same result as `c` at once: every piece carries the interventions and the
 * detail, a keyframe goes with the piece holding its step, and only the last piece carries the
 * failure and `done`. A chunk under the weight is returned as it is.
 */
export function chunkPieces(c: TimelineChunk, weight = PIECE_WEIGHT): TimelineChunk[] {
  const pieces: TimelineChunk[] = [];
  let from = c.from;
  let start = 0;
  let sum = 0;
  const cut = (end: number) => {
    const to = from + (end - start);
    pieces.push({
      from,
      steps: c.steps.slice(start, end),
      keyframes: c.keyframes.filter((k) => k.position > from && k.position <= to),
      interventions: c.interventions,
      failure: null,
      done: false,
      detail: c.detail,
    });
    from = to;
    start = end;
    sum = 0;
  };
  for (let i = 0; i < c.steps.length; i++) {
    sum += c.steps[i]!.events.length + 1;
    if (sum >= weight && i + 1 < c.steps.length) cut(i + 1);
  }
  if (pieces.length === 0) return [c];
  cut(c.steps.length);
  const last = pieces.at(-1)!;
  last.failure = c.failure;
  last.done = c.done;
  return pieces;
}
