/**
 * The parts of the engine state that never change again, sealed (frozen, and shared by every
 * later clone instead of copied): a finished checkpoint's per-subtask statistics and file lists,
 * a closed transaction (its records packed), the registry's log of discarded files. They grow with every
 * checkpoint; unsealed, every keyframe and every `Timeline.stateAt` (each frame while playing)
 * copied and froze all of them again (at the scale run's 64th checkpoint the history alone was
 * half of a 20 ms copy, and it grows with every checkpoint).
 *
 * The engine seals them as they finish (completeCheckpoint and abortCheckpoint through
 * `sealFinishedCheckpoint`, endTransaction,
 * recordDiscards). A state rebuilt from a keyframe that crossed from the Web Worker as text has
 * lost that mark, so `Simulation.fromSnapshot` seals it again here, once per keyframe read.
 */
import { finishedCheckpointParts } from './coordinator/coordinatorState';
import type { EngineState } from './state';
import { sealPlain } from './core/plainData';

export function sealFinished(s: EngineState): void {
  for (const part of finishedParts(s)) sealPlain(part);
}

/**
 * What `sealFinished` seals, one value at a time, for a caller that seals a big state in slices
 * (the page, decoding a seek's keyframe: recording/keyframeDecode.ts decodeInSlices).
 */
export function* finishedParts(s: EngineState): Generator<object> {
  for (const h of s.coordinator.history) if (h.status !== 'IN_PROGRESS') yield* finishedCheckpointParts(h);
  for (const t of s.job.output.transactions ?? []) if (t.status === 'committed' || t.status === 'aborted') yield t;
  for (const d of s.registry.discarded) yield d;
}
