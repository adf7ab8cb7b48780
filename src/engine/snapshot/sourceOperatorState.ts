/**
 * A source's operator state: one list state whose elements are its partitions with their
 * offsets. SPLIT_DISTRIBUTE by default (as Flink's Kafka source keeps its splits); UNION for the
 * legacy FlinkKafkaConsumer (`job.operatorState.sourceOffsets: "union"`, legacyKafkaConsumer.ts).
 * Small, so it travels inline in `_metadata` (Flink: below `state.storage.fs.memory-threshold`, 20 KB).
 */
import type { Plain } from '../core/plainData';
import type { SourcePartitionState } from '../job/jobState';
import { DataInputView, DataOutputView, plainValueSerializer } from '../serialization';
import type { OperatorStateHandle, StreamStateHandle } from '../format/stateHandles';

export const SOURCE_STATE_NAME = 'source-partitions';
/** `FlinkKafkaConsumerBase.OFFSETS_STATE_NAME`: the legacy consumer's union list state. */
export const UNION_OFFSETS_STATE_NAME = 'topic-partition-offset-states';

/** Reused by every source snapshot (`toBytes` copies the bytes out). */
const sourceScratch = new DataOutputView(256);

/** Encodes a source subtask's partitions as an operator state handle with element offsets. */
export function encodeSourceState(task: string, partitions: readonly SourcePartitionState[], mode: 'SPLIT_DISTRIBUTE' | 'UNION' = 'SPLIT_DISTRIBUTE'): OperatorStateHandle {
  const out = sourceScratch;
  out.clear();
  const offsets: number[] = [];
  for (const p of partitions) {
    offsets.push(out.length);
    plainValueSerializer.serialize([p.partition, p.offset, p.logOffset], out);
  }
  const name = mode === 'UNION' ? UNION_OFFSETS_STATE_NAME : SOURCE_STATE_NAME;
  return { type: 'operator', states: [{ name, mode, offsets }], delegate: { type: 'inline', name: `${task}-partitions`, bytes: out.toBytes() } };
}

/** Decodes the elements of a source's operator state from the bytes its handle points at. */
export function decodeSourceState(handle: OperatorStateHandle, bytes: Uint8Array, where: string): SourcePartitionState[] {
  const meta = handle.states.find((s) => s.name === SOURCE_STATE_NAME || s.name === UNION_OFFSETS_STATE_NAME);
  if (!meta) return [];
  return meta.offsets.map((offset) => {
    const v = plainValueSerializer.deserialize(new DataInputView(bytes, offset)) as Plain;
    if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0)) {
      throw new Error(`${where}: a source partition entry is corrupt (${JSON.stringify(v)})`);
    }
    const [partition, off, logOffset] = v as number[];
    return { partition: partition!, offset: off!, logOffset: logOffset! };
  });
}

/** The bytes of an inline handle; file handles are read by the caller from storage. */
export function inlineBytes(h: StreamStateHandle): Uint8Array | null {
  return h.type === 'inline' ? h.bytes : null;
}
