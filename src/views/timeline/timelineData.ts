/** Everything the checkpoint timeline draws, derived once per recording (see memoByRevision). */
import type { Timeline } from '../../engine';
import { memoByRevision } from '../charts/memoByRevision';
import { deriveCheckpointBars, type CheckpointBar } from './checkpointBars';
import { assignLanes } from './ganttLanes';
import { deriveMarkers, type TimelineMarker } from './timelineMarkers';

export interface TimelineData {
  bars: CheckpointBar[];
  lanes: Map<number, number>;
  laneCount: number;
  markers: TimelineMarker[];
  /** Simulated time at the end of the recording: the time axis spans [0, endMs]. */
  endMs: number;
}

export function deriveTimelineData(timeline: Timeline): TimelineData {
  const records = timeline.records();
  const bars = deriveCheckpointBars(records);
  const lanes = assignLanes(bars);
  return {
    bars,
    lanes,
    laneCount: Math.max(1, ...[...lanes.values()].map((l) => l + 1)),
    markers: deriveMarkers(records),
    endMs: timeline.timeAt(timeline.length),
  };
}

export const timelineDataOf = memoByRevision(deriveTimelineData);
