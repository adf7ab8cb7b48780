/**
 * A subtask's acknowledgement of a checkpoint as the views can see it: in the coordinator's
 * pending checkpoint, or still on its way there (the RPC takes a simulated millisecond, during
 * which the subtask has already dropped its running snapshot).
 */
import type { EngineState } from '../../engine';

type Ack = EngineState['coordinator']['pending'][number]['acks'][string];

export function acknowledgement(state: EngineState, task: string, checkpointId: number): Ack | null {
  const pending = state.coordinator.pending.find((p) => p.id === checkpointId);
  const acked = pending?.acks[task];
  if (acked) return acked;
  for (const e of state.queue.heap) {
    const it = e.item;
    if (it.kind === 'checkpoint.ack' && it.task === task && it.checkpointId === checkpointId) return it.ack;
  }
  return null;
}
