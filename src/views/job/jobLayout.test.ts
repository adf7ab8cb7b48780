// Geometry of the job graph for 1–4 parallel subtasks and one or two keyed operators: boxes stay
// inside the graph and apart, each channel has its own output and input lane beside its boxes,
// the wire runs forward between them, and items and the cut land where they should; every step
// of a run with a failure and a rescaling restore derives without errors.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf, Simulation, type ScenarioInput, type Topology } from '../../engine';
import { cellX, channelsOf, layoutJob } from './jobLayout';
import { cutPolyline, placeItems } from './itemGeometry';
import { channelViews } from './channelBuffers';
import { checkpointCut, chooseCut } from './checkpointCut';
import { taskStatus } from './taskStatus';
import { recordScenarioFile, recordTroubledRun, positionsWhere } from './recordedRuns';

function topology(parallelism: number, operators: string[]): Topology {
  const input = { ...DEFAULT_SCENARIO_INPUT, job: { ...DEFAULT_SCENARIO_INPUT.job, parallelism, operators: operators.map((name) => ({ name, state: 'value' })) } } as ScenarioInput;
  return Simulation.create(scenarioOf(input)).state.job.topology;
}

describe('layoutJob', () => {
  for (const p of [1, 2, 3, 4]) {
    for (const ops of [['count'], ['count', 'sum']]) {
      it(`fits p=${p} with ${ops.length} keyed operator(s)`, () => {
        const t = topology(p, ops);
        const l = layoutJob(t);
        expect(l.compact).toBe(p >= 3);
        const boxes = [...l.nodes.values()];
        for (const b of boxes) {
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.x + b.w).toBeLessThanOrEqual(l.width);
          expect(b.y).toBeGreaterThanOrEqual(40);
          expect(l.statusY(b) + 16).toBeLessThanOrEqual(l.height);
          for (const o of boxes) if (o !== b && o.x === b.x) expect(Math.abs(o.y - b.y)).toBeGreaterThanOrEqual(b.h + 16);
        }
        for (const [from, to] of channelsOf(t)) {
          const key = `${from}->${to}`;
          const out = l.outLanes.get(key)!;
          const inn = l.inLanes.get(key)!;
          const wire = l.wires.get(key)!;
          const a = l.nodes.get(from)!;
          const b = l.nodes.get(to)!;
          // Lanes sit beside their boxes, within the box's height, cells between box and wire.
          expect(out.y).toBeGreaterThan(a.y);
          expect(out.y).toBeLessThan(a.y + a.h);
          expect(inn.y).toBeGreaterThan(b.y);
          expect(inn.y).toBeLessThan(b.y + b.h);
          for (let i = 0; i < l.laneCells; i++) {
            expect(cellX(out, i) - out.cellW / 2).toBeGreaterThanOrEqual(a.x + a.w);
            expect(cellX(out, i) + out.cellW / 2).toBeLessThanOrEqual(wire.a[0]);
            expect(cellX(inn, i) + inn.cellW / 2).toBeLessThanOrEqual(b.x);
            expect(cellX(inn, i) - inn.cellW / 2).toBeGreaterThanOrEqual(wire.b[0]);
          }
          expect(wire.b[0] - wire.a[0]).toBeGreaterThan(20);
        }
        // One lane per channel on each side of a box: distinct heights.
        for (const b of boxes) {
          const ys = [...l.inLanes.values()].filter((x) => x.boxX === b.x && x.y > b.y && x.y < b.y + b.h).map((x) => x.y);
          expect(new Set(ys).size).toBe(ys.length);
        }
      });
    }
  }
});

describe('placeItems and cutPolyline', () => {
  const tl = recordScenarioFile('scenarios/backpressure-unaligned.json');
  const layout = layoutJob(tl.stateAt(0).job.topology);

  it('puts wire items on their wire and queued ones in their lanes', () => {
    for (let pos = 100; pos < 400; pos += 3) {
      const { items } = placeItems(layout, channelViews(tl.stateAt(pos)));
      for (const it of items) {
        const wire = layout.wires.get(it.channel)!;
        if (it.place === 'wire') {
          expect(it.x).toBeGreaterThanOrEqual(wire.a[0] - 0.01);
          expect(it.x).toBeLessThanOrEqual(wire.b[0] + 0.01);
        } else if (it.place === 'out') {
          expect(it.x).toBeLessThan(wire.a[0]);
          expect(it.y).toBe(layout.outLanes.get(it.channel)!.y);
        } else {
          expect(it.x).toBeGreaterThan(wire.b[0]);
          expect(it.y).toBe(layout.inLanes.get(it.channel)!.y);
        }
      }
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    }
  });

  it('draws the cut from the top of the graph to the bottom through its barriers', () => {
    const pos = positionsWhere(tl, (e) => e.type === 'barrier.overtook' && e.task === 'count#0')[0]!;
    const state = tl.stateAt(pos);
    const channels = channelViews(state);
    const { items } = placeItems(layout, channels);
    const cut = checkpointCut(state, channels, { checkpointId: 1, status: 'inProgress' });
    const line = cutPolyline(layout, cut, items)!;
    expect(line[0]![1]).toBeLessThanOrEqual(32);
    expect(line[line.length - 1]![1]).toBe(layout.height - 2);
    for (let i = 1; i < line.length; i++) expect(line[i]![1]).toBeGreaterThanOrEqual(line[i - 1]![1]);
    for (const p of cut.points) {
      if (p.kind !== 'barrier') continue;
      const it = items.find((i) => i.id === p.itemId)!;
      expect(line.some(([x, y]) => x === it.x && y === it.y)).toBe(true);
    }
  });
});

describe('every step of a troubled run', () => {
  it('derives buffers, badges, items and the cut through a failure and a rescaling restore', () => {
    const tl = recordTroubledRun();
    let layout = layoutJob(tl.stateAt(0).job.topology);
    for (let pos = 0; pos <= tl.length; pos += 2) {
      const state = tl.stateAt(pos);
      if (state.job.topology.subtasks.length !== layout.nodes.size) layout = layoutJob(state.job.topology);
      const channels = channelViews(state);
      const { items } = placeItems(layout, channels);
      for (const s of state.job.topology.subtasks) taskStatus(state, s.name);
      const choice = chooseCut(state, null);
      if (choice) cutPolyline(layout, checkpointCut(state, channels, choice), items);
    }
    expect(layout.nodes.size).toBe(9);
  });
});
