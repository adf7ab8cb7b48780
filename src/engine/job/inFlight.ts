/** Records on their way between subtasks, derived from the event queue (for the job view). */
import type { EngineState } from '../state';
import { HOP_LATENCY_MS } from './latencies';

export interface RecordInFlight {
  /** Unique while in flight: the queue sequence number. */
  id: number;
  from: string;
  to: string;
  key: string | number;
  keyGroup: number;
  value: number;
  /** 0 = just sent, 1 = arriving. */
  progress: number;
}

/** The records in flight at the state's time, in arrival order. */
export function recordsInFlight(state: EngineState): RecordInFlight[] {
  const out: RecordInFlight[] = [];
  for (const e of state.queue.heap) {
    const it = e.item;
    if (it.kind !== 'record.arrive') continue;
    const progress = Math.max(0, Math.min(1, 1 - (e.atMs - state.nowMs) / HOP_LATENCY_MS));
    out.push({ id: e.seq, from: it.from, to: it.task, key: it.key, keyGroup: it.keyGroup, value: it.value, progress });
    // The rest of a network buffer travels with its first record; ids stay unique (seq, then position).
    it.more?.forEach((r, i) => out.push({ id: e.seq + (i + 1) / (it.more!.length + 1), from: it.from, to: it.task, key: r.key, keyGroup: r.keyGroup, value: r.value, progress }));
  }
  return out.sort((a, b) => a.id - b.id);
}

export interface BarrierInFlight {
  id: number;
  from: string;
  to: string;
  checkpointId: number;
  isSavepoint: boolean;
  progress: number;
}

/** Checkpoint barriers on their way between subtasks (for the job view). */
export function barriersInFlight(state: EngineState): BarrierInFlight[] {
  const out: BarrierInFlight[] = [];
  for (const e of state.queue.heap) {
    const it = e.item;
    if (it.kind !== 'barrier.arrive') continue;
    const progress = 1 - (e.atMs - state.nowMs) / HOP_LATENCY_MS;
    out.push({ id: e.seq, from: it.from, to: it.task, checkpointId: it.checkpointId, isSavepoint: it.isSavepoint, progress: Math.max(0, Math.min(1, progress)) });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Input channels currently blocked by barrier alignment, as (from, to) pairs. */
export function blockedChannels(state: EngineState): { from: string; to: string; checkpointId: number }[] {
  const out: { from: string; to: string; checkpointId: number }[] = [];
  if (state.scenario.checkpointing.mode !== 'exactly_once') return out;
  for (const [task, cp] of Object.entries(state.job.checkpointing)) {
    if (cp.aligning) for (const from of cp.aligning.arrived) out.push({ from, to: task, checkpointId: cp.aligning.checkpointId });
  }
  return out;
}
