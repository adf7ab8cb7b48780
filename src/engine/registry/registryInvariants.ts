/**
 * Consistency checks over a registry record (the `lsmInvariants` of this folder): empty when the
 * registry is sound. Tests run it after every step; a view can show it while debugging.
 */
import {
  getEntry,
  listEntries,
  type SharedStateRegistry,
} from './sharedStateRegistry';

/** Every broken invariant of `SharedStateRegistry` data, as readable sentences. */
export function registryInvariantViolations(reg: SharedStateRegistry): string[] {
  const out: string[] = [];
  // Kept savepoints (≤ 1.14) hold references as retained checkpoints do.
  const retained = reg.checkpoints.filter((c) => c.status !== 'pending').map((c) => c.checkpointId);
  for (let i = 1; i < reg.checkpoints.length; i++) {
    if (reg.checkpoints[i - 1]!.checkpointId >= reg.checkpoints[i]!.checkpointId) {
      out.push(`checkpoints are not in ascending id order at index ${i}`);
    }
  }
  for (const e of listEntries(reg)) {
    if (e.lastUsedCheckpointId < e.createdByCheckpointId) {
      out.push(
        `${e.key}: last used ${e.lastUsedCheckpointId} < created by ${e.createdByCheckpointId}`,
      );
    }
    for (const id of e.retainedBy) {
      if (!retained.includes(id))
        out.push(`${e.key}: retainedBy ${id} is not a retained checkpoint`);
      if (id > e.lastUsedCheckpointId)
        out.push(`${e.key}: retainedBy ${id} > last used ${e.lastUsedCheckpointId}`);
    }
    if (e.protected !== e.createdByCheckpointId <= reg.highestNotClaimedCheckpointId) {
      out.push(
        `${e.key}: protected=${e.protected} disagrees with created by ${e.createdByCheckpointId}`,
      );
    }
    if (reg.model === 'refcount') {
      if (e.referenceCount !== e.retainedBy.length) {
        out.push(
          `${e.key}: reference count ${String(e.referenceCount)} ≠ ${e.retainedBy.length} retained users`,
        );
      }
      if (e.retainedBy.length === 0) out.push(`${e.key}: registered with no reference`);
    } else if (e.referenceCount !== null) {
      out.push(`${e.key}: the last-used-id model keeps no reference count`);
    }
  }
  for (const c of reg.checkpoints) {
    if (c.status === 'pending') continue;
    for (const f of c.files) {
      const e = getEntry(reg, f.key);
      if (e === null)
        out.push(`retained checkpoint ${c.checkpointId} references unregistered ${f.key}`);
      else if (!e.retainedBy.includes(c.checkpointId)) {
        out.push(`${f.key}: retainedBy lacks checkpoint ${c.checkpointId} that references it`);
      }
    }
  }
  return out;
}
