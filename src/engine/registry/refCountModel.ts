/**
 * The reference-count registry of Flink ≤ 1.14 (`SharedStateRegistry` with `Result` and
 * `referenceCount`), the model seed 002 teaches. Only completed checkpoints register: the
 * coordinator registers a checkpoint's handles just before adding it to the completed store, and a
 * subsumed checkpoint's discard unregisters them. A checkpoint that never completes was never
 * registered, so its new uploads are deleted directly with its state.
 */
import {
  discardOfEntry,
  discardOfHandle,
  type DiscardedFile,
  type DiscardReason,
} from './discardedFile';
import type { SharedFileHandle } from './sharedFileHandle';
import {
  addRetainedBy,
  newSharedStateEntry,
  removeRetainedBy,
  type SharedStateEntry,
} from './sharedStateEntry';
import { getEntry, putEntry, removeEntry, type SharedStateRegistry } from './sharedStateRegistry';

/** What registering one handle did. */
export interface CountedRegistration {
  entry: SharedStateEntry;
  /** A different copy under an already registered key: dropped in favour of the registered one. */
  discarded: DiscardedFile | null;
}

/**
 * `SharedStateRegistry#registerReference` (≤ 1.14): a new key enters with count 1; an existing key
 * gains one reference, and if the handle is a different upload than the registered one, that new
 * copy is deleted and the registered handle is used instead (the de-duplication of re-uploads after
 * a late completion notice). A placeholder for an unknown key is a bug, as in Flink.
 */
export function registerReferenceCounted(
  reg: SharedStateRegistry,
  handle: SharedFileHandle,
  checkpointId: number,
): CountedRegistration {
  let entry = getEntry(reg, handle.key);
  let discarded: DiscardedFile | null = null;
  if (entry === null) {
    if (handle.placeholder) {
      throw new Error(
        `registerReference: checkpoint ${checkpointId} references unknown state ${handle.key} (placeholder for ${handle.path}); it was never registered or is already deleted`,
      );
    }
    entry = newSharedStateEntry(
      handle,
      checkpointId,
      true,
      checkpointId <= reg.highestNotClaimedCheckpointId,
    );
    putEntry(reg, entry);
  } else if (!handle.placeholder && handle.path !== entry.path) {
    discarded = discardOfHandle(handle, {
      reason: 'duplicate-upload',
      atCheckpointId: checkpointId,
      flinkRef: 'SharedStateRegistry#registerReference',
    });
  }
  if (!addRetainedBy(entry, checkpointId)) {
    throw new Error(
      `registerReference: checkpoint ${checkpointId} already holds a reference to ${handle.key}`,
    );
  }
  entry.referenceCount = (entry.referenceCount ?? 0) + 1;
  entry.lastUsedCheckpointId = Math.max(entry.lastUsedCheckpointId, checkpointId);
  // Registration happens only at completion in this model, so every entry is confirmed.
  entry.confirmed = true;
  return { entry, discarded };
}

/**
 * `SharedStateRegistry#unregisterReference` (≤ 1.14), called for each key of a subsumed
 * checkpoint (`CompletedCheckpoint#discardOnSubsume`): one reference less; at 0 the entry leaves
 * the registry and its file is returned for deletion (or only released, when protected).
 */
export function unregisterReference(
  reg: SharedStateRegistry,
  key: string,
  subsumedCheckpointId: number,
  atCheckpointId: number,
): DiscardedFile | null {
  const entry = getEntry(reg, key);
  if (entry === null) {
    throw new Error(
      `unregisterReference: cannot release ${key} for subsumed checkpoint ${subsumedCheckpointId}: it is not registered`,
    );
  }
  if (!removeRetainedBy(entry, subsumedCheckpointId)) {
    throw new Error(
      `unregisterReference: checkpoint ${subsumedCheckpointId} holds no reference to ${key} (held by ${entry.retainedBy.join(', ') || 'none'})`,
    );
  }
  entry.referenceCount = (entry.referenceCount ?? 1) - 1;
  if (entry.referenceCount > 0) return null;
  removeEntry(reg, key);
  return discardOfEntry(entry, {
    reason: 'reference-count-zero',
    atCheckpointId,
    subsumedCheckpointId,
    flinkRef: 'SharedStateRegistry#unregisterReference',
  });
}

/**
 * `IncrementalRemoteKeyedStateHandle#discardState` of a handle that was never registered (≤ 1.14):
 * its new uploads are deleted directly; placeholders point at other checkpoints' files and are
 * left alone. Used for aborted checkpoints and for acknowledgements that arrive too late.
 */
export function discardUnregisteredUploads(
  reg: SharedStateRegistry,
  handles: readonly SharedFileHandle[],
  checkpointId: number,
  reason: Extract<DiscardReason, 'aborted-checkpoint' | 'late-acknowledgement'>,
): DiscardedFile[] {
  const flinkRef =
    reason === 'aborted-checkpoint'
      ? 'PendingCheckpoint#abort → IncrementalRemoteKeyedStateHandle#discardState'
      : 'CheckpointCoordinator#discardSubtaskState';
  const out: DiscardedFile[] = [];
  for (const h of handles) {
    if (h.placeholder) continue;
    // Never delete the registered copy itself (it would only match if a task re-sent it as new).
    if (getEntry(reg, h.key)?.path === h.path) continue;
    out.push(discardOfHandle(h, { reason, atCheckpointId: checkpointId, flinkRef }));
  }
  return out;
}
