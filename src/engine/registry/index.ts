/**
 * The shared state registry (Flink's `SharedStateRegistry`), in both models Flink has had: the
 * reference counts of ≤ 1.14 and the last-used checkpoint ids of ≥ 1.15. The only import surface
 * of this folder for the rest of the engine.
 */
export {
  createSharedStateRegistry,
  getEntry,
  listEntries,
  retainedCheckpointIds,
  pendingCheckpointIds,
  lowestRetainedCheckpointId,
  checkpointSharedFiles,
  registeredBytes,
} from './sharedStateRegistry';
export type {
  SharedStateRegistry,
  RegistryModel,
  RestoreMode,
  CheckpointUse,
} from './sharedStateRegistry';
export type { SharedStateEntry } from './sharedStateEntry';
export type { SharedFileHandle } from './sharedFileHandle';
export { registryKeyForPath, registryKeyForLocalFile } from './sharedStateRegistryKey';
export type { DiscardedFile, DiscardReason, RegistryOutcome } from './discardedFile';
export {
  onCheckpointAcknowledged,
  onCheckpointCompleted,
  onCheckpointAborted,
} from './checkpointLifecycle';
export type { SnapshotKind } from './checkpointLifecycle';
export { registerRestored } from './registerRestored';
export { onJobCancelled } from './jobShutdown';
export { explainFile, explainPath } from './explainFile';
export type { FileExplanation, KeepReason } from './explainFile';
export { registryInvariantViolations } from './registryInvariants';
// The two models' own operations, for lessons and tests that show one Flink method at a time.
// The coordinator uses the lifecycle functions above, which call these in Flink's order.
export { registerReference, checkpointCompleted, unregisterUnusedState } from './lastUsedIdModel';
export { registerReferenceCounted, unregisterReference } from './refCountModel';
