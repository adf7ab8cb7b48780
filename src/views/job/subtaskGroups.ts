/**
 * The job graph at scale (issue 17 §4): a column of more than GROUP_ABOVE subtasks shows its first
 * SHOWN_WHEN_GROUPED subtasks and one group node for the rest, so parallelism 16–64 stays readable
 * at 1280×720 (a column of 16 boxes would shrink to unreadable text or scroll far). The group node
 * sums up what its members do (back-pressured, aligning, busy, acknowledged the running
 * checkpoint) and is clicked to expand the column; expanded columns show every subtask again.
 * Pure: the view draws what this returns.
 */
import type { EngineState, Topology } from '../../engine';
import { acknowledgement } from './acknowledgements';
import { layoutJob, TOP, type JobLayout, type NodeBox } from './jobLayout';
import { taskStatus } from './taskStatus';

/** Columns with more subtasks than this are grouped. */
export const GROUP_ABOVE = 8;
/** How many subtasks a grouped column shows before its group node (the node takes the last row). */
export const SHOWN_WHEN_GROUPED = GROUP_ABOVE - 1;

export interface SubtaskGroup {
  /** The group's id in the graph: `<vertex>#<first>–<last>`. */
  name: string;
  vertex: string;
  /** The subtasks it stands for, in index order. */
  members: string[];
  box: NodeBox;
}

/** The topology the graph draws: grouped columns keep their first subtasks; channels to hidden ones go. */
export function visibleTopology(t: Topology, expanded: ReadonlySet<string>): { topology: Topology; hidden: Map<string, string[]> } {
  const hidden = new Map<string, string[]>();
  for (const v of t.vertices) {
    if (v.parallelism <= GROUP_ABOVE || expanded.has(v.name)) continue;
    hidden.set(
      v.name,
      t.subtasks.filter((s) => s.vertex === v.name && s.index >= SHOWN_WHEN_GROUPED).map((s) => s.name),
    );
  }
  if (hidden.size === 0) return { topology: t, hidden };
  const gone = new Set([...hidden.values()].flat());
  const keep = (names: string[]) => names.filter((n) => !gone.has(n));
  const subtasks = t.subtasks.filter((s) => !gone.has(s.name));
  const inputs: Record<string, string[]> = {};
  const outputs: Record<string, string[]> = {};
  for (const s of subtasks) {
    inputs[s.name] = keep(t.inputs[s.name] ?? []);
    outputs[s.name] = keep(t.outputs[s.name] ?? []);
  }
  // A grouped column keeps GROUP_ABOVE rows: its shown subtasks and the group's row under them.
  const vertices = t.vertices.map((v) => (hidden.has(v.name) ? { ...v, parallelism: GROUP_ABOVE } : v));
  return { topology: { ...t, vertices, subtasks, inputs, outputs }, hidden };
}

/**
 * The graph's layout with grouped columns: the layout of the visible topology, column labels that
 * name the real parallelism, and a box per group in its column's last row.
 */
export function layoutGrouped(t: Topology, expanded: ReadonlySet<string>): { layout: JobLayout; groups: SubtaskGroup[] } {
  const { topology, hidden } = visibleTopology(t, expanded);
  const layout = layoutJob(topology);
  if (hidden.size === 0) return { layout, groups: [] };
  const real = layoutJob({ ...t, subtasks: [], inputs: {}, outputs: {} }).columns;
  const columns = layout.columns.map((c, i) => ({ ...c, label: real[i]!.label }));
  // A grouped column spreads its GROUP_ABOVE rows over the graph's height (layoutJob's band per
  // subtask index), also when an expanded column beside it makes the graph taller.
  const rowH = (layout.height - TOP) / GROUP_ABOVE;
  const groups: SubtaskGroup[] = [];
  for (const [vertex, members] of hidden) {
    const v = t.vertices.find((x) => x.name === vertex)!;
    const column = columns.find((c) => c.vertex === vertex)!;
    const first = t.subtasks.find((s) => s.name === members[0])!;
    const last = t.subtasks.find((s) => s.name === members[members.length - 1])!;
    const y = TOP + SHOWN_WHEN_GROUPED * rowH + (rowH - layout.nodeH - 20) / 2;
    groups.push({
      name: `${vertex}#${first.index}–${last.index}`,
      vertex,
      members,
      box: { name: `${vertex}#${first.index}–${last.index}`, vertex, kind: v.kind, x: column.x - layout.nodeW / 2, y, w: layout.nodeW, h: layout.nodeH, taskManager: first.taskManager },
    });
  }
  return { layout: { ...layout, columns }, groups };
}

/** What a group's members do at one step, summed up for its node. */
export interface GroupSummary {
  members: number;
  backPressured: number;
  aligning: number;
  busy: number;
  /** Acknowledgements of the newest pending checkpoint among the members (null: none pending). */
  acks: { checkpointId: number; acked: number } | null;
  /** Records processed (keyed), received (sinks) or read (sources) by the members together. */
  count: number;
}

export function summarizeGroup(state: EngineState, group: SubtaskGroup): GroupSummary {
  const pending = state.coordinator.pending[state.coordinator.pending.length - 1] ?? null;
  const s: GroupSummary = { members: group.members.length, backPressured: 0, aligning: 0, busy: 0, acks: pending ? { checkpointId: pending.id, acked: 0 } : null, count: 0 };
  for (const m of group.members) {
    const st = taskStatus(state, m);
    if (st.backPressured || st.stoppedReading) s.backPressured += 1;
    if (st.aligning) s.aligning += 1;
    if (st.busy) s.busy += 1;
    if (pending && s.acks && acknowledgement(state, m, pending.id)) s.acks.acked += 1;
    if (group.box.kind === 'keyed') s.count += state.job.keyed[m]?.processed ?? 0;
    else if (group.box.kind === 'sink') s.count += state.job.sinks[m]?.received ?? 0;
    else for (const p of state.job.sources[m]?.partitions ?? []) s.count += p.offset + p.logOffset;
  }
  return s;
}

/**
 * The channels to and from the grouped subtasks, as one path: a line per pair of drawn boxes
 * (a subtask or a group) that some hidden channel connects, so the group is seen to be wired in
 * without drawing each of its channels.
 */
export function groupedWires(t: Topology, layout: JobLayout, groups: readonly SubtaskGroup[]): string {
  if (groups.length === 0) return '';
  const boxOf = new Map<string, NodeBox>();
  for (const g of groups) for (const m of g.members) boxOf.set(m, g.box);
  const box = (task: string) => boxOf.get(task) ?? layout.nodes.get(task);
  const pairs = new Set<string>();
  let d = '';
  for (const g of groups) {
    for (const m of g.members) {
      const links: [string, string][] = [...(t.outputs[m] ?? []).map((to): [string, string] => [m, to]), ...(t.inputs[m] ?? []).map((from): [string, string] => [from, m])];
      for (const [from, to] of links) {
        const a = box(from);
        const b = box(to);
        if (!a || !b) continue;
        const key = `${a.name}->${b.name}`;
        if (pairs.has(key)) continue;
        pairs.add(key);
        d += `M${a.x + a.w},${a.y + a.h / 2}L${b.x},${b.y + b.h / 2}`;
      }
    }
  }
  return d;
}
