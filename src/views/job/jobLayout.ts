/**
 * Where each subtask of the job graph sits: one column per vertex (source, keyed operators,
 * sink), subtasks stacked in each column. Pure geometry from d3 scales; the view draws it.
 */
import { scaleBand, scalePoint } from 'd3';
import type { Topology } from '../../engine';

export const GRAPH_W = 860;
export const NODE_W = 172;
export const NODE_H = 58;
const ROW_H = 78;
const TOP = 34;

export interface NodeBox {
  name: string;
  vertex: string;
  kind: 'source' | 'keyed' | 'sink';
  x: number;
  y: number;
  taskManager: number;
}

export interface JobLayout {
  width: number;
  height: number;
  nodes: Map<string, NodeBox>;
  columns: { vertex: string; x: number; label: string }[];
}

export function layoutJob(t: Topology): JobLayout {
  const rows = Math.max(...t.vertices.map((v) => v.parallelism));
  const height = TOP + rows * ROW_H + 8;
  const colX = scalePoint<string>()
    .domain(t.vertices.map((v) => v.name))
    .range([NODE_W / 2 + 16, GRAPH_W - NODE_W / 2 - 16]);
  const nodes = new Map<string, NodeBox>();
  for (const v of t.vertices) {
    const rowY = scaleBand<number>()
      .domain([...Array(v.parallelism).keys()])
      .range([TOP, TOP + rows * ROW_H])
      .paddingInner(0.2);
    for (const s of t.subtasks.filter((x) => x.vertex === v.name)) {
      nodes.set(s.name, {
        name: s.name,
        vertex: v.name,
        kind: v.kind,
        x: colX(v.name)! - NODE_W / 2,
        y: rowY(s.index)! + (rowY.bandwidth() - NODE_H) / 2,
        taskManager: s.taskManager,
      });
    }
  }
  const columns = t.vertices.map((v) => ({
    vertex: v.name,
    x: colX(v.name)!,
    label: v.kind === 'keyed' ? `${v.name} · ${v.state![0]!.toUpperCase()}${v.state!.slice(1)}State · p=${v.parallelism}` : `${v.name} · p=${v.parallelism}`,
  }));
  return { width: GRAPH_W, height, nodes, columns };
}

/** Every channel of the graph as (from, to) pairs, from the engine's topology. */
export function channelsOf(t: Topology): [string, string][] {
  return Object.entries(t.outputs).flatMap(([from, tos]) => tos.map((to): [string, string] => [from, to]));
}
