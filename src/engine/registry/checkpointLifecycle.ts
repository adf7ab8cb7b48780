/**
 * The one interface through which the coordinator drives the shared state registry, whichever
 * model the scenario runs. Each call mirrors a moment in `CheckpointCoordinator` and returns what
 * happened: the files to delete (with reasons) and the files merely released. The coordinator
 * performs the deletions (`deleteFile`) and records the events.
 *
 * Where the two models differ:
 *   acknowledged: refcount remembers the handles (as `PendingCheckpoint` does); last-used-id also
 *                 registers them at once (`receiveAcknowledgeMessage` → `registerSharedStates`).
 *   completed:    refcount registers the checkpoint's handles (one reference per file), then
 *                 releases the references of subsumed checkpoints; last-used-id runs
 *                 `checkpointCompleted`, forgets the subsumed ones, then
 *                 `unregisterUnusedState(lowest retained)`.
 *   aborted:      refcount deletes the checkpoint's new uploads now (they were never registered);
 *                 last-used-id deletes nothing: they go at a later `unregisterUnusedState`.
 * Savepoints ('savepoint') never touch the registry from 1.15 on. In Flink ≤ 1.14 a savepoint
 * ('registered-savepoint') is registered like a checkpoint, yet never releases its references
 * (it is never discarded on subsume): see `SnapshotKind`.
 */
import {
  emptyOutcome,
  recordDiscards,
  type DiscardedFile,
  type RegistryOutcome,
} from './discardedFile';
import { checkpointCompleted, registerReference, unregisterUnusedState } from './lastUsedIdModel';
import {
  discardUnregisteredUploads,
  registerReferenceCounted,
  unregisterReference,
} from './refCountModel';
import {
  checkCheckpointId,
  checkSharedFileHandle,
  type SharedFileHandle,
} from './sharedFileHandle';
import { addRetainedBy, removeRetainedBy } from './sharedStateEntry';
import {
  findCheckpoint,
  getEntry,
  insertCheckpoint,
  retainedCheckpointIds,
  type SharedStateRegistry,
} from './sharedStateRegistry';

/**
 * Whether a snapshot is a checkpoint or a savepoint (`CheckpointProperties#isSavepoint`).
 * 'registered-savepoint' is a savepoint of Flink ≤ 1.14: 1.14's `completePendingCheckpoint`
 * registers every completed snapshot's state (`sharedStateRegistry.registerAll`), savepoints
 * included, and adds it to the store; leaving the store it is not discarded
 * (`CompletedCheckpoint#discardOnSubsume` with `discardOnSubsumed` false), so the references it
 * holds keep its files, whoever else uses them (checkpoints restored from it), for good.
 */
export type SnapshotKind = 'checkpoint' | 'savepoint' | 'registered-savepoint';

/**
 * `CheckpointCoordinator#receiveAcknowledgeMessage`: a task acknowledged `checkpointId` with these
 * shared handles. An acknowledgement for an aborted checkpoint is late: ≥ 1.15 still registers it
 * (the file then ages out like any other), ≤ 1.14 deletes its new uploads at once.
 */
export function onCheckpointAcknowledged(
  reg: SharedStateRegistry,
  checkpointId: number,
  files: readonly SharedFileHandle[],
  kind: SnapshotKind = 'checkpoint',
): RegistryOutcome {
  const where = `onCheckpointAcknowledged(${checkpointId})`;
  checkCheckpointId(checkpointId, where);
  if (kind === 'savepoint') return emptyOutcome();
  for (const h of files) checkSharedFileHandle(h, where);
  const late = reg.abortedCheckpointIds.includes(checkpointId);
  let use = findCheckpoint(reg, checkpointId);
  if (use !== null && use.status === 'retained') {
    throw new Error(`${where}: checkpoint ${checkpointId} has already completed`);
  }
  const done = reg.highestCompletedCheckpointId;
  if (use === null && !late && done !== null && checkpointId <= done) {
    throw new Error(
      `${where}: checkpoint ${checkpointId} is not newer than completed checkpoint ${done} and was neither pending nor aborted (abort it first)`,
    );
  }
  // Everything is checked before anything changes, so a rejected call leaves the registry as it was.
  const merged = mergeAcknowledged(use?.files ?? [], files, where);
  if (reg.model === 'last-used-id') checkPlaceholdersKnown(reg, files, where);
  if (use === null && !late) {
    use = { checkpointId, status: 'pending', restoredMode: null, files: [], ...(kind === 'registered-savepoint' ? { savepoint: true as const } : {}) };
    insertCheckpoint(reg, use);
  }
  if (use !== null) use.files = merged;
  const discards: DiscardedFile[] = [];
  if (reg.model === 'refcount') {
    if (late)
      discards.push(
        ...discardUnregisteredUploads(reg, files, checkpointId, 'late-acknowledgement'),
      );
  } else {
    for (const h of files) {
      const r = registerReference(reg, h, checkpointId);
      if (r.discarded !== null) discards.push(r.discarded);
    }
  }
  return recordDiscards(reg.discarded, discards);
}

/** The checkpoint's handles after adding `files`: one per key, a real upload preferred. */
function mergeAcknowledged(
  known: readonly SharedFileHandle[],
  files: readonly SharedFileHandle[],
  where: string,
): SharedFileHandle[] {
  const out = known.map((h) => ({ ...h }));
  for (const h of files) {
    const at = out.findIndex((f) => f.key === h.key);
    const seen = out[at];
    if (seen === undefined) out.push({ ...h });
    // Two subtasks may report one file (e.g. a shared changelog file): keep the real upload.
    else if (seen.placeholder && !h.placeholder) out[at] = { ...h };
    else if (seen.path !== h.path && !seen.placeholder && !h.placeholder) {
      throw new Error(
        `${where}: key ${h.key} acknowledged twice with different files (${seen.path}, ${h.path})`,
      );
    }
  }
  return out;
}

/** Flink's "Attempt to reference unknown state": a placeholder needs a registered (or co-sent) upload. */
function checkPlaceholdersKnown(
  reg: SharedStateRegistry,
  files: readonly SharedFileHandle[],
  where: string,
): void {
  for (const h of files) {
    if (!h.placeholder || getEntry(reg, h.key) !== null) continue;
    if (files.some((f) => !f.placeholder && f.key === h.key)) continue;
    throw new Error(
      `${where}: placeholder for ${h.path} references unknown state ${h.key}; it was never registered or is already deleted`,
    );
  }
}

/**
 * `CheckpointCoordinator#completePendingCheckpoint` followed by the completed checkpoint store's
 * `addCheckpointAndSubsumeOldestOne`. `retainedIds` is the store's content after
 * subsumption (checkpoints only, savepoints excluded, as `findLowest` skips them); it must include
 * `checkpointId`. Every previously retained checkpoint missing from it is subsumed. Registration
 * happens before subsumption, so a file the new checkpoint reuses never drops to zero on the way.
 */
export function onCheckpointCompleted(
  reg: SharedStateRegistry,
  checkpointId: number,
  retainedIds: readonly number[],
  kind: SnapshotKind = 'checkpoint',
): RegistryOutcome {
  const where = `onCheckpointCompleted(${checkpointId})`;
  checkCheckpointId(checkpointId, where);
  // A savepoint is not added to the store and never registers: nothing to do, nothing subsumed.
  if (kind === 'savepoint') return emptyOutcome();
  // A ≤ 1.14 savepoint that completes after a newer checkpoint stays out of the store here, but is
  // registered all the same (and kept).
  if (kind === 'registered-savepoint' && !retainedIds.includes(checkpointId)) return keepSavepoint(reg, checkpointId, where);
  if (reg.abortedCheckpointIds.includes(checkpointId)) {
    throw new Error(`${where}: checkpoint ${checkpointId} was aborted`);
  }
  const existing = findCheckpoint(reg, checkpointId);
  if (existing?.status === 'retained')
    throw new Error(`${where}: checkpoint ${checkpointId} already completed`);
  const done = reg.highestCompletedCheckpointId;
  if (done !== null && checkpointId <= done) {
    throw new Error(
      `${where}: checkpoint ${checkpointId} is not newer than completed checkpoint ${done} (older pending checkpoints are aborted as subsumed)`,
    );
  }
  const retainedNow = retainedCheckpointIds(reg);
  checkRetainedIds(where, checkpointId, retainedIds, retainedNow);

  const acked = existing?.files ?? [];
  if (reg.model === 'refcount') checkPlaceholdersKnown(reg, acked, where);
  const gone =
    reg.model === 'last-used-id' ? acked.find((h) => getEntry(reg, h.key) === null) : undefined;
  if (gone !== undefined) {
    throw new Error(`${where}: key ${gone.key} acknowledged for it is no longer registered`);
  }

  const use = existing ?? {
    checkpointId,
    status: 'pending' as const,
    restoredMode: null,
    files: [],
  };
  if (existing === null) insertCheckpoint(reg, use);
  if (kind === 'registered-savepoint') use.savepoint = true;
  const discards: DiscardedFile[] = [];
  if (reg.model === 'refcount') {
    for (const h of use.files) {
      const r = registerReferenceCounted(reg, h, checkpointId);
      if (r.discarded !== null) discards.push(r.discarded);
    }
  } else {
    checkpointCompleted(reg, checkpointId);
    for (const h of use.files) addRetainedBy(getEntry(reg, h.key)!, checkpointId);
  }
  use.status = 'retained';
  reg.highestCompletedCheckpointId = Math.max(reg.highestCompletedCheckpointId ?? 0, checkpointId);

  const subsumed = retainedNow.filter((id) => !retainedIds.includes(id));
  for (const id of subsumed) {
    const old = findCheckpoint(reg, id)!;
    // A savepoint leaves the store undiscarded (`CompletedCheckpoint#discardOnSubsume`): it keeps
    // its references, so a file it shares with later checkpoints (under the changelog backend, its
    // keyed state is their materialized part after a restore from it) outlives them.
    if (old.savepoint === true) {
      old.status = 'kept';
      continue;
    }
    reg.checkpoints.splice(reg.checkpoints.indexOf(old), 1);
    for (const h of old.files) {
      if (reg.model === 'refcount') {
        const d = unregisterReference(reg, h.key, id, checkpointId);
        if (d !== null) discards.push(d);
      } else {
        const e = getEntry(reg, h.key);
        if (e !== null) removeRetainedBy(e, id);
      }
    }
  }
  if (reg.model === 'last-used-id') {
    // Called after every completion, even when nothing was subsumed, so that files registered by
    // aborted checkpoints and not used since are removed (`AbstractCompleteCheckpointStore`).
    discards.push(...unregisterUnusedState(reg, Math.min(...retainedIds), checkpointId));
  }
  return recordDiscards(reg.discarded, discards, subsumed);
}

/** A ≤ 1.14 savepoint completing outside the store: registered (one reference per file) and kept. */
function keepSavepoint(reg: SharedStateRegistry, checkpointId: number, where: string): RegistryOutcome {
  if (reg.model !== 'refcount') throw new Error(`${where}: only Flink ≤ 1.14 (refcount) registers savepoints`);
  const use = findCheckpoint(reg, checkpointId) ?? { checkpointId, status: 'pending' as const, restoredMode: null, files: [] };
  if (use.status !== 'pending') throw new Error(`${where}: savepoint ${checkpointId} already completed`);
  checkPlaceholdersKnown(reg, use.files, where);
  if (findCheckpoint(reg, checkpointId) === null) insertCheckpoint(reg, use);
  const discards: DiscardedFile[] = [];
  for (const h of use.files) {
    const r = registerReferenceCounted(reg, h, checkpointId);
    if (r.discarded !== null) discards.push(r.discarded);
  }
  use.status = 'kept';
  use.savepoint = true;
  return recordDiscards(reg.discarded, discards);
}

function checkRetainedIds(
  where: string,
  checkpointId: number,
  retainedIds: readonly number[],
  retainedNow: readonly number[],
): void {
  if (!Array.isArray(retainedIds) || !retainedIds.includes(checkpointId)) {
    throw new RangeError(
      `${where}: retainedIds must include the completed checkpoint ${checkpointId}, got [${String(retainedIds)}]`,
    );
  }
  for (const id of retainedIds) {
    if (id !== checkpointId && !retainedNow.includes(id)) {
      throw new RangeError(
        `${where}: retained id ${id} is not a retained checkpoint (retained: ${retainedNow.join(', ') || 'none'})`,
      );
    }
  }
  if (new Set(retainedIds).size !== retainedIds.length) {
    throw new RangeError(`${where}: retainedIds has duplicates: [${retainedIds.join(', ')}]`);
  }
}

/**
 * `CheckpointCoordinator#abortPendingCheckpoint` (declined, expired, subsumed, task failure): the
 * checkpoint will never complete. Refcount (≤ 1.14): its acknowledged new uploads were never
 * registered and are deleted now. Last-used-id (≥ 1.15): they stay registered with this id as
 * their last use and are deleted by the first `unregisterUnusedState` whose lowest retained
 * checkpoint is above it. Uploads of tasks that never acknowledged are the task's to clean up.
 */
export function onCheckpointAborted(
  reg: SharedStateRegistry,
  checkpointId: number,
  kind: SnapshotKind = 'checkpoint',
): RegistryOutcome {
  const where = `onCheckpointAborted(${checkpointId})`;
  checkCheckpointId(checkpointId, where);
  if (kind === 'savepoint') return emptyOutcome();
  if (reg.abortedCheckpointIds.includes(checkpointId)) {
    throw new Error(`${where}: checkpoint ${checkpointId} is already aborted`);
  }
  const use = findCheckpoint(reg, checkpointId);
  if (use?.status === 'retained') {
    throw new Error(
      `${where}: checkpoint ${checkpointId} has completed; a completed checkpoint is subsumed, not aborted`,
    );
  }
  if (use !== null) reg.checkpoints.splice(reg.checkpoints.indexOf(use), 1);
  const i = reg.abortedCheckpointIds.findIndex((id) => id > checkpointId);
  if (i < 0) reg.abortedCheckpointIds.push(checkpointId);
  else reg.abortedCheckpointIds.splice(i, 0, checkpointId);
  const discards =
    reg.model === 'refcount' && use !== null
      ? discardUnregisteredUploads(reg, use.files, checkpointId, 'aborted-checkpoint')
      : [];
  return recordDiscards(reg.discarded, discards);
}
