/**
 * Colors of the job graph. Barriers keep the orange every view uses for them; an unaligned
 * (priority) barrier is pink so it reads as a different kind of event; back-pressure is red.
 * Each checkpoint gets a color from a small dark palette for its cut and its persisted channel
 * state, so two checkpoints in flight (or one just completed and the next) stay apart.
 */
export const BARRIER_COLOR = '#d97706';
export const SAVEPOINT_COLOR = '#b45309';
export const PRIORITY_BARRIER_COLOR = '#be185d';
/** A CancelCheckpointMarker: a dark slate bar labelled ✕n, unlike any barrier. */
export const CANCEL_MARKER_COLOR = '#475569';
export const BACK_PRESSURE_COLOR = '#dc2626';
export const BUSY_COLOR = '#0369a1';

const CHECKPOINT_PALETTE = ['#6d28d9', '#0f766e', '#1d4ed8', '#15803d'];

export function checkpointColor(id: number): string {
  return CHECKPOINT_PALETTE[(((id - 1) % CHECKPOINT_PALETTE.length) + CHECKPOINT_PALETTE.length) % CHECKPOINT_PALETTE.length]!;
}
