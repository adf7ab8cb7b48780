/**
 * The run's checkpoint statistics in the shape of Flink's REST API, `GET /jobs/:jobid/checkpoints`
 * (`CheckpointingStatistics`): counts, a summary over completed checkpoints (commons-math LEGACY
 * percentiles, integer averages), the latest of each kind, and the newest-first history capped
 * at `web.checkpoints.history` (10). Timestamps are simulated milliseconds.
 */
import { FAILURE_MESSAGE, type CheckpointHistoryEntry, type CoordinatorState } from './coordinatorState';

const HISTORY_SIZE = 10;

/** commons-math `Percentile` with the LEGACY estimation, as Flink's `StatsSummary` uses. */
export function legacyPercentile(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const pos = (p * (n + 1)) / 100;
  if (pos < 1) return sorted[0]!;
  if (pos >= n) return sorted[n - 1]!;
  const lower = sorted[Math.floor(pos) - 1]!;
  const upper = sorted[Math.floor(pos)]!;
  return lower + (pos - Math.floor(pos)) * (upper - lower);
}

function statsSummary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    min: n ? sorted[0]! : 0,
    max: n ? sorted[n - 1]! : 0,
    avg: n ? Math.floor(sum / n) : 0,
    p50: legacyPercentile(sorted, 50),
    p90: legacyPercentile(sorted, 90),
    p95: legacyPercentile(sorted, 95),
    p99: legacyPercentile(sorted, 99),
    p999: legacyPercentile(sorted, 99.9),
  };
}

/**
 * `CheckpointStatistics.RestAPICheckpointType.valueOf`: SAVEPOINT (SYNC_SAVEPOINT for the
 * synchronous savepoint of a stop-with-savepoint, `SavepointType#isSynchronous`), else
 * UNALIGNED_CHECKPOINT when any subtask took it unaligned, else CHECKPOINT.
 */
export function restCheckpointType(h: Pick<CheckpointHistoryEntry, 'isSavepoint' | 'unaligned' | 'syncSavepoint'>): 'CHECKPOINT' | 'UNALIGNED_CHECKPOINT' | 'SAVEPOINT' | 'SYNC_SAVEPOINT' {
  if (h.isSavepoint) return h.syncSavepoint ? 'SYNC_SAVEPOINT' : 'SAVEPOINT';
  return h.unaligned ? 'UNALIGNED_CHECKPOINT' : 'CHECKPOINT';
}

function entry(c: CoordinatorState, h: CheckpointHistoryEntry) {
  const className = h.status === 'COMPLETED' ? 'completed' : h.status === 'FAILED' ? 'failed' : 'in_progress';
  const end = h.completeMs ?? h.latestAckMs ?? h.triggerMs;
  const base = {
    className,
    id: h.id,
    status: h.status,
    is_savepoint: h.isSavepoint,
    savepointFormat: h.isSavepoint ? (h.savepointFormat ?? 'CANONICAL') : null,
    trigger_timestamp: h.triggerMs,
    latest_ack_timestamp: h.latestAckMs ?? h.triggerMs,
    checkpointed_size: h.checkpointedSize,
    state_size: h.stateSize,
    end_to_end_duration: end - h.triggerMs,
    // Flink always reports 0 here since 1.11 (the field stays for compatibility).
    alignment_buffered: 0,
    processed_data: h.processedData,
    persisted_data: h.persistedData,
    num_subtasks: h.numSubtasks,
    num_acknowledged_subtasks: h.numAcknowledgedSubtasks,
    checkpoint_type: restCheckpointType(h),
    tasks: {},
  };
  if (h.status === 'COMPLETED') {
    const dir = h.isSavepoint ? `savepoints/savepoint-${c.jobId.slice(0, 6)}-${h.id}` : `${c.jobId}/chk-${h.id}`;
    return { ...base, external_path: dir, discarded: h.subsumed };
  }
  // FailedCheckpointStats.failureMsg is the CheckpointException's message: the reason's message().
  if (h.status === 'FAILED') return { ...base, failure_timestamp: h.latestAckMs ?? h.triggerMs, failure_message: h.failureReason ? FAILURE_MESSAGE[h.failureReason] : null };
  return base;
}

/** `GET /jobs/:jobid/checkpoints` for the coordinator's state. */
export function restCheckpointStatistics(c: CoordinatorState) {
  const completed = c.history.filter((h) => h.status === 'COMPLETED');
  const newest = (pred: (h: CheckpointHistoryEntry) => boolean) => {
    const h = [...c.history].reverse().find(pred);
    return h ? entry(c, h) : null;
  };
  return {
    counts: {
      restored: c.restored.length,
      total: c.history.length,
      in_progress: c.history.filter((h) => h.status === 'IN_PROGRESS').length,
      completed: completed.length,
      failed: c.history.filter((h) => h.status === 'FAILED').length,
    },
    summary: {
      checkpointed_size: statsSummary(completed.map((h) => h.checkpointedSize)),
      state_size: statsSummary(completed.map((h) => h.stateSize)),
      end_to_end_duration: statsSummary(completed.map((h) => (h.completeMs ?? h.triggerMs) - h.triggerMs)),
      alignment_buffered: statsSummary(completed.map(() => 0)),
      processed_data: statsSummary(completed.map((h) => h.processedData)),
      persisted_data: statsSummary(completed.map((h) => h.persistedData)),
    },
    latest: {
      completed: newest((h) => h.status === 'COMPLETED' && !h.isSavepoint),
      savepoint: newest((h) => h.status === 'COMPLETED' && h.isSavepoint),
      failed: newest((h) => h.status === 'FAILED'),
      restored: latestRestored(c),
    },
    history: [...c.history].reverse().slice(0, HISTORY_SIZE).map((h) => entry(c, h)),
  };
}

/** `RestoredCheckpointStatistics` of the latest restore. */
function latestRestored(c: CoordinatorState) {
  const r = c.restored[c.restored.length - 1];
  return r ? { id: r.checkpointId, restore_timestamp: r.restoreMs, is_savepoint: r.isSavepoint, external_path: r.externalPath } : null;
}
