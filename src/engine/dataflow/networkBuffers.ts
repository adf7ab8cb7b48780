/**
 * Network buffers (`job.network.recordsPerBuffer`): Flink's RecordWriter serializes records into
 * network buffers (`taskmanager.memory.segment-size`, 32 KB) and a channel carries whole buffers.
 * With N > 1 records per buffer the engine moves records as Flink does, a buffer at a time: a
 * source step reads up to N records, the records one step sends on a channel travel together as
 * one arrival (at most N), and a receiver takes up to N records in one step, busy for their
 * summed processing time. Every record still has its own events; only the per-record steps are
 * gone. N = 1 (the default) is the exact per-record run.
 */
import type { QueueItemOf } from '../queueItems';
import type { Scenario } from '../scenario/scenarioSchema';
import type { ChannelRecord } from '../job/channelState';

/** Records per network buffer: 1 unless the scenario sets `job.network.recordsPerBuffer`. */
export function recordsPerBuffer(s: Scenario): number {
  return s.job.network?.recordsPerBuffer ?? 1;
}

/** Every record a `record.arrive` item carries, in channel order (one, or a whole buffer). */
export function arrivingRecords(item: QueueItemOf<'record.arrive'>): ChannelRecord[] {
  const first: ChannelRecord = { key: item.key, keyGroup: item.keyGroup, value: item.value, origin: item.origin };
  return item.more ? [first, ...item.more] : [first];
}
