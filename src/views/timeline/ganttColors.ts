/**
 * Colors of the checkpoint timeline and charts. Alignment uses the barrier color of the job
 * graph and statuses the colors of the history table's badges, so one thing looks the same in
 * every view; all are dark enough to read on a projector.
 */
import type { PhaseKind } from './checkpointBars';
import type { CheckpointStatus } from './barAtCursor';
import type { MarkerKind } from './timelineMarkers';

export const PHASE_COLORS: Record<PhaseKind, string> = {
  delay: '#cbd5e1',
  alignment: '#d97706',
  sync: '#7c3aed',
  async: '#0284c7',
  ack: '#16a34a',
};

export const STATUS_COLORS: Record<CheckpointStatus, string> = {
  completed: '#16a34a',
  aborted: '#dc2626',
  subsumed: '#94a3b8',
  inProgress: '#f59e0b',
};

export const MARKER_COLORS: Record<MarkerKind, string> = {
  jobFailed: '#dc2626',
  restore: '#0369a1',
  restoreFailed: '#b91c1c',
  materialization: '#9333ea',
  truncation: '#0891b2',
};

/** File kinds in the uploads chart; a kind the engine adds later gets the fallback. */
const KIND_COLORS: Record<string, string> = {
  sst: '#7c3aed',
  private: '#0284c7',
  metadata: '#d97706',
  dstl: '#0891b2',
};

export function uploadKindColor(kind: string): string {
  return KIND_COLORS[kind] ?? '#64748b';
}
