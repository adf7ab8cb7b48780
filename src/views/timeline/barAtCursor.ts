/**
 * A checkpoint bar as it stands at the cursor: only what had happened by then. Phases still
 * running are drawn up to the cursor's time and marked open; the status is the one the
 * coordinator had reached. Cheap (a walk over one bar), so views call it on every cursor move.
 */
import type { CheckpointBar, PhaseKind } from './checkpointBars';

export type CheckpointStatus = 'inProgress' | 'completed' | 'aborted' | 'subsumed';

export interface PhaseAtCursor {
  kind: PhaseKind;
  startMs: number;
  endMs: number;
  /** Still running at the cursor. */
  open: boolean;
  cutShort: boolean;
}

export interface RowAtCursor {
  task: string;
  phases: PhaseAtCursor[];
  declined: { atMs: number; reason: string } | null;
}

export interface BarAtCursor {
  bar: CheckpointBar;
  status: CheckpointStatus;
  /** The abort reason, once the abort is visible. */
  reason: string | null;
  /** End of the bar at the cursor: completion or abort, else the cursor's time. */
  endMs: number;
  rows: RowAtCursor[];
  acknowledged: number;
}

export function statusAt(bar: CheckpointBar, cursor: number): CheckpointStatus {
  if (!bar.end || bar.end.pos > cursor) return 'inProgress';
  if (bar.end.status === 'aborted') return 'aborted';
  return bar.subsumed && bar.subsumed.pos <= cursor ? 'subsumed' : 'completed';
}

/** The bar at `cursor` (time `cursorMs`), or null when it had not been triggered yet. */
export function barAtCursor(
  bar: CheckpointBar,
  cursor: number,
  cursorMs: number,
): BarAtCursor | null {
  if (bar.triggerPos > cursor) return null;
  const status = statusAt(bar, cursor);
  let acknowledged = 0;
  const rows = bar.rows.map((r): RowAtCursor => {
    const phases: PhaseAtCursor[] = [];
    for (const p of r.phases) {
      if (p.startPos > cursor) break;
      const done = p.endPos !== null && p.endMs !== null && p.endPos <= cursor;
      if (done && p.kind === 'ack') acknowledged++;
      phases.push({
        kind: p.kind,
        startMs: p.startMs,
        endMs: done ? p.endMs! : Math.max(p.startMs, cursorMs),
        open: !done,
        cutShort: done && p.cutShort,
      });
    }
    const declined =
      r.declined && r.declined.pos <= cursor
        ? { atMs: r.declined.atMs, reason: r.declined.reason }
        : null;
    return { task: r.task, phases, declined };
  });
  const ended = status !== 'inProgress';
  return {
    bar,
    status,
    reason: ended && bar.end?.status === 'aborted' ? bar.end.reason : null,
    endMs: ended ? bar.end!.atMs : Math.max(bar.triggerMs, cursorMs),
    rows,
    acknowledged,
  };
}

/** The checkpoint a learner is most likely looking at: the newest one triggered by the cursor. */
export function currentBar(bars: readonly CheckpointBar[], cursor: number): CheckpointBar | null {
  let found: CheckpointBar | null = null;
  for (const b of bars) {
    if (b.triggerPos > cursor) break;
    found = b;
  }
  return found;
}
