/**
 * The in-flight data of an unaligned checkpoint (Flink's `ChannelStateWriter` output): per input
 * channel the records the barrier overtook or that arrived before the channel's own barrier
 * (`InputChannelStateHandle`), and per output channel the records still waiting to be sent
 * (`ResultSubpartitionStateHandle`). One file per subtask and checkpoint, in the checkpoint's
 * exclusive directory; each channel's records sit at an offset, in order.
 */
import type { Plain } from '../core/plainData';
import type { ChannelRecord } from '../job/channelState';
import { DataInputView, DataOutputView, plainValueSerializer } from '../serialization';
import type { ChannelStateEntry } from '../format/stateHandles';

export type { ChannelStateEntry, ChannelStateHandle } from '../format/stateHandles';

export interface CapturedChannelState {
  input: { channel: string; records: ChannelRecord[] }[];
  output: { channel: string; records: ChannelRecord[] }[];
}

/** Serializes captured in-flight records; returns the bytes and the handle's entries (channels with records only). */
export function encodeChannelState(state: CapturedChannelState): { bytes: Uint8Array; input: ChannelStateEntry[]; output: ChannelStateEntry[] } {
  const out = new DataOutputView(64);
  const write = (list: CapturedChannelState['input']): ChannelStateEntry[] =>
    list
      .filter((c) => c.records.length > 0)
      .map((c) => {
        const offset = out.length;
        for (const r of c.records) plainValueSerializer.serialize([r.key, r.keyGroup, r.value, r.origin] as Plain, out);
        return { channel: c.channel, offset, count: c.records.length };
      });
  const input = write(state.input);
  const output = write(state.output);
  return { bytes: out.toBytes(), input, output };
}

/** Measures each record's size without an array per record (every record an unaligned checkpoint persists). */
const sizeScratch = new DataOutputView(64);

/** The serialized size of one record, as channel state would hold it (Flink's buffer bytes). */
export function recordSerializedSize(r: ChannelRecord): number {
  const out = sizeScratch;
  out.clear();
  plainValueSerializer.serialize([r.key, r.keyGroup, r.value, r.origin] as Plain, out);
  return out.length;
}

/** Reads the records of one channel entry back, in order; corrupt data names the file. */
export function decodeChannelRecords(bytes: Uint8Array, entry: ChannelStateEntry, where: string): ChannelRecord[] {
  const input = new DataInputView(bytes, entry.offset);
  const records: ChannelRecord[] = [];
  for (let i = 0; i < entry.count; i++) {
    const v = plainValueSerializer.deserialize(input) as Plain;
    if (!Array.isArray(v) || v.length !== 4 || (typeof v[0] !== 'string' && typeof v[0] !== 'number') || typeof v[1] !== 'number' || typeof v[2] !== 'number' || typeof v[3] !== 'string') {
      throw new Error(`${where}: channel state record ${i} of ${entry.channel} is corrupt`);
    }
    records.push({ key: v[0], keyGroup: v[1], value: v[2], origin: v[3] });
  }
  return records;
}
