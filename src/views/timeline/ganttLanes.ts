/**
 * Lanes for the overview row: checkpoints that overlap in time (a savepoint during a checkpoint,
 * or `max-concurrent-checkpoints` > 1) go to separate lanes, so no bar hides another. Lanes are
 * assigned over the whole recording, so a bar keeps its lane while the cursor moves.
 */
import type { CheckpointBar } from './checkpointBars';

/** Lane index per checkpoint id (first lane whose previous bar ended before this one starts). */
export function assignLanes(bars: readonly CheckpointBar[]): Map<number, number> {
  const laneEnds: number[] = [];
  const lanes = new Map<number, number>();
  for (const b of [...bars].sort((x, y) => x.triggerMs - y.triggerMs || x.id - y.id)) {
    const end = b.end?.atMs ?? b.lastMs;
    let lane = laneEnds.findIndex((e) => e < b.triggerMs);
    if (lane < 0) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    lanes.set(b.id, lane);
  }
  return lanes;
}
