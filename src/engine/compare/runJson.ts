/**
 * A run's figures as the JSON document tools read (`npm run compare -- --json`, the comparison
 * page's export): the field names the issue fixes, rounded where a mean is not a byte count.
 */
import type { RunMetrics } from './runMetrics';

export function runJson(m: RunMetrics) {
  return {
    title: m.title,
    checkpoints: m.checkpoints.length,
    failedCheckpoints: m.failedCheckpoints,
    checkpointedSize: { p50: m.checkpointedSize.p50, p90: m.checkpointedSize.p90, p99: m.checkpointedSize.p99, max: m.checkpointedSize.max },
    stateSize: { p50: m.stateSize.p50, p99: m.stateSize.p99 },
    durationMs: { p50: m.durationMs.p50, p90: m.durationMs.p90, p99: m.durationMs.p99 },
    storedBytes: { mean: Math.round(m.storedBytes.mean), max: m.storedBytes.max },
    fileCount: { max: m.fileCount.max },
    uploadedBytes: m.uploadedBytes,
    restoreMs: m.restore.totalMs,
    restoredCheckpoint: m.restore.checkpointId,
    replayedRecords: m.replayedRecords,
  };
}
