/**
 * REST statistics → what the simulator's views draw (§4), so the history table, the timeline's
 * overview and the per-checkpoint charts show a real job's checkpoints with their own components:
 * - history rows (historyRows.ts), newest first, with every figure REST reports;
 * - checkpoint bars (timeline/checkpointBars.ts) on a wall-clock axis: milliseconds since the
 *   earliest `trigger_timestamp` (`originMs`); a bar ends at trigger + `end_to_end_duration`;
 *   no subtask rows (REST's per-subtask phases live at `…/details/:id/subtasks/:vertexid`);
 * - the timeline data (lanes for overlapping checkpoints, no markers: REST has no job failures
 *   or restores on a time axis) and the per-checkpoint chart entries.
 * Recorded positions do not exist here: every bar is at position 0, so "cursor 0" shows all.
 */
import { restCheckpointList, type RestCheckpoint, type RestStatistics } from '../../inspector/rest/restCheckpoints';
import { checkpointStatsAt, type CheckpointStat } from '../charts/checkpointStats';
import type { HistoryRow } from '../checkpoints/historyRows';
import type { CheckpointBar } from '../timeline/checkpointBars';
import { assignLanes } from '../timeline/ganttLanes';
import type { TimelineData } from '../timeline/timelineData';

/** The position the views are shown at: every REST checkpoint is "recorded" at 0. */
export const REST_CURSOR = 0;

export interface RestCounts {
  completed: number;
  failed: number;
  inProgress: number;
  total: number;
}

export interface RestView {
  /** Oldest first. */
  checkpoints: RestCheckpoint[];
  /** Wall-clock ms (epoch) of the time axis' 0: the earliest trigger. */
  originMs: number;
  timeline: TimelineData;
  /** Per-checkpoint chart entries, by id. */
  stats: CheckpointStat[];
  /** Newest first, as Flink's web UI lists them. */
  rows: HistoryRow[];
  /** The JobManager's `counts` when the statistics response is there, else counted from the checkpoints. */
  counts: RestCounts;
  jobId: string | null;
}

function durationOf(c: RestCheckpoint): number {
  // -1: no subtask acknowledged yet (PendingCheckpointStats).
  return Math.max(0, c.end_to_end_duration);
}

export function restBar(c: RestCheckpoint, originMs: number): CheckpointBar {
  const triggerMs = c.trigger_timestamp - originMs;
  const endMs = triggerMs + durationOf(c);
  return {
    id: c.id,
    isSavepoint: c.is_savepoint,
    triggerMs,
    triggerPos: REST_CURSOR,
    tasks: c.num_subtasks,
    end:
      c.status === 'COMPLETED'
        ? { status: 'completed', atMs: endMs, pos: REST_CURSOR, checkpointedSize: c.checkpointed_size ?? c.state_size, stateSize: c.state_size }
        : c.status === 'FAILED'
          ? { status: 'aborted', atMs: endMs, pos: REST_CURSOR, reason: c.failure_message ?? '' }
          : null,
    subsumed: null,
    rows: [],
    lastMs: endMs,
    lastPos: REST_CURSOR,
  };
}

export function restRow(c: RestCheckpoint): HistoryRow {
  return {
    id: c.id,
    status: c.status,
    isSavepoint: c.is_savepoint,
    retained: false,
    durationMs: c.status === 'IN_PROGRESS' ? null : durationOf(c),
    checkpointedSize: c.checkpointed_size ?? null,
    stateSize: c.state_size,
    acknowledged: c.num_acknowledged_subtasks,
    subtasks: c.num_subtasks,
    failure: c.failure_message ?? null,
  };
}

export function restView(s: RestStatistics): RestView {
  const checkpoints = restCheckpointList(s);
  const originMs = checkpoints.length > 0 ? Math.min(...checkpoints.map((c) => c.trigger_timestamp)) : 0;
  const bars = checkpoints.map((c) => restBar(c, originMs));
  const lanes = assignLanes(bars);
  // The axis ends at the last thing the JobManager reported (an ack or an end).
  const endMs = Math.max(1, ...bars.map((b) => b.lastMs), ...checkpoints.map((c) => c.latest_ack_timestamp - originMs));
  const byId = [...bars].sort((a, b) => a.id - b.id);
  const counted = (status: RestCheckpoint['status']) => checkpoints.filter((c) => c.status === status).length;
  const counts = s.statistics?.counts;
  return {
    checkpoints,
    originMs,
    timeline: {
      bars,
      lanes,
      laneCount: Math.max(1, ...[...lanes.values()].map((l) => l + 1)),
      markers: [],
      endMs,
    },
    stats: checkpointStatsAt(byId, REST_CURSOR, endMs),
    rows: checkpoints.map(restRow).reverse(),
    counts: counts
      ? { completed: counts.completed, failed: counts.failed, inProgress: counts.in_progress, total: counts.total }
      : { completed: counted('COMPLETED'), failed: counted('FAILED'), inProgress: counted('IN_PROGRESS'), total: checkpoints.length },
    jobId: s.jobId,
  };
}

/** A wall-clock time of the axis (ms since `originMs`) as Flink's web UI prints it, in UTC. */
export function wallClock(originMs: number, ms: number): string {
  return new Date(originMs + ms).toISOString().slice(11, 19);
}
