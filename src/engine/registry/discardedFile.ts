/**
 * What the registry hands back to the coordinator: files that became unused and must be deleted
 * from remote storage, each with the reason. The registry itself never touches storage; the
 * coordinator calls `deleteFile` and records a `file.discarded` event with the `flinkRef` below
 * (Flink runs the same discards on its async disposal executor).
 */
import type { SharedFileHandle } from './sharedFileHandle';
import type { SharedStateEntry } from './sharedStateEntry';
import { sealPlain } from '../core/plainData';

/** Why a shared file left the registry (or never entered it). */
export type DiscardReason =
  /** ≤ 1.14 `SharedStateRegistry#unregisterReference`: the last retained checkpoint using it was subsumed. */
  | 'reference-count-zero'
  /** ≥ 1.15 `SharedStateRegistryImpl#unregisterUnusedState`: last used below the lowest retained checkpoint. */
  | 'unused-below-lowest-retained'
  /** ≤ 1.14: a new upload of a checkpoint that was aborted; it was never registered (`discardState` of an unregistered handle). */
  | 'aborted-checkpoint'
  /** ≤ 1.14 `CheckpointCoordinator#discardSubtaskState`: an acknowledgement that arrived after its checkpoint was aborted. */
  | 'late-acknowledgement'
  /** A second, different upload under a key whose registered copy is kept (≤ 1.14 always; 1.15–1.17 when confirmed). */
  | 'duplicate-upload'
  /** 1.15–1.17: an unconfirmed registered copy replaced by a newer upload under the same key. */
  | 'replaced-unconfirmed-upload';

/** One file the registry gave up on: deleted, or (protected) only dropped from the registry. */
export interface DiscardedFile {
  key: string;
  path: string;
  sizeBytes: number;
  task: string;
  localName: string;
  reason: DiscardReason;
  /** False when the file is protected (restored in NO_CLAIM/LEGACY mode): released, never deleted. */
  deleted: boolean;
  /** The checkpoint whose acknowledgement, completion, abort or restore caused this. */
  atCheckpointId: number;
  /** null when the file was never registered. */
  createdByCheckpointId: number | null;
  lastUsedCheckpointId: number | null;
  /** Last-used-id model: the lowest retained checkpoint it was compared against. */
  lowestRetainedCheckpointId: number | null;
  /** Refcount model: the subsumed checkpoint whose released reference brought the count to 0. */
  subsumedCheckpointId: number | null;
  /** The Flink method that makes this decision. */
  flinkRef: string;
}

/** What one registry call did. `deleted` is the coordinator's to-do list; nothing is deleted yet. */
export interface RegistryOutcome {
  /** Files to delete from remote storage now. */
  deleted: DiscardedFile[];
  /** Protected files dropped from the registry and left in storage (the restored snapshot owns them). */
  released: DiscardedFile[];
  /** Checkpoints this call subsumed (dropped from the retained set), ascending. */
  subsumedCheckpointIds: number[];
}

/** An outcome in which nothing happened. */
export function emptyOutcome(): RegistryOutcome {
  return { deleted: [], released: [], subsumedCheckpointIds: [] };
}

/** Details of a discard beyond the file itself. */
export interface DiscardContext {
  reason: DiscardReason;
  atCheckpointId: number;
  flinkRef: string;
  lowestRetainedCheckpointId?: number;
  subsumedCheckpointId?: number;
}

/** A discard record for a registered entry (deleted unless protected). */
export function discardOfEntry(entry: SharedStateEntry, ctx: DiscardContext): DiscardedFile {
  return {
    key: entry.key,
    path: entry.path,
    sizeBytes: entry.sizeBytes,
    task: entry.task,
    localName: entry.localName,
    reason: ctx.reason,
    deleted: !entry.protected,
    atCheckpointId: ctx.atCheckpointId,
    createdByCheckpointId: entry.createdByCheckpointId,
    lastUsedCheckpointId: entry.lastUsedCheckpointId,
    lowestRetainedCheckpointId: ctx.lowestRetainedCheckpointId ?? null,
    subsumedCheckpointId: ctx.subsumedCheckpointId ?? null,
    flinkRef: ctx.flinkRef,
  };
}

/** A discard record for an upload that is not (or no longer) the registered copy: always deleted. */
export function discardOfHandle(handle: SharedFileHandle, ctx: DiscardContext): DiscardedFile {
  return {
    key: handle.key,
    path: handle.path,
    sizeBytes: handle.sizeBytes,
    task: handle.task,
    localName: handle.localName,
    reason: ctx.reason,
    deleted: true,
    atCheckpointId: ctx.atCheckpointId,
    createdByCheckpointId: null,
    lastUsedCheckpointId: null,
    lowestRetainedCheckpointId: ctx.lowestRetainedCheckpointId ?? null,
    subsumedCheckpointId: ctx.subsumedCheckpointId ?? null,
    flinkRef: ctx.flinkRef,
  };
}

/** Orders discards by key then path (stable, independent of how entries happen to be stored). */
export function compareDiscards(a: DiscardedFile, b: DiscardedFile): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return 0;
}

/**
 * Appends `discards` to the registry's discard log and splits them into the outcome's `deleted`
 * (to remove from storage) and `released` (protected, left in storage), each ordered by key.
 */
export function recordDiscards(
  log: DiscardedFile[],
  discards: readonly DiscardedFile[],
  subsumedCheckpointIds: readonly number[] = [],
): RegistryOutcome {
  const sorted = [...discards].sort(compareDiscards);
  // The log only grows and its entries never change: sealed, clones share them (core/sealFinished.ts).
  for (const d of sorted) log.push(sealPlain(d));
  return {
    deleted: sorted.filter((d) => d.deleted),
    released: sorted.filter((d) => !d.deleted),
    subsumedCheckpointIds: [...subsumedCheckpointIds].sort((a, b) => a - b),
  };
}
