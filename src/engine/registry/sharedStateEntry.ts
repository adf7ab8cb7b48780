/**
 * One row of the shared state registry: Flink's `SharedStateRegistryImpl.SharedStateEntry` (≥ 1.15)
 * and `SharedStateRegistry.SharedStateEntry` (≤ 1.14) in one record, so the UI can show either
 * model's bookkeeping for the same file.
 */
import type { SharedFileHandle } from './sharedFileHandle';

/** `SharedStateEntry`: a registered shared file and what keeps it alive. */
export interface SharedStateEntry {
  /** The `SharedStateRegistryKey`. */
  key: string;
  /** Path of the registered copy (never a placeholder: placeholders resolve to this). */
  path: string;
  sizeBytes: number;
  /** The task that uploaded the registered copy. */
  task: string;
  localName: string;
  /** `createdByCheckpointID`: the checkpoint whose registration created this entry. */
  createdByCheckpointId: number;
  /** `lastUsedCheckpointID`: the highest checkpoint id that registered this key. */
  lastUsedCheckpointId: number;
  /** The ≤ 1.14 reference count (one per retained checkpoint using the file); null in the last-used-id model. */
  referenceCount: number | null;
  /**
   * Restored in NO_CLAIM (or LEGACY) mode: the job does not own it, so it is never deleted, only
   * dropped from the registry (Flink: `createdByCheckpointID <= highestNotClaimedCheckpointID`).
   */
  protected: boolean;
  /**
   * Flink 1.15–1.17's `confirmed`: the entry was used by a checkpoint that completed. It decides
   * which copy survives when a different upload arrives under the same key.
   */
  confirmed: boolean;
  /** Ids of the retained checkpoints that reference this file, ascending ("why is it alive?"). */
  retainedBy: number[];
}

/** A new entry for `handle`, first registered by `checkpointId`. */
export function newSharedStateEntry(
  handle: SharedFileHandle,
  checkpointId: number,
  countsReferences: boolean,
  isProtected: boolean,
): SharedStateEntry {
  return {
    key: handle.key,
    path: handle.path,
    sizeBytes: handle.sizeBytes,
    task: handle.task,
    localName: handle.localName,
    createdByCheckpointId: checkpointId,
    lastUsedCheckpointId: checkpointId,
    referenceCount: countsReferences ? 0 : null,
    protected: isProtected,
    confirmed: false,
    retainedBy: [],
  };
}

/** Records that retained checkpoint `checkpointId` uses the entry (kept sorted, no duplicates). */
export function addRetainedBy(entry: SharedStateEntry, checkpointId: number): boolean {
  if (entry.retainedBy.includes(checkpointId)) return false;
  entry.retainedBy.push(checkpointId);
  entry.retainedBy.sort((a, b) => a - b);
  return true;
}

/** Records that checkpoint `checkpointId` no longer retains the entry. */
export function removeRetainedBy(entry: SharedStateEntry, checkpointId: number): boolean {
  const i = entry.retainedBy.indexOf(checkpointId);
  if (i < 0) return false;
  entry.retainedBy.splice(i, 1);
  return true;
}
