/**
 * Flink's `SharedStateRegistry` as plain data: the JobManager-side table that decides when a file
 * shared between incremental checkpoints may be deleted. One record serves both models Flink has
 * had, chosen per scenario:
 *   - 'refcount' (≤ 1.14): every retained checkpoint that uses a file holds one reference;
 *     registration happens when a checkpoint completes, release when it is subsumed.
 *   - 'last-used-id' (≥ 1.15, `SharedStateRegistryImpl`): every acknowledgement registers and
 *     advances the file's last-used checkpoint id; after each completion, files last used below
 *     the lowest retained checkpoint are dropped. Nothing is ever decremented.
 * Drive it with the functions in `checkpointLifecycle.ts` and `registerRestored.ts`.
 */
import type { DiscardedFile } from './discardedFile';
import type { SharedFileHandle } from './sharedFileHandle';
import type { SharedStateEntry } from './sharedStateEntry';

/** Which of Flink's two shared-state registries a scenario runs. */
export type RegistryModel = 'refcount' | 'last-used-id';

/** Flink's `RecoveryClaimMode` (formerly `RestoreMode`): who owns a restored snapshot's files. */
export type RestoreMode = 'CLAIM' | 'NO_CLAIM' | 'LEGACY';

/**
 * A checkpoint as the registry tracks it: `PendingCheckpoint`'s acknowledged shared handles while
 * pending, then `CompletedCheckpoint`'s while retained in the completed checkpoint store.
 */
export interface CheckpointUse {
  checkpointId: number;
  /**
   * 'kept': a savepoint of Flink ≤ 1.14 outside the completed store. It was registered like a
   * checkpoint, but a savepoint is never discarded on subsume (`CheckpointProperties
   * #discardOnSubsumed` is false for savepoints, so `CompletedCheckpoint#discardOnSubsume` does
   * nothing), so its references are never released.
   */
  status: 'pending' | 'retained' | 'kept';
  /** A savepoint registered like a checkpoint (Flink ≤ 1.14); absent for checkpoints. */
  savepoint?: true;
  /** Set for a checkpoint loaded by `registerRestored`; null for the job's own. */
  restoredMode: RestoreMode | null;
  /** Shared handles acknowledged for it, one per key, in acknowledgement order. */
  files: SharedFileHandle[];
}

/** `SharedStateRegistry`: the whole registry, plain data. */
export interface SharedStateRegistry {
  model: RegistryModel;
  /** Registered entries by `'k:' + key` (prefixed so no key is ever ordered as an integer). */
  entries: Record<string, SharedStateEntry>;
  /** Pending and retained checkpoints, ascending id. Subsumed and aborted ones are dropped. */
  checkpoints: CheckpointUse[];
  /** Aborted checkpoint ids, ascending: an acknowledgement for one of these is late. */
  abortedCheckpointIds: number[];
  /** Highest completed (or restored) checkpoint id, null before the first. */
  highestCompletedCheckpointId: number | null;
  /** `highestNotClaimedCheckpointID`: entries created at or below it are never deleted (-1: none). */
  highestNotClaimedCheckpointId: number;
  /** Every discard so far, oldest first: the answer to "why was this file deleted?". */
  discarded: DiscardedFile[];
}

/** An empty registry running `model`. */
export function createSharedStateRegistry(model: RegistryModel): SharedStateRegistry {
  if (model !== 'refcount' && model !== 'last-used-id') {
    throw new RangeError(
      `createSharedStateRegistry: model must be 'refcount' or 'last-used-id', got ${JSON.stringify(model)}`,
    );
  }
  return {
    model,
    entries: {},
    checkpoints: [],
    abortedCheckpointIds: [],
    highestCompletedCheckpointId: null,
    highestNotClaimedCheckpointId: -1,
    discarded: [],
  };
}

const slot = (key: string): string => `k:${key}`;

/** The entry registered under `key`, or null. */
export function getEntry(reg: SharedStateRegistry, key: string): SharedStateEntry | null {
  return reg.entries[slot(key)] ?? null;
}

/** All registered entries, ordered by key. */
export function listEntries(reg: SharedStateRegistry): SharedStateEntry[] {
  return Object.values(reg.entries).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Stores `entry` under its key (replacing any entry there). */
export function putEntry(reg: SharedStateRegistry, entry: SharedStateEntry): void {
  reg.entries[slot(entry.key)] = entry;
}

/** Removes the entry under `key`, returning it. */
export function removeEntry(reg: SharedStateRegistry, key: string): SharedStateEntry | null {
  const e = reg.entries[slot(key)];
  if (e === undefined) return null;
  delete reg.entries[slot(key)];
  return e;
}

/** The tracked checkpoint with this id, or null. */
export function findCheckpoint(
  reg: SharedStateRegistry,
  checkpointId: number,
): CheckpointUse | null {
  return reg.checkpoints.find((c) => c.checkpointId === checkpointId) ?? null;
}

/** Inserts a checkpoint record keeping ascending id order. */
export function insertCheckpoint(reg: SharedStateRegistry, use: CheckpointUse): void {
  const i = reg.checkpoints.findIndex((c) => c.checkpointId > use.checkpointId);
  if (i < 0) reg.checkpoints.push(use);
  else reg.checkpoints.splice(i, 0, use);
}

/** Ids of the retained checkpoints (the completed checkpoint store), ascending. */
export function retainedCheckpointIds(reg: SharedStateRegistry): number[] {
  return reg.checkpoints.filter((c) => c.status === 'retained').map((c) => c.checkpointId);
}

/** Ids of the pending checkpoints that acknowledged shared files, ascending. */
export function pendingCheckpointIds(reg: SharedStateRegistry): number[] {
  return reg.checkpoints.filter((c) => c.status === 'pending').map((c) => c.checkpointId);
}

/** `AbstractCompleteCheckpointStore#findLowest`: the lowest retained checkpoint id, or null. */
export function lowestRetainedCheckpointId(reg: SharedStateRegistry): number | null {
  return retainedCheckpointIds(reg)[0] ?? null;
}

/**
 * The shared files a retained checkpoint references, resolved to their registered copies (what
 * its `_metadata` points at once placeholders are replaced, as `registerSharedStates` does).
 */
export function checkpointSharedFiles(
  reg: SharedStateRegistry,
  checkpointId: number,
): SharedStateEntry[] {
  const use = findCheckpoint(reg, checkpointId);
  if (use === null || use.status !== 'retained') {
    throw new RangeError(
      `checkpointSharedFiles: checkpoint ${checkpointId} is not retained (retained: ${retainedCheckpointIds(reg).join(', ') || 'none'})`,
    );
  }
  return use.files.map((h) => {
    const e = getEntry(reg, h.key);
    if (e === null)
      throw new Error(
        `checkpointSharedFiles: key ${h.key} of checkpoint ${checkpointId} is not registered`,
      );
    return e;
  });
}

/** Total bytes of the registered (live, tracked) shared files. */
export function registeredBytes(reg: SharedStateRegistry): number {
  let n = 0;
  for (const e of Object.values(reg.entries)) n += e.sizeBytes;
  return n;
}
