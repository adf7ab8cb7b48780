/**
 * What the checkpoint history (and the summary) records per keyed subtask: the local SSTs its
 * handle references and those uploaded for this checkpoint, and for the changelog backend the
 * materialization it carries and the change-log range its own delta covers.
 */
import type { KeyedStateHandle, NestedKeyedStateHandle } from '../format/stateHandles';

export interface TaskFiles {
  sharedFiles: number[];
  uploadedFiles: number[];
  /** Changelog backend: the materialization in the handle (null when none, or changelog off). */
  materializationId: number | null;
  /** Changelog backend: the sequence numbers [fromSqn, toSqn) this checkpoint persisted. */
  changelog: { fromSqn: number; toSqn: number } | null;
}

function sstsOf(h: NestedKeyedStateHandle): { shared: number[]; uploaded: number[] } {
  if (h.type !== 'incremental') return { shared: [], uploaded: [] };
  return { shared: h.sharedState.map((s) => s.sst!), uploaded: h.sharedState.filter((s) => s.uploadedNow).map((s) => s.sst!) };
}

export function taskFilesOf(h: KeyedStateHandle): TaskFiles {
  if (h.type !== 'changelog') {
    const { shared, uploaded } = sstsOf(h);
    return { sharedFiles: shared, uploadedFiles: uploaded, materializationId: null, changelog: null };
  }
  // The materialized SSTs were uploaded by the materialization, not by this checkpoint.
  const shared = h.materialized.flatMap((m) => sstsOf(m).shared);
  return { sharedFiles: shared, uploadedFiles: [], materializationId: h.materializationId === 0 ? null : h.materializationId, changelog: { fromSqn: h.fromSqn, toSqn: h.toSqn } };
}
