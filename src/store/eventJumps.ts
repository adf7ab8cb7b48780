/** "Next event of this kind": the kinds a user can jump between, and the search over the timeline. */
import type { EngineEvent, Timeline } from '../engine';
import { runIndex } from './runIndex';

export const JUMP_KINDS = {
  checkpoint: (e: EngineEvent) => e.type === 'checkpoint.triggered',
  barrier: (e: EngineEvent) => e.type.startsWith('barrier.'),
  completed: (e: EngineEvent) => e.type === 'checkpoint.completed',
  upload: (e: EngineEvent) => e.type === 'file.uploaded',
  deletion: (e: EngineEvent) => e.type === 'file.discarded',
  // Everything that goes wrong: the job failing (an injected task failure, or too many failed
  // checkpoints: CheckpointFailureManager#handleCheckpointException), a checkpoint declined by a
  // task or aborted by the coordinator, a restore that cannot read its checkpoint, a failed DSTL
  // upload or materialization.
  failure: (e: EngineEvent) =>
    e.type === 'job.failed' ||
    e.type === 'checkpoint.declined' ||
    e.type === 'checkpoint.aborted' ||
    e.type === 'restore.failed' ||
    e.type === 'dstl.uploadFailed' ||
    e.type === 'changelog.materialization.failed',
  restore: (e: EngineEvent) => e.type.startsWith('restore.') || e.type === 'job.running',
  // The changelog backend's two moments a class stops at: a materialization ending (or failing)
  // and the log being truncated behind it (ChangelogKeyedStateBackend#handleMaterializationResult,
  // ChangelogTruncateHelper#checkpointSubsumed).
  materialization: (e: EngineEvent) =>
    e.type === 'changelog.materialization.completed' || e.type === 'changelog.materialization.failed',
  truncation: (e: EngineEvent) => e.type === 'changelog.truncated',
} as const;

export type JumpKind = keyof typeof JUMP_KINDS;

/** Every position (ascending) whose step has an event of `kind`. */
export function eventPositions(timeline: Timeline, kind: JumpKind): readonly number[] {
  const match = JUMP_KINDS[kind];
  // Extended from the steps appended since the last look (runIndex.ts): a streaming run grows.
  return runIndex<number[]>(timeline, `jump:${kind}`, () => [], (out, r, position) => {
    if (r.events.some(match)) out.push(position);
  });
}

/** In ascending `positions`, the nearest one after (direction 1) or before (-1) `from`, or null. */
export function nearestPosition(positions: readonly number[], from: number, direction: 1 | -1): number | null {
  // First index whose position is > from.
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! <= from) lo = mid + 1;
    else hi = mid;
  }
  if (direction === 1) return lo < positions.length ? positions[lo]! : null;
  const before = positions[lo - 1] === from ? lo - 2 : lo - 1;
  return before >= 0 ? positions[before]! : null;
}

/** The nearest position after (direction 1) or before (-1) `from` whose step has an event of `kind`, or null. */
export function findEventPosition(timeline: Timeline, from: number, kind: JumpKind, direction: 1 | -1): number | null {
  return nearestPosition(eventPositions(timeline, kind), from, direction);
}
