/**
 * Restoring the in-flight data of an unaligned checkpoint (Flink's `SequentialChannelStateReader`):
 * before new input, every record of the restored channel state is delivered again: input channel
 * state to the subtask that now owns the record (by key group after keyBy, or the forward
 * partner of a sink), output channel state to the receiver downstream. Rescaling re-routes each
 * record by its key group, as Flink's channel-state rescaling does for keyed exchanges.
 */
import { computeOperatorIndexForKeyGroup } from '../keys/keyGroups';
import type { CheckpointMetadata } from '../format/metadataFormat';
import { decodeChannelRecords } from '../dataflow/channelStateHandle';
import type { ChannelRecord } from '../job/channelState';
import { flowOf } from '../dataflow/channels';
import { runTask } from '../dataflow/taskInput';
import type { StepContext } from '../stepContext';
import { readFile } from '../storage/remoteStorage';

function ownerOf(
  ctx: StepContext,
  vertex: string,
  oldIndex: number,
  r: ChannelRecord,
): string | null {
  const { vertices, maxParallelism } = ctx.state.job.topology;
  const v = vertices.find((x) => x.name === vertex);
  if (!v) return null;
  if (v.kind === 'keyed')
    return `${vertex}#${computeOperatorIndexForKeyGroup(maxParallelism, v.parallelism, r.keyGroup)}`;
  return `${vertex}#${oldIndex % v.parallelism}`;
}

/** Queues every restored in-flight record at its new receiver and lets the receivers process them. */
export function restoreChannelState(ctx: StepContext, meta: CheckpointMetadata): void {
  const job = ctx.state.job;
  const vertices = job.topology.vertices;
  const receivers = new Set<string>();
  // Per channel, what the receiver had queued is older than what the sender still held: all
  // input channel state first, then all output channel state.
  for (const side of ['input', 'output'] as const)
    for (const op of meta.operators) {
      const next = vertices[vertices.findIndex((v) => v.name === op.vertex) + 1]?.name ?? null;
      op.subtasks.forEach((st, i) => {
        const h = st.channel;
        if (!h) return;
        const oldTask = `${op.vertex}#${i}`;
        const where =
          h.delegate.type === 'file' ? h.delegate.path : `inline channel state of ${oldTask}`;
        const bytes =
          h.delegate.type === 'inline'
            ? h.delegate.bytes
            : readFile(ctx.state.storage, h.delegate.path);
        if (h[side].length === 0) return;
        let records = 0;
        const deliver = (vertex: string | null, r: ChannelRecord, channel: string) => {
          const to = vertex ? ownerOf(ctx, vertex, i, r) : null;
          if (!to || !job.checkpointing[to]) return;
          // Restored data goes in front of a real input channel (the same one when it still
          // exists), so a later barrier on that channel comes after it, as in Flink.
          const inputs = job.topology.inputs[to] ?? [];
          const from = inputs.includes(channel) ? channel : inputs[0]!;
          flowOf(job, to).queue.push({ from, kind: 'record', ...r });
          receivers.add(to);
          records += 1;
        };
        for (const e of h[side])
          for (const r of decodeChannelRecords(bytes, e, where))
            deliver(side === 'input' ? op.vertex : next, r, side === 'input' ? e.channel : oldTask);
        ctx.emit(
          'restore.channelState',
          { checkpointId: meta.checkpointId, records, from: [`${oldTask} (${side})`] },
          { task: oldTask },
        );
      });
    }
  for (const t of [...receivers].sort()) runTask(ctx, t);
}
