/**
 * The last-used-checkpoint-id registry of Flink ≥ 1.15 (`SharedStateRegistryImpl`). Every
 * acknowledgement registers its shared handles, even for checkpoints that later fail, which moves
 * each file's `lastUsedCheckpointID` forward. Nothing is decremented: after each completed
 * checkpoint, `unregisterUnusedState(lowestRetained)` drops every file last used below the lowest
 * retained checkpoint, because no retained checkpoint, and no future one, can reference it.
 */
import { discardOfEntry, discardOfHandle, type DiscardedFile } from './discardedFile';
import type { SharedFileHandle } from './sharedFileHandle';
import { newSharedStateEntry, type SharedStateEntry } from './sharedStateEntry';
import {
  getEntry,
  listEntries,
  putEntry,
  removeEntry,
  type SharedStateRegistry,
} from './sharedStateRegistry';

/** What registering one handle did. */
export interface LastUsedRegistration {
  /** The entry now registered under the key: the caller uses its path, not the handle's. */
  entry: SharedStateEntry;
  /** The copy given up when two different uploads met under one key, else null. */
  discarded: DiscardedFile | null;
}

/**
 * `SharedStateRegistryImpl#registerReference`: a new key becomes an entry created and last used by
 * `checkpointId`; a placeholder or the same file again keeps the first-registered handle and only
 * advances `lastUsedCheckpointId` to the max. A placeholder for an unknown key is a bug.
 *
 * A *different* upload under an existing key can only happen with file-name keys (Flink ≤ 1.17;
 * with path keys, ≥ 1.18 throws instead). The registry resolves it as 1.15–1.17 did: if the entry
 * is confirmed (a completed checkpoint uses it) the new copy is dropped; otherwise the old copy is
 * dropped and the new one takes its place. Unlike Flink, the swapped-in copy records its own
 * creating checkpoint, so it never inherits a restored file's protection, and a copy that a
 * retained checkpoint uses always counts as confirmed.
 */
export function registerReference(
  reg: SharedStateRegistry,
  handle: SharedFileHandle,
  checkpointId: number,
): LastUsedRegistration {
  const entry = getEntry(reg, handle.key);
  if (entry === null) {
    if (handle.placeholder) {
      throw new Error(
        `registerReference: checkpoint ${checkpointId} references unknown state ${handle.key} (placeholder for ${handle.path}); it was never registered or is already deleted`,
      );
    }
    const created = newSharedStateEntry(
      handle,
      checkpointId,
      false,
      checkpointId <= reg.highestNotClaimedCheckpointId,
    );
    putEntry(reg, created);
    return { entry: created, discarded: null };
  }
  let discarded: DiscardedFile | null = null;
  if (!handle.placeholder && handle.path !== entry.path) {
    const flinkRef = 'SharedStateRegistryImpl#registerReference (Flink 1.15–1.17 de-duplication)';
    // Flink checked only `confirmed`, which misses an entry whose last use moved past the
    // checkpoint that completed with it (FLINK-29913); a copy a retained checkpoint uses is kept too.
    if (entry.confirmed || entry.retainedBy.length > 0) {
      discarded = discardOfHandle(handle, {
        reason: 'duplicate-upload',
        atCheckpointId: checkpointId,
        flinkRef,
      });
    } else {
      discarded = discardOfEntry(entry, {
        reason: 'replaced-unconfirmed-upload',
        atCheckpointId: checkpointId,
        flinkRef,
      });
      entry.path = handle.path;
      entry.sizeBytes = handle.sizeBytes;
      entry.task = handle.task;
      entry.localName = handle.localName;
      entry.createdByCheckpointId = checkpointId;
      entry.protected = checkpointId <= reg.highestNotClaimedCheckpointId;
    }
  }
  entry.lastUsedCheckpointId = Math.max(entry.lastUsedCheckpointId, checkpointId);
  return { entry, discarded };
}

/**
 * `SharedStateRegistryImpl#checkpointCompleted`. Flink 1.15–1.17 marks every entry last used by
 * the completed checkpoint as confirmed (which decides the de-duplication above); ≥ 1.18 does
 * nothing here because path keys cannot collide, so the flag is then never read.
 */
export function checkpointCompleted(reg: SharedStateRegistry, checkpointId: number): void {
  for (const e of Object.values(reg.entries)) {
    if (e.lastUsedCheckpointId === checkpointId) e.confirmed = true;
  }
}

/**
 * `SharedStateRegistryImpl#unregisterUnusedState(lowestCheckpointID)`: removes every entry last
 * used below the lowest retained checkpoint. Its file is returned for deletion unless it was
 * created by a restored, unclaimed checkpoint (`createdByCheckpointID <=
 * highestNotClaimedCheckpointID`), which is only released. Flink also returns the restored
 * checkpoints still in use (for changelog/native-savepoint CLAIM cleanup); that is not modelled.
 */
export function unregisterUnusedState(
  reg: SharedStateRegistry,
  lowestCheckpointId: number,
  atCheckpointId: number,
): DiscardedFile[] {
  const out: DiscardedFile[] = [];
  for (const e of listEntries(reg)) {
    if (e.lastUsedCheckpointId >= lowestCheckpointId) continue;
    if (e.retainedBy.length > 0) {
      throw new Error(
        `unregisterUnusedState(${lowestCheckpointId}): ${e.key} was last used by checkpoint ${e.lastUsedCheckpointId} but retained checkpoint(s) ${e.retainedBy.join(', ')} still reference it`,
      );
    }
    removeEntry(reg, e.key);
    out.push(
      discardOfEntry(e, {
        reason: 'unused-below-lowest-retained',
        atCheckpointId,
        lowestRetainedCheckpointId: lowestCheckpointId,
        flinkRef: 'SharedStateRegistryImpl#unregisterUnusedState',
      }),
    );
  }
  return out;
}
