import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline, digestPlain } from '../engine';
import type { TimelineChunk } from '../engine/timeline';
import { chunkPieces } from './chunkPieces';

/** The default run recorded to its end, taken as one chunk, as a worker's slice would hand it out. */
function wholeChunk(): { t: Timeline; chunk: TimelineChunk } {
  const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 32 });
  t.recordSome(Infinity);
  return { t, chunk: t.takeChunk(0) };
}

describe('chunkPieces (a slice sent to the page in messages of bounded size)', () => {
  it('cuts a chunk into consecutive pieces under the weight that a mirror takes in to the same run', () => {
    const { t, chunk } = wholeChunk();
    const pieces = chunkPieces(chunk, 500);
    expect(pieces.length).toBeGreaterThan(3);
    let end = chunk.from;
    for (const [i, p] of pieces.entries()) {
      expect(p.from).toBe(end);
      end += p.steps.length;
      const weight = p.steps.reduce((n, st) => n + st.events.length + 1, 0);
      // A piece is cut once it reaches the weight: under it by at most its last step.
      expect(weight - (p.steps.at(-1)!.events.length + 1)).toBeLessThan(500);
      for (const k of p.keyframes) expect(k.position > p.from && k.position <= end).toBe(true);
      expect(p.done).toBe(i === pieces.length - 1);
    }
    expect(end).toBe(t.length);
    expect(pieces.flatMap((p) => p.keyframes)).toEqual(chunk.keyframes);
    const mirror = Timeline.mirror(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    for (const p of pieces) mirror.receive(p);
    expect(mirror.complete).toBe(true);
    expect(mirror.length).toBe(t.length);
    for (let p = 1; p <= t.length; p++) expect(mirror.eventsAt(p)).toBe(t.eventsAt(p));
    for (const p of [0, 33, 500, t.length]) expect(digestPlain(mirror.stateAt(p))).toBe(digestPlain(t.stateAt(p)));
  });

  it('leaves a chunk under the weight, or without steps, as it is; a failure goes with the last piece only', () => {
    const { chunk } = wholeChunk();
    expect(chunkPieces(chunk, Infinity)).toEqual([chunk]);
    const empty = { ...chunk, from: chunk.steps.length, steps: [], keyframes: [] };
    expect(chunkPieces(empty, 10)).toEqual([empty]);
    const failure = { atMs: 1, step: 2, message: 'boom' };
    const pieces = chunkPieces({ ...chunk, failure }, 500);
    expect(pieces.map((p) => p.failure)).toEqual([...pieces.slice(1).map(() => null), failure]);
  });
});
