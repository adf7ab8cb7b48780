/**
 * Where each subtask of the job graph sits, and where its buffers go: one column per vertex
 * (source, keyed operators, sink), subtasks stacked in each column. Each channel has an output
 * lane beside the sender (buffers waiting for credit) and an input lane beside the receiver
 * (queued input, one slot per credit), one lane per channel so that all-to-all keyBy edges stay
 * readable; the wire runs between the two lanes. Pure geometry from d3 scales; the view draws it.
 */
import { scaleBand, scalePoint } from 'd3';
import type { Topology } from '../../engine';

export const GRAPH_W = 900;
const MARGIN_X = 22;
/** Column labels, then a row for the cut's tag, above the first subtask. */
export const TOP = 40;
const STATUS_H = 20;

export interface NodeBox {
  name: string;
  vertex: string;
  kind: 'source' | 'keyed' | 'sink';
  x: number;
  y: number;
  w: number;
  h: number;
  taskManager: number;
}

/** A lane of buffer cells beside a subtask: cell i (0 = head) sits `i` pitches from `headX`. */
export interface Lane {
  channel: string;
  /** Center of the head cell (next to send / next to process). */
  headX: number;
  /** +1: cells go right from the head; -1: left. */
  dir: 1 | -1;
  y: number;
  cellH: number;
  /** Cell width and the distance between neighboring cells. */
  cellW: number;
  pitch: number;
  /** Where the subtask box edge is (the lane ends there). */
  boxX: number;
}

export interface JobLayout {
  width: number;
  height: number;
  /** Fewer lines per subtask when a column holds 3 or more. */
  compact: boolean;
  nodeW: number;
  nodeH: number;
  /** Cells a lane shows before it folds the rest into "+n". */
  laneCells: number;
  /** Length of a lane beside a subtask box. */
  laneLen: number;
  nodes: Map<string, NodeBox>;
  columns: { vertex: string; x: number; label: string }[];
  outLanes: Map<string, Lane>;
  inLanes: Map<string, Lane>;
  /** Where records on the wire start and end, per channel. */
  wires: Map<string, { a: [number, number]; b: [number, number] }>;
  /** Top of the status line under each subtask. */
  statusY: (n: NodeBox) => number;
}

function laneYs(box: NodeBox, n: number): number[] {
  return [...Array(n).keys()].map((i) => box.y + (box.h * (i + 1)) / (n + 1));
}

export function layoutJob(t: Topology): JobLayout {
  const rows = Math.max(...t.vertices.map((v) => v.parallelism));
  const compact = rows >= 3;
  const cols = t.vertices.length;
  // Two keyed operators make four columns: narrower boxes and lanes keep some wire visible.
  const nodeW = cols >= 4 ? 140 : 166;
  const nodeH = compact ? 44 : 58;
  const rowH = nodeH + STATUS_H + (compact ? 4 : 8);
  const height = TOP + rows * rowH;
  const gap = cols > 1 ? (GRAPH_W - 2 * MARGIN_X - cols * nodeW) / (cols - 1) : 0;
  // Room for a lane on each side of a gap and a visible stretch of wire between them.
  const pitch = gap >= 170 ? 10 : 8;
  const cellW = pitch - 2;
  const laneCells = Math.max(2, Math.min(6, Math.floor((gap - 44) / (2 * pitch))));
  const laneLen = laneCells * pitch + 4;
  const colX = scalePoint<string>()
    .domain(t.vertices.map((v) => v.name))
    .range([MARGIN_X + nodeW / 2, GRAPH_W - MARGIN_X - nodeW / 2]);
  const nodes = new Map<string, NodeBox>();
  for (const v of t.vertices) {
    const rowY = scaleBand<number>()
      .domain([...Array(v.parallelism).keys()])
      .range([TOP, TOP + rows * rowH]);
    for (const s of t.subtasks.filter((x) => x.vertex === v.name)) {
      nodes.set(s.name, {
        name: s.name,
        vertex: v.name,
        kind: v.kind,
        x: colX(v.name)! - nodeW / 2,
        y: rowY(s.index)! + (rowY.bandwidth() - nodeH - STATUS_H) / 2,
        w: nodeW,
        h: nodeH,
        taskManager: s.taskManager,
      });
    }
  }
  const outLanes = new Map<string, Lane>();
  const inLanes = new Map<string, Lane>();
  const wires = new Map<string, { a: [number, number]; b: [number, number] }>();
  for (const [name, box] of nodes) {
    const outs = t.outputs[name] ?? [];
    const ys = laneYs(box, outs.length);
    const cellH = Math.min(12, box.h / (outs.length + 1) - 3);
    outs.forEach((to, i) => {
      const boxX = box.x + box.w;
      outLanes.set(`${name}->${to}`, { channel: `${name}->${to}`, headX: boxX + laneLen - pitch / 2, dir: -1, y: ys[i]!, cellH, cellW, pitch, boxX });
    });
    const ins = t.inputs[name] ?? [];
    const inYs = laneYs(box, ins.length);
    const inCellH = Math.min(12, box.h / (ins.length + 1) - 3);
    ins.forEach((from, i) => {
      inLanes.set(`${from}->${name}`, { channel: `${from}->${name}`, headX: box.x - 2 - pitch / 2, dir: -1, y: inYs[i]!, cellH: inCellH, cellW, pitch, boxX: box.x });
    });
  }
  for (const [key, o] of outLanes) {
    const i = inLanes.get(key)!;
    wires.set(key, { a: [o.boxX + laneLen + 2, o.y], b: [i.boxX - laneLen - 2, i.y] });
  }
  const columns = t.vertices.map((v) => ({
    vertex: v.name,
    x: colX(v.name)!,
    label: v.kind === 'keyed' ? `${v.name} · ${v.state![0]!.toUpperCase()}${v.state!.slice(1)}State · p=${v.parallelism}` : `${v.name} · p=${v.parallelism}`,
  }));
  return { width: GRAPH_W, height, compact, nodeW, nodeH, laneCells, laneLen, nodes, columns, outLanes, inLanes, wires, statusY: (n) => n.y + n.h + 3 };
}

/** Center of cell `i` of a lane. */
export function cellX(lane: Lane, i: number): number {
  return lane.headX + lane.dir * i * lane.pitch;
}

/** Every channel of the graph as (from, to) pairs, from the engine's topology. */
export function channelsOf(t: Topology): [string, string][] {
  return Object.entries(t.outputs).flatMap(([from, tos]) => tos.map((to): [string, string] => [from, to]));
}
