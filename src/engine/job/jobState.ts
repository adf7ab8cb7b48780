/**
 * The running job as plain data: the topology, and per subtask what it holds. Sources keep
 * their read offset (operator state in Flink); keyed operators keep their keyed backend; sinks
 * keep what they have received and emitted.
 */
import type { ScenarioRecord } from '../scenario/actionSchema';
import type { Scenario } from '../scenario/scenarioSchema';
import { createKeyedBackend, type KeyedBackendData } from './keyedBackend';
import { buildTopology, type Topology } from './topology';
import { createTaskCheckpointing, type TaskCheckpointing } from './taskCheckpointing';

export interface SourceTaskState {
  /** Next generator offset to read (a Kafka-like position; checkpointed as operator state). */
  offset: number;
  /** Next position in the script log (records of `emit` actions); checkpointed likewise. */
  logOffset: number;
  emitted: number;
}

export interface KeyedTaskState {
  operator: string;
  backend: KeyedBackendData;
  processed: number;
}

export interface SinkTaskState {
  received: number;
}

export interface JobState {
  topology: Topology;
  sources: Record<string, SourceTaskState>;
  keyed: Record<string, KeyedTaskState>;
  sinks: Record<string, SinkTaskState>;
  /**
   * Records of `emit` actions, per source subtask, in order: the external log a script source
   * reads from (like a topic partition), so a rewound source can read them again.
   */
  scriptLog: Record<string, ScenarioRecord[]>;
  /** Barrier alignment and running snapshots, per subtask. */
  checkpointing: Record<string, TaskCheckpointing>;
}

/** A fresh job (no state) for a scenario, optionally at another parallelism. */
export function createJobState(s: Scenario, parallelism?: number): JobState {
  const topology = buildTopology(s, parallelism);
  const job: JobState = { topology, sources: {}, keyed: {}, sinks: {}, scriptLog: {}, checkpointing: {} };
  for (const t of topology.subtasks) {
    job.checkpointing[t.name] = createTaskCheckpointing();
    const vertex = topology.vertices.find((v) => v.name === t.vertex)!;
    if (vertex.kind === 'source') {
      job.sources[t.name] = { offset: 0, logOffset: 0, emitted: 0 };
      job.scriptLog[t.name] = [];
    } else if (vertex.kind === 'keyed') {
      job.keyed[t.name] = { operator: vertex.name, backend: createKeyedBackend(s.stateBackend.type, topology.maxParallelism, t.keyGroupRange!), processed: 0 };
    } else {
      job.sinks[t.name] = { received: 0 };
    }
  }
  return job;
}
