/** "Next event of this kind": the kinds a user can jump between, and the search over the timeline. */
import type { EngineEvent, Timeline } from '../engine';

export const JUMP_KINDS = {
  checkpoint: (e: EngineEvent) => e.type === 'checkpoint.triggered',
  barrier: (e: EngineEvent) => e.type.startsWith('barrier.'),
  completed: (e: EngineEvent) => e.type === 'checkpoint.completed',
  upload: (e: EngineEvent) => e.type === 'file.uploaded',
  deletion: (e: EngineEvent) => e.type === 'file.discarded',
  failure: (e: EngineEvent) => e.type === 'checkpoint.aborted' || e.type === 'restore.failed',
  restore: (e: EngineEvent) => e.type.startsWith('restore.') || e.type === 'job.running',
  // The changelog backend's two moments a class stops at: a materialization ending (or failing)
  // and the log being truncated behind it (ChangelogKeyedStateBackend#handleMaterializationResult,
  // ChangelogTruncateHelper#checkpointSubsumed).
  materialization: (e: EngineEvent) =>
    e.type === 'changelog.materialization.completed' || e.type === 'changelog.materialization.failed',
  truncation: (e: EngineEvent) => e.type === 'changelog.truncated',
} as const;

export type JumpKind = keyof typeof JUMP_KINDS;

/** The nearest position after (direction 1) or before (-1) `from` whose step has an event of `kind`, or null. */
export function findEventPosition(timeline: Timeline, from: number, kind: JumpKind, direction: 1 | -1): number | null {
  const match = JUMP_KINDS[kind];
  const records = timeline.records();
  for (let p = from + direction; p >= 1 && p <= records.length; p += direction) {
    if (records[p - 1]!.events.some(match)) return p;
  }
  return null;
}
