/**
 * One entry per checkpoint at the cursor, with Flink's REST names for the figures
 * (`checkpointed_size`: bytes this checkpoint uploaded; `state_size`: its full size;
 * `end_to_end_duration`). Sizes exist once the checkpoint completed; a failed one has its
 * duration until the abort and no sizes, as in Flink's web UI history.
 */
import type { CheckpointBar } from '../timeline/checkpointBars';
import { statusAt, type CheckpointStatus } from '../timeline/barAtCursor';

export interface CheckpointStat {
  id: number;
  isSavepoint: boolean;
  status: CheckpointStatus;
  checkpointedSize: number | null;
  stateSize: number | null;
  /** End-to-end duration; for one in progress, the time so far. */
  durationMs: number;
  reason: string | null;
  bar: CheckpointBar;
}

/** Checkpoints triggered by `cursor` (bars sorted by id), as they stand at that position and time. */
export function checkpointStatsAt(
  bars: readonly CheckpointBar[],
  cursor: number,
  cursorMs: number,
): CheckpointStat[] {
  const out: CheckpointStat[] = [];
  for (const bar of bars) {
    if (bar.triggerPos > cursor) continue;
    const status = statusAt(bar, cursor);
    const end = status === 'inProgress' ? null : bar.end!;
    const completed = end?.status === 'completed' ? end : null;
    out.push({
      id: bar.id,
      isSavepoint: bar.isSavepoint,
      status,
      checkpointedSize: completed ? completed.checkpointedSize : null,
      stateSize: completed ? completed.stateSize : null,
      durationMs: (end ? end.atMs : Math.max(bar.triggerMs, cursorMs)) - bar.triggerMs,
      reason: end?.status === 'aborted' ? end.reason : null,
      bar,
    });
  }
  return out;
}
