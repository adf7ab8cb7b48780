/**
 * The job graph of a scenario, expanded into subtasks (Flink's ExecutionGraph): one source
 * vertex, the chain of keyed operators after keyBy, and a sink, each with its parallelism, and
 * the subtasks placed into TaskManagers by slot (Flink's default slot sharing puts one subtask
 * of every vertex into each slot).
 */
import { computeKeyGroupRangeForOperatorIndex } from '../keys/keyGroups';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import type { StateKind } from '../state/stateDescriptor';
import { effectiveMaxParallelism } from '../scenario/scenarioChecks';
import type { Scenario } from '../scenario/scenarioSchema';

export type VertexKind = 'source' | 'keyed' | 'sink';

export interface Vertex {
  /** Operator name: `source`, the keyed operator's name, or `sink`. */
  name: string;
  kind: VertexKind;
  parallelism: number;
  /** The keyed state kind (keyed operators only). */
  state: StateKind | null;
}

export interface SubtaskInfo {
  /** `<operator>#<subtaskIndex>`. */
  name: string;
  vertex: string;
  index: number;
  /** Key groups this subtask owns (keyed operators only). */
  keyGroupRange: KeyGroupRange | null;
  /** Index of the TaskManager that runs it (`tm-<n>` in the UI). */
  taskManager: number;
}

export interface Topology {
  maxParallelism: number;
  vertices: Vertex[];
  subtasks: SubtaskInfo[];
  taskManagers: number;
  /** Input channels of each subtask (the upstream subtasks it reads from), in a fixed order. */
  inputs: Record<string, string[]>;
  /** Output channels of each subtask (barriers go to all of them). */
  outputs: Record<string, string[]>;
}

/** Builds the vertices and subtasks of a scenario's job (at an optional restore parallelism). */
export function buildTopology(s: Scenario, parallelismOverride?: number): Topology {
  const maxParallelism = effectiveMaxParallelism(s);
  const p = parallelismOverride ?? s.job.parallelism;
  const vertices: Vertex[] = [
    { name: 'source', kind: 'source', parallelism: p, state: null },
    ...s.job.operators.map((o): Vertex => ({ name: o.name, kind: 'keyed', parallelism: parallelismOverride ?? o.parallelism ?? p, state: o.state })),
    { name: 'sink', kind: 'sink', parallelism: p, state: null },
  ];
  const slots = s.job.slotsPerTaskManager;
  const subtasks: SubtaskInfo[] = [];
  for (const v of vertices) {
    for (let i = 0; i < v.parallelism; i++) {
      subtasks.push({
        name: `${v.name}#${i}`,
        vertex: v.name,
        index: i,
        keyGroupRange: v.kind === 'keyed' ? computeKeyGroupRangeForOperatorIndex(maxParallelism, v.parallelism, i) : null,
        // Slot sharing: subtask i of every vertex shares slot i.
        taskManager: Math.floor(i / slots),
      });
    }
  }
  const maxPar = Math.max(...vertices.map((v) => v.parallelism));
  const inputs: Record<string, string[]> = {};
  const outputs: Record<string, string[]> = {};
  for (const t of subtasks) {
    inputs[t.name] = [];
    outputs[t.name] = [];
  }
  for (let v = 0; v + 1 < vertices.length; v++) {
    const a = vertices[v]!;
    const b = vertices[v + 1]!;
    for (let i = 0; i < a.parallelism; i++) {
      // keyBy is all-to-all; the edge into the sink is forward (or round robin when p differs).
      const targets = b.kind === 'keyed' ? [...Array(b.parallelism).keys()] : [i % b.parallelism];
      for (const j of targets) {
        outputs[`${a.name}#${i}`]!.push(`${b.name}#${j}`);
        inputs[`${b.name}#${j}`]!.push(`${a.name}#${i}`);
      }
    }
  }
  return { maxParallelism, vertices, subtasks, taskManagers: Math.ceil(maxPar / slots), inputs, outputs };
}

/** The subtask index in a task name `<operator>#<index>`. */
export function subtaskIndexOf(task: string): number {
  return Number(task.slice(task.lastIndexOf('#') + 1));
}

/** The vertex (operator) name in a task name `<operator>#<index>`. */
export function vertexOf(task: string): string {
  return task.slice(0, task.lastIndexOf('#'));
}
