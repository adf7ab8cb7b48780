/**
 * `DefaultCompletedCheckpointStore#shutdown(jobStatus)` when the job reaches a globally terminal
 * state (CANCELED here): every retained checkpoint that `shouldBeDiscardedOnShutdown` leaves the
 * store, and the shared state of the discarded ones is released — ≥ 1.15 by
 * `unregisterUnusedState(lowestRetained)` over the checkpoints kept (Long.MAX_VALUE when none
 * is), ≤ 1.14 by one `unregisterReference` per key of each discarded checkpoint. Entries created
 * by a restored, unclaimed snapshot stay protected: they are only released, never deleted.
 */
import { recordDiscards, type DiscardedFile, type RegistryOutcome } from './discardedFile';
import { unregisterUnusedState } from './lastUsedIdModel';
import { unregisterReference } from './refCountModel';
import { getEntry } from './sharedStateRegistry';
import { removeRetainedBy } from './sharedStateEntry';
import type { SharedStateRegistry } from './sharedStateRegistry';

/**
 * The job is cancelled: `discardedIds` are the retained checkpoints whose properties discard
 * them on cancellation; the others are kept (externalized, or owned by someone else). Pending
 * checkpoints must have been aborted first. Savepoints never registered and are not passed.
 */
export function onJobCancelled(reg: SharedStateRegistry, discardedIds: readonly number[]): RegistryOutcome {
  const where = `onJobCancelled([${discardedIds.join(', ')}])`;
  const pending = reg.checkpoints.filter((c) => c.status === 'pending').map((c) => c.checkpointId);
  if (pending.length > 0) throw new Error(`${where}: pending checkpoints ${pending.join(', ')} must be aborted before the store shuts down`);
  for (const id of discardedIds) {
    if (!reg.checkpoints.some((c) => c.checkpointId === id)) throw new Error(`${where}: ${id} is not a retained checkpoint`);
  }
  const discarded = reg.checkpoints.filter((c) => discardedIds.includes(c.checkpointId));
  const kept = reg.checkpoints.filter((c) => !discardedIds.includes(c.checkpointId));
  const at = reg.highestCompletedCheckpointId ?? 0;
  const out: DiscardedFile[] = [];
  for (const use of discarded) {
    reg.checkpoints.splice(reg.checkpoints.indexOf(use), 1);
    for (const h of use.files) {
      if (reg.model === 'refcount') {
        const d = unregisterReference(reg, h.key, use.checkpointId, at);
        if (d !== null) out.push({ ...d, flinkRef: 'DefaultCompletedCheckpointStore#shutdown → SharedStateRegistry#unregisterReference' });
      } else {
        const e = getEntry(reg, h.key);
        if (e !== null) removeRetainedBy(e, use.checkpointId);
      }
    }
  }
  if (reg.model === 'last-used-id') {
    // Kept checkpoints still hold their files; with none kept every entry is unused.
    const lowest = kept.length > 0 ? Math.min(...kept.map((c) => c.checkpointId)) : Number.MAX_SAFE_INTEGER;
    out.push(...unregisterUnusedState(reg, lowest, at).map((d) => ({ ...d, flinkRef: 'DefaultCompletedCheckpointStore#shutdown → SharedStateRegistryImpl#unregisterUnusedState' })));
  }
  return recordDiscards(reg.discarded, out, discarded.map((c) => c.checkpointId));
}
