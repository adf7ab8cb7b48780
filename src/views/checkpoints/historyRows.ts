/**
 * What one row of the checkpoint history table shows, whichever source it comes from: the
 * simulator's coordinator history (`historyRowsOf`) or a JobManager's REST statistics
 * (`../restStats/restAdapter.ts`). The table (CheckpointHistoryTable) draws only these rows.
 */
import type { CheckpointHistoryEntry } from '../../engine';
import type { FlinkStatusName } from '../i18nLabels/storageKind';

export interface HistoryRow {
  id: number;
  status: FlinkStatusName;
  isSavepoint: boolean;
  /** Still in the completed checkpoint store (★). */
  retained: boolean;
  /** End-to-end duration; null while in progress. */
  durationMs: number | null;
  checkpointedSize: number | null;
  /** Null where the source has no full size for it (the simulator shows one only once completed). */
  stateSize: number | null;
  acknowledged: number;
  subtasks: number;
  failure: string | null;
}

export function statusNameOf(h: Pick<CheckpointHistoryEntry, 'status' | 'subsumed'>): FlinkStatusName {
  if (h.status === 'COMPLETED') return h.subsumed ? 'SUBSUMED' : 'COMPLETED';
  return h.status;
}

/** The coordinator's history, newest first, as the simulator's table shows it. */
export function historyRowsOf(history: readonly CheckpointHistoryEntry[], retained: ReadonlySet<number>): HistoryRow[] {
  return [...history].reverse().map((h) => {
    const end = h.completeMs ?? h.latestAckMs;
    return {
      id: h.id,
      status: statusNameOf(h),
      isSavepoint: h.isSavepoint,
      retained: retained.has(h.id),
      durationMs: end !== null && h.status !== 'IN_PROGRESS' ? end - h.triggerMs : null,
      checkpointedSize: h.checkpointedSize,
      stateSize: h.status === 'COMPLETED' ? h.stateSize : null,
      acknowledged: h.numAcknowledgedSubtasks,
      subtasks: h.numSubtasks,
      failure: h.failureReason,
    };
  });
}
