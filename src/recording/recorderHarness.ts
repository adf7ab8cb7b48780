/** What the RecorderCore tests share: a recorder whose chunks rebuild a page-side mirror. */
import { DEFAULT_SCENARIO, Timeline } from '../engine';
import { RecorderCore, unpackChunk, type RecordingChunk } from './recorderCore';

/** A recorder on a fake clock (one tick per look) whose pauses are real macrotask turns. */
export function harness(epochFilter?: () => number, maxChunkSteps?: number, sliceMs = 4, pieceWeight?: number, keyframesDenser?: number) {
  const received: RecordingChunk[] = [];
  let tick = 0;
  const mirror = { current: Timeline.mirror(DEFAULT_SCENARIO, { keyframeEvery: 32 }) };
  const core = new RecorderCore(
    (c) => {
      received.push(c);
      if (!epochFilter || c.epoch === epochFilter()) mirror.current.receive(unpackChunk(c.chunk));
    },
    { keyframeEvery: 32, keyframeGap: 96, sliceMs, firstSliceMs: 1, stepsPerCheck: 16, maxChunkSteps, pieceWeight, keyframesDenser, seekSliceMs: 4, now: () => tick++, pause: () => new Promise((r) => setTimeout(r, 0)) },
  );
  const settled = async () => {
    while (!received.at(-1)?.chunk.done) await new Promise((r) => setTimeout(r, 0));
  };
  return { core, received, mirror, settled };
}

