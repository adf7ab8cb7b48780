/**
 * Flink's `ChangelogTruncateHelper` (one per changelog keyed backend): decides when the writer may
 * drop old changes. A change is unused once (1) every checkpoint that includes it is subsumed and
 * (2) a materialization covers it, so no future checkpoint will include it either. The writer is
 * truncated to min(subsumedUpTo, materializedUpTo), and only after both are known.
 */
import type { SequenceNumber } from './sequenceNumber';

/** `ChangelogTruncateHelper` as plain data. */
export interface ChangelogTruncateHelperState {
  /** `checkpointedUpTo`: per checkpoint, the (exclusive) end of the changelog it uses; ascending ids. */
  checkpointedUpTo: { checkpointId: number; upTo: SequenceNumber }[];
  subsumedUpTo: SequenceNumber | null;
  materializedUpTo: SequenceNumber | null;
}

/** A new helper: nothing checkpointed, subsumed or materialized. */
export function createChangelogTruncateHelper(): ChangelogTruncateHelperState {
  return { checkpointedUpTo: [], subsumedUpTo: null, materializedUpTo: null };
}

/** `ChangelogTruncateHelper#checkpoint(checkpointId, lastUploadedTo)`. */
export function truncateHelperCheckpoint(
  h: ChangelogTruncateHelperState,
  checkpointId: number,
  lastUploadedTo: SequenceNumber,
): void {
  const rest = h.checkpointedUpTo.filter((c) => c.checkpointId !== checkpointId);
  rest.push({ checkpointId, upTo: lastUploadedTo });
  rest.sort((a, b) => a.checkpointId - b.checkpointId);
  h.checkpointedUpTo = rest;
}

/**
 * `ChangelogTruncateHelper#checkpointSubsumed`: the changelog up to what `checkpointId` used is
 * no longer needed by checkpoints. Returns the sequence number to truncate the writer to, or null.
 */
export function truncateHelperCheckpointSubsumed(
  h: ChangelogTruncateHelperState,
  checkpointId: number,
): SequenceNumber | null {
  const entry = h.checkpointedUpTo.find((c) => c.checkpointId === checkpointId);
  if (entry === undefined) return null;
  h.subsumedUpTo = entry.upTo;
  h.checkpointedUpTo = h.checkpointedUpTo.filter((c) => c.checkpointId > checkpointId);
  return truncateTo(h);
}

/** `ChangelogTruncateHelper#materialized(upTo)`: returns the sequence number to truncate to, or null. */
export function truncateHelperMaterialized(
  h: ChangelogTruncateHelperState,
  upTo: SequenceNumber,
): SequenceNumber | null {
  h.materializedUpTo = upTo;
  return truncateTo(h);
}

function truncateTo(h: ChangelogTruncateHelperState): SequenceNumber | null {
  if (h.subsumedUpTo === null || h.materializedUpTo === null) return null;
  return Math.min(h.subsumedUpTo, h.materializedUpTo);
}
