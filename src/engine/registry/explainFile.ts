/**
 * "Why is this file still alive?" / "why was it deleted?": the registry's facts about one shared
 * file, as data a view turns into a sentence (seed 002's point that an old file cannot be removed
 * by hand while a retained checkpoint still needs it).
 */
import type { DiscardedFile } from './discardedFile';
import { clonePlain } from '../core/plainData';
import type { SharedStateEntry } from './sharedStateEntry';
import {
  getEntry,
  listEntries,
  lowestRetainedCheckpointId,
  type RegistryModel,
  type SharedStateRegistry,
} from './sharedStateRegistry';

/** One thing that currently keeps a registered file from being deleted. */
export type KeepReason =
  /** A retained checkpoint references it (refcount: each such checkpoint holds one reference). */
  | 'referenced-by-retained-checkpoint'
  /** Last-used-id: no retained checkpoint uses it, but its last use is not below the lowest retained one. */
  | 'last-use-not-below-lowest-retained'
  /** Last-used-id: no checkpoint has completed yet, so `unregisterUnusedState` has not run. */
  | 'no-checkpoint-retained-yet'
  /** A pending checkpoint acknowledged it. */
  | 'acknowledged-by-pending-checkpoint'
  /** Restored in NO_CLAIM/LEGACY mode: the job never deletes it, it only forgets it. */
  | 'protected-restored';

/** The registry's explanation for one file; `status` says which case applies. */
export type FileExplanation =
  | {
      status: 'registered';
      model: RegistryModel;
      key: string;
      entry: SharedStateEntry;
      /** Pending checkpoints that acknowledged this key. */
      pendingCheckpointIds: number[];
      lowestRetainedCheckpointId: number | null;
      /** Whether its last use was by a checkpoint that was later aborted. */
      lastUseAborted: boolean;
      keptBy: KeepReason[];
      /**
       * When it stops being needed. Refcount: once every checkpoint in `entry.retainedBy` is
       * subsumed. Last-used-id: once the lowest retained checkpoint is above this id.
       */
      unusedOnceLowestRetainedAbove: number;
    }
  | {
      /** Refcount only: acknowledged by pending checkpoints, registered when one of them completes. */
      status: 'acknowledged';
      model: RegistryModel;
      key: string;
      path: string;
      pendingCheckpointIds: number[];
    }
  | { status: 'discarded'; model: RegistryModel; key: string; discard: DiscardedFile }
  | { status: 'unknown'; model: RegistryModel; key: string };

/** Explains the file registered (or once registered, or acknowledged) under `key`. */
export function explainFile(reg: SharedStateRegistry, key: string): FileExplanation {
  const model = reg.model;
  const pendingIds = reg.checkpoints
    .filter((c) => c.status === 'pending' && c.files.some((f) => f.key === key))
    .map((c) => c.checkpointId);
  const entry = getEntry(reg, key);
  if (entry !== null) {
    const lowest = lowestRetainedCheckpointId(reg);
    const keptBy: KeepReason[] = [];
    if (entry.retainedBy.length > 0) keptBy.push('referenced-by-retained-checkpoint');
    else if (model === 'last-used-id') {
      keptBy.push(
        lowest === null ? 'no-checkpoint-retained-yet' : 'last-use-not-below-lowest-retained',
      );
    }
    if (pendingIds.length > 0) keptBy.push('acknowledged-by-pending-checkpoint');
    if (entry.protected) keptBy.push('protected-restored');
    return {
      status: 'registered',
      model,
      key,
      entry: clonePlain(entry),
      pendingCheckpointIds: pendingIds,
      lowestRetainedCheckpointId: lowest,
      lastUseAborted: reg.abortedCheckpointIds.includes(entry.lastUsedCheckpointId),
      keptBy,
      // Refcount: the last user is the newest retained checkpoint using it, and retained
      // checkpoints are subsumed oldest first, so both models name the same checkpoint.
      unusedOnceLowestRetainedAbove: entry.lastUsedCheckpointId,
    };
  }
  if (pendingIds.length > 0) {
    const f = reg.checkpoints
      .find((c) => c.checkpointId === pendingIds[0])!
      .files.find((x) => x.key === key)!;
    return { status: 'acknowledged', model, key, path: f.path, pendingCheckpointIds: pendingIds };
  }
  for (let i = reg.discarded.length - 1; i >= 0; i--) {
    const d = reg.discarded[i]!;
    if (d.key === key) return { status: 'discarded', model, key, discard: clonePlain(d) };
  }
  return { status: 'unknown', model, key };
}

/**
 * Explains the file stored at `path` (a view starts from a file in storage). Differs from
 * `explainFile` only when two uploads shared one key: the copy that was given up is reported as
 * discarded even though its key is registered again.
 */
export function explainPath(reg: SharedStateRegistry, path: string): FileExplanation {
  const live = listEntries(reg).find((e) => e.path === path);
  if (live !== undefined) return explainFile(reg, live.key);
  for (let i = reg.discarded.length - 1; i >= 0; i--) {
    const d = reg.discarded[i]!;
    if (d.path === path)
      return { status: 'discarded', model: reg.model, key: d.key, discard: clonePlain(d) };
  }
  for (const c of reg.checkpoints) {
    const f = c.files.find((x) => x.path === path);
    if (f !== undefined) return explainFile(reg, f.key);
  }
  return { status: 'unknown', model: reg.model, key: path };
}
