/**
 * `SharedStateRegistryImpl#registerAllAfterRestored` via `CompletedCheckpoint
 * #registerSharedStatesAfterRestored`: a job starting from a checkpoint (or savepoint) loads it
 * into its completed store and registers its shared files. The restore mode decides ownership:
 *   CLAIM:    the job owns the snapshot; its files age out like the job's own.
 *   NO_CLAIM: the job never deletes them (FLIP-193), so the snapshot stays usable by others.
 *   LEGACY:   (deprecated) protected like NO_CLAIM in the registry, though Flink would still
 *             discard the snapshot's private files.
 * Simplifications: Flink ≥ 1.18 does not register an unclaimed (NO_CLAIM) snapshot at all and
 * forces the first checkpoint to be full; here its files are registered as protected, so the UI
 * can explain why they survive, with the same outcome (the job never deletes them). Flink ≤ 1.14
 * had no restore modes; the refcount model honours them anyway so scenarios compare like for like.
 */
import { recordDiscards, type DiscardedFile, type RegistryOutcome } from './discardedFile';
import { registerReference } from './lastUsedIdModel';
import { registerReferenceCounted } from './refCountModel';
import {
  checkCheckpointId,
  checkSharedFileHandle,
  type SharedFileHandle,
} from './sharedFileHandle';
import { addRetainedBy } from './sharedStateEntry';
import {
  findCheckpoint,
  insertCheckpoint,
  pendingCheckpointIds,
  type RestoreMode,
  type SharedStateRegistry,
} from './sharedStateRegistry';

/**
 * Registers the shared files of restored checkpoint `checkpointId` and retains it (it is now in
 * the completed store; a later completion subsumes it like any other). Not for savepoints of the
 * running job: only for the snapshot a job starts from.
 */
export function registerRestored(
  reg: SharedStateRegistry,
  checkpointId: number,
  files: readonly SharedFileHandle[],
  mode: RestoreMode,
  /** 'registered-savepoint': a savepoint under Flink ≤ 1.14, whose references are never released (see `SnapshotKind`). */
  kind: 'checkpoint' | 'registered-savepoint' = 'checkpoint',
): RegistryOutcome {
  const where = `registerRestored(${checkpointId}, ${mode})`;
  checkCheckpointId(checkpointId, where);
  if (mode !== 'CLAIM' && mode !== 'NO_CLAIM' && mode !== 'LEGACY') {
    throw new RangeError(
      `${where}: mode must be CLAIM, NO_CLAIM or LEGACY, got ${JSON.stringify(mode)}`,
    );
  }
  for (const h of files) {
    checkSharedFileHandle(h, where);
    if (h.placeholder) {
      throw new Error(
        `${where}: a completed checkpoint holds no placeholders, but ${h.path} is one`,
      );
    }
  }
  if (
    findCheckpoint(reg, checkpointId) !== null ||
    reg.abortedCheckpointIds.includes(checkpointId)
  ) {
    throw new Error(`${where}: checkpoint ${checkpointId} is already known to this registry`);
  }
  const pending = pendingCheckpointIds(reg);
  if (pending.length > 0) {
    throw new Error(
      `${where}: restore happens before new checkpoints, but ${pending.join(', ')} are pending`,
    );
  }
  // Raised before registering so the restored entries are created protected; in CLAIM mode the
  // job owns the files and nothing is raised (Flink: `highestNotClaimedCheckpointID`).
  if (mode !== 'CLAIM') {
    reg.highestNotClaimedCheckpointId = Math.max(reg.highestNotClaimedCheckpointId, checkpointId);
    for (const e of Object.values(reg.entries)) {
      if (e.createdByCheckpointId <= reg.highestNotClaimedCheckpointId) e.protected = true;
    }
  }
  const use = {
    checkpointId,
    status: 'retained' as const,
    restoredMode: mode,
    files: [] as SharedFileHandle[],
    ...(kind === 'registered-savepoint' ? { savepoint: true as const } : {}),
  };
  const discards: DiscardedFile[] = [];
  for (const h of files) {
    if (use.files.some((f) => f.key === h.key)) continue;
    use.files.push({ ...h });
    if (reg.model === 'refcount') {
      const r = registerReferenceCounted(reg, h, checkpointId);
      if (r.discarded !== null) discards.push(r.discarded);
    } else {
      const r = registerReference(reg, h, checkpointId);
      if (r.discarded !== null) discards.push(r.discarded);
      addRetainedBy(r.entry, checkpointId);
    }
  }
  insertCheckpoint(reg, use);
  reg.highestCompletedCheckpointId = Math.max(reg.highestCompletedCheckpointId ?? 0, checkpointId);
  return recordDiscards(reg.discarded, discards);
}
