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
    const progress = 1 - (e.atMs - state.nowMs) / HOP_LATENCY_MS;
    out.push({ id: e.seq, from: it.from, to: it.task, key: it.key, keyGroup: it.keyGroup, value: it.value, progress: Math.max(0, Math.min(1, progress)) });
  }
  return out.sort((a, b) => a.id - b.id);
}
