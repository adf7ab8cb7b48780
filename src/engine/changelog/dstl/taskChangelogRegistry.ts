/**
 * Flink's `TaskChangelogRegistry` (`TaskChangelogRegistryImpl`), one per TaskManager: who may
 * delete an uploaded changelog file. A new file is tracked with one reference per change set in it;
 * each change set a writer no longer needs (truncated after materialization, or cut off) releases
 * one. At zero the JobManager can no longer come to own the file, so the TaskManager discards it.
 * Once a checkpoint using the file is confirmed, the JobManager owns it and tracking stops: from
 * then on only the JobManager's `SharedStateRegistry` deletes it.
 */

/** `TaskChangelogRegistryImpl` as plain data: file → remaining references. */
export interface TaskChangelogRegistryState {
  entries: Record<string, number>;
}

/** A new, empty registry. */
export function createTaskChangelogRegistry(): TaskChangelogRegistryState {
  return { entries: {} };
}

/** `TaskChangelogRegistry#startTracking(handle, refCount)`: refCount = change sets in the file. */
export function startTracking(
  reg: TaskChangelogRegistryState,
  file: string,
  refCount: number,
): void {
  if (!Number.isInteger(refCount) || refCount <= 0) {
    throw new RangeError(
      `TaskChangelogRegistry: initial refCount of ${file} must be larger than zero, got ${refCount}`,
    );
  }
  reg.entries[file] = refCount;
}

/** `TaskChangelogRegistry#stopTracking`: the JobManager owns `file` now; returns whether it was tracked. */
export function stopTracking(reg: TaskChangelogRegistryState, file: string): boolean {
  if (!Object.hasOwn(reg.entries, file)) return false;
  delete reg.entries[file];
  return true;
}

/** What releasing one reference did. */
export type ReleaseOutcome =
  /** The last reference went: delete the file (`scheduleDiscard`). */
  | 'discard'
  /** Other change sets in the file are still in use. */
  | 'still-referenced'
  /** Not tracked (the JobManager owns it, or it was never tracked): leave it alone. */
  | 'not-tracked';

/** `TaskChangelogRegistry#release`: one change set in `file` is no longer used. */
export function release(reg: TaskChangelogRegistryState, file: string): ReleaseOutcome {
  const count = Object.hasOwn(reg.entries, file) ? reg.entries[file] : undefined;
  if (count === undefined) return 'not-tracked';
  if (count - 1 === 0) {
    delete reg.entries[file];
    return 'discard';
  }
  reg.entries[file] = count - 1;
  return 'still-referenced';
}

/** The remaining references of `file`, or null when it is not tracked. */
export function trackedReferences(reg: TaskChangelogRegistryState, file: string): number | null {
  return Object.hasOwn(reg.entries, file) ? (reg.entries[file] ?? null) : null;
}
