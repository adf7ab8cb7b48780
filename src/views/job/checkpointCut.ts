/**
 * The consistent cut of one checkpoint across the job graph (Chandy–Lamport, as Flink's barriers
 * draw it): on every channel the cut sits where barrier n is now (records ahead of it belong to
 * checkpoint n, records behind it to the next); a source that has not snapshotted yet holds the
 * cut at its input, a sink that has snapshotted has it behind itself. Pure: which checkpoint,
 * and the points the cut passes through, by the ids of the barriers the view draws.
 */
import type { EngineState } from '../../engine';
import type { ChannelView } from './channelBuffers';
import { acknowledgement } from './acknowledgements';

export interface CutChoice {
  checkpointId: number;
  status: 'inProgress' | 'completed';
}

export type CutPoint =
  /** Through a barrier the view draws (in a queue, on the wire, or blocking at the receiver). */
  | { kind: 'barrier'; itemId: string; channel: string }
  /** At a subtask: before it (a source still to snapshot; a task counting barriers at-least-once) or after it (a sink that snapshotted). */
  | { kind: 'task'; task: string; side: 'before' | 'after' };

export interface Cut extends CutChoice {
  points: CutPoint[];
  /** Subtasks whose snapshot of this checkpoint is taken (running, acknowledged or complete). */
  snapshotted: string[];
}

/**
 * The checkpoint whose cut to draw: the selected one when it is in progress or complete at this
 * step, otherwise (no selection) the newest in progress, else the newest completed.
 */
export function chooseCut(state: EngineState, selected: number | null): CutChoice | null {
  const { coordinator } = state;
  const completed = (id: number) => coordinator.history.some((h) => h.id === id && h.status === 'COMPLETED');
  if (selected !== null) {
    if (coordinator.pending.some((p) => p.id === selected)) return { checkpointId: selected, status: 'inProgress' };
    return completed(selected) ? { checkpointId: selected, status: 'completed' } : null;
  }
  const pending = [...coordinator.pending].sort((a, b) => b.id - a.id)[0];
  if (pending) return { checkpointId: pending.id, status: 'inProgress' };
  const done = coordinator.history.filter((h) => h.status === 'COMPLETED').sort((a, b) => (b.completeMs ?? 0) - (a.completeMs ?? 0))[0];
  return done ? { checkpointId: done.id, status: 'completed' } : null;
}

/** The cut of `choice` through the channels as `channelViews` derived them from the same state. */
export function checkpointCut(state: EngineState, channels: ChannelView[], choice: CutChoice): Cut {
  const { job } = state;
  const id = choice.checkpointId;
  const done = choice.status === 'completed';
  const snapshotted = job.topology.subtasks
    .map((s) => s.name)
    .filter((task) => {
      if (done || acknowledgement(state, task, id)) return true;
      const cp = job.checkpointing[task];
      return !!cp && (cp.lastCompletedCheckpointId >= id || cp.running.some((r) => r.checkpointId === id));
    });
  const taken = new Set(snapshotted);
  const points: CutPoint[] = [];
  if (!done) {
    for (const ch of channels) {
      const barrier = [...ch.outQueue, ...ch.wire, ...ch.inQueue].find((e) => e.kind === 'barrier' && e.checkpointId === id);
      if (barrier) points.push({ kind: 'barrier', itemId: barrier.id, channel: ch.key });
    }
  }
  const atLeastOnce = state.scenario.checkpointing.mode === 'at_least_once';
  for (const s of job.topology.subtasks) {
    const isSource = !!job.sources[s.name];
    const isSink = (job.topology.outputs[s.name]?.length ?? 0) === 0;
    if (isSource && !taken.has(s.name)) points.push({ kind: 'task', task: s.name, side: 'before' });
    else if (isSink && taken.has(s.name)) points.push({ kind: 'task', task: s.name, side: 'after' });
    // At-least-once: barrier n passed on some channel but the task keeps processing there; the cut is at its input.
    else if (atLeastOnce && !taken.has(s.name) && job.checkpointing[s.name]?.aligning?.checkpointId === id) points.push({ kind: 'task', task: s.name, side: 'before' });
  }
  return { ...choice, points, snapshotted };
}
