/**
 * The legacy Kafka consumer (`FlinkKafkaConsumerBase`, a `SourceFunction`), chosen with
 * `job.operatorState.sourceOffsets: "union"`. It keeps its partition offsets as UNION list state
 * ("topic-partition-offset-states", `getUnionListState`): on restore every subtask receives the
 * entries of all old subtasks, then keeps only the partitions `KafkaTopicPartitionAssigner`
 * gives it at the new parallelism (`FlinkKafkaConsumerBase#open`). Partitions are assigned the
 * same way at the first start. The engine's partitions are one topic, named below.
 */
import { javaStringHashCode } from '../keys/javaHashCode';
import type { Scenario } from '../scenario/scenarioSchema';
import type { SourcePartitionState } from './jobState';

/** The topic the engine's partitions belong to (it sets the assigner's start index: 0 at parallelism 2, 1 at 3). */
export const LEGACY_TOPIC = 'records';

/** Whether the scenario's source is the legacy consumer with union list state. */
export function usesUnionOffsets(s: Scenario): boolean {
  return s.job.operatorState?.sourceOffsets === 'union';
}

/**
 * `KafkaTopicPartitionAssigner.assign(topic, partition, numParallelSubtasks)`: the subtask that
 * reads a partition, starting at a topic-dependent index and going round from there.
 */
export function assignPartition(topic: string, partition: number, numParallelSubtasks: number): number {
  // Java int arithmetic: (hashCode * 31) overflows, then & 0x7FFFFFFF makes it non-negative.
  const startIndex = (Math.imul(javaStringHashCode(topic), 31) & 0x7fffffff) % numParallelSubtasks;
  return (startIndex + partition) % numParallelSubtasks;
}

/** The partitions subtask `index` of `parallelism` reads at the first start (one partition per subtask of the first job). */
export function initialLegacyPartitions(index: number, parallelism: number, partitions: number): SourcePartitionState[] {
  const out: SourcePartitionState[] = [];
  for (let p = 0; p < partitions; p++) if (assignPartition(LEGACY_TOPIC, p, parallelism) === index) out.push({ partition: p, offset: 0, logOffset: 0 });
  return out;
}
