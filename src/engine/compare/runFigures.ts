/**
 * Every single number the comparison reads off a measured run, by name: one table of getters that
 * the ratio table, the exports and the FLIP-158 panel all look up (no switch per consumer).
 */
import type { RunMetrics } from './runMetrics';

export const RUN_FIGURE_GETTERS = {
  checkpointedSizeP50: (m: RunMetrics) => m.checkpointedSize.p50,
  checkpointedSizeP90: (m: RunMetrics) => m.checkpointedSize.p90,
  checkpointedSizeP99: (m: RunMetrics) => m.checkpointedSize.p99,
  stateSizeP50: (m: RunMetrics) => m.stateSize.p50,
  stateSizeP99: (m: RunMetrics) => m.stateSize.p99,
  durationP50: (m: RunMetrics) => m.durationMs.p50,
  durationP90: (m: RunMetrics) => m.durationMs.p90,
  durationP99: (m: RunMetrics) => m.durationMs.p99,
  storedBytesMean: (m: RunMetrics) => m.storedBytes.mean,
  fileCountMax: (m: RunMetrics) => m.fileCount.max,
  uploadedBytes: (m: RunMetrics) => m.uploadedBytes,
  restoreMs: (m: RunMetrics) => m.restore.totalMs,
  replayedRecords: (m: RunMetrics) => m.replayedRecords,
} as const satisfies Record<string, (m: RunMetrics) => number>;

export type RunFigure = keyof typeof RUN_FIGURE_GETTERS;

export function runFigure(m: RunMetrics, f: RunFigure): number {
  return RUN_FIGURE_GETTERS[f](m);
}
