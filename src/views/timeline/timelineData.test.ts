// Derived once per recording, cut per cursor: the memo and the lanes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../../engine';
import type { CheckpointBar } from './checkpointBars';
import { assignLanes } from './ganttLanes';
import { timelineDataOf } from './timelineData';

function bar(id: number, triggerMs: number, endMs: number): CheckpointBar {
  return {
    id,
    isSavepoint: false,
    triggerMs,
    triggerPos: triggerMs,
    tasks: 1,
    end: { status: 'completed', atMs: endMs, pos: endMs, checkpointedSize: 0, stateSize: 0 },
    subsumed: null,
    rows: [],
    lastMs: endMs,
    lastPos: endMs,
  };
}

describe('timeline data', () => {
  it('is derived once per revision of the recording, again after a branch', () => {
    const timeline = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    const first = timelineDataOf(timeline, 0);
    expect(timelineDataOf(timeline, 0)).toBe(first);
    // A branch extends the same Timeline object in place; the store bumps the revision.
    timeline.branch(100, { do: 'savepoint' });
    const second = timelineDataOf(timeline, 1);
    expect(second).not.toBe(first);
    expect(second.bars.some((b) => b.isSavepoint)).toBe(true);
    expect(first.bars.some((b) => b.isSavepoint)).toBe(false);
    expect(second.endMs).toBe(timeline.timeAt(timeline.length));
  });

  it('puts overlapping checkpoints in separate lanes and reuses a lane once it is free', () => {
    const lanes = assignLanes([bar(1, 0, 100), bar(2, 50, 80), bar(3, 90, 120), bar(4, 130, 140)]);
    expect([...lanes.entries()]).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
  });
});
