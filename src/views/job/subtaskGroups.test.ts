// The job graph at scale: columns past 8 subtasks show 7 and a group node for the rest, with what
// the members do summed up; expanded columns show every subtask; smaller jobs are left alone.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf, Simulation, Timeline, type ScenarioInput, type Topology } from '../../engine';
import { layoutJob } from './jobLayout';
import { groupedWires, layoutGrouped, summarizeGroup, visibleTopology } from './subtaskGroups';
import { taskStatus } from './taskStatus';
import { acknowledgement } from './acknowledgements';

const input = (parallelism: number, extra: Partial<ScenarioInput> = {}): ScenarioInput =>
  ({ ...DEFAULT_SCENARIO_INPUT, job: { ...DEFAULT_SCENARIO_INPUT.job, parallelism }, ...extra }) as ScenarioInput;
const topology = (p: number): Topology => Simulation.create(scenarioOf(input(p))).state.job.topology;

describe('grouping the subtasks of a big job', () => {
  it('leaves a job of up to 8 subtasks per column as it is', () => {
    const t = topology(8);
    const { layout, groups } = layoutGrouped(t, new Set());
    expect(groups).toEqual([]);
    expect([...layout.nodes.keys()]).toEqual([...layoutJob(t).nodes.keys()]);
    expect(groupedWires(t, layout, groups)).toBe('');
  });

  it('shows subtasks 0–6 of each column of 16 and one group node for 7–15 in the last row', () => {
    const t = topology(16);
    const { layout, groups } = layoutGrouped(t, new Set());
    expect(groups.map((g) => g.name)).toEqual(['source#7–15', 'count#7–15', 'sink#7–15']);
    for (const g of groups) expect(g.members).toEqual([...Array(9).keys()].map((i) => `${g.vertex}#${i + 7}`));
    expect([...layout.nodes.keys()].filter((n) => n.startsWith('count#'))).toEqual([...Array(7).keys()].map((i) => `count#${i}`));
    // The column labels say the real parallelism; the graph is as tall as a job of 8.
    expect(layout.columns.map((c) => c.label).every((l) => l.includes('p=16'))).toBe(true);
    expect(layout.height).toBe(layoutJob(topology(8)).height);
    // The group box sits under the last shown subtask, inside the graph, in its column.
    for (const g of groups) {
      const above = layout.nodes.get(`${g.vertex}#6`)!;
      expect(g.box.x).toBe(above.x);
      expect(g.box.y).toBeGreaterThan(above.y + above.h);
      expect(g.box.y + g.box.h).toBeLessThanOrEqual(layout.height);
    }
    // Only channels between shown subtasks keep lanes: 7×7 keyBy channels, 7 forward ones to the sinks.
    expect(layout.outLanes.size).toBe(7 * 7 + 7);
    // Hidden channels are one path of lines between drawn boxes.
    expect(groupedWires(t, layout, groups).match(/M/g)!.length).toBeGreaterThan(3);
  });

  it('shows every subtask of an expanded column, and keeps grouping the others', () => {
    const t = topology(16);
    const { layout, groups } = layoutGrouped(t, new Set(['count']));
    expect(groups.map((g) => g.vertex)).toEqual(['source', 'sink']);
    expect([...layout.nodes.keys()].filter((n) => n.startsWith('count#'))).toHaveLength(16);
    // The grouped columns beside it spread over the taller graph: the group stays under its last shown subtask.
    for (const g of groups) {
      const above = layout.nodes.get(`${g.vertex}#6`)!;
      expect(g.box.y).toBeGreaterThan(above.y + above.h);
      expect(g.box.y + g.box.h).toBeLessThanOrEqual(layout.height);
    }
    const all = layoutGrouped(t, new Set(['source', 'count', 'sink']));
    expect(all.groups).toEqual([]);
    expect(all.layout.nodes.size).toBe(48);
  });

  it('keeps only channels between shown subtasks in the visible topology', () => {
    const t = topology(12);
    const { topology: v, hidden } = visibleTopology(t, new Set());
    expect(hidden.get('count')).toEqual(['count#7', 'count#8', 'count#9', 'count#10', 'count#11']);
    for (const [name, outs] of Object.entries(v.outputs)) {
      expect(v.subtasks.some((s) => s.name === name)).toBe(true);
      for (const o of outs) expect(v.subtasks.some((s) => s.name === o)).toBe(true);
    }
  });

  it("sums up the members' state as each subtask's own status says, at every step of a run", () => {
    const s = scenarioOf(input(10, { untilMs: 2_500, checkpointing: { ...DEFAULT_SCENARIO_INPUT.checkpointing, intervalMs: 500 } } as Partial<ScenarioInput>));
    const tl = Timeline.record(s, { keyframeEvery: 64 });
    const { groups } = layoutGrouped(tl.stateAt(0).job.topology, new Set());
    expect(groups).toHaveLength(3);
    let sawAcks = false;
    for (let i = 0; i <= tl.length; i += Math.max(1, Math.floor(tl.length / 60))) {
      const state = tl.stateAt(i);
      for (const g of groups) {
        const sum = summarizeGroup(state, g);
        const st = g.members.map((m) => taskStatus(state, m));
        expect(sum.members).toBe(3);
        expect(sum.backPressured).toBe(st.filter((x) => x.backPressured || x.stoppedReading).length);
        expect(sum.aligning).toBe(st.filter((x) => x.aligning).length);
        const pending = state.coordinator.pending.at(-1);
        if (pending) {
          expect(sum.acks).toEqual({ checkpointId: pending.id, acked: g.members.filter((m) => acknowledgement(state, m, pending.id)).length });
          if (sum.acks!.acked > 0) sawAcks = true;
        } else expect(sum.acks).toBeNull();
      }
    }
    expect(sawAcks).toBe(true);
    const end = tl.stateAt(tl.length);
    const sinks = groups.find((g) => g.vertex === 'sink')!;
    expect(summarizeGroup(end, sinks).count).toBe(sinks.members.reduce((n, m) => n + (end.job.sinks[m]?.received ?? 0), 0));
    expect(summarizeGroup(end, sinks).count).toBeGreaterThan(0);
  });
});
