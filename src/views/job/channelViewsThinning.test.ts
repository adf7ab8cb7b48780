// Thinning the records on the wires while playing fast (channelViewsFor's maxItems), on real
// recordings: the scale run's first seconds (256 records per network buffer, thousands on the
// wires, grouped columns) and a troubled run (unaligned checkpoints, a failure and a rescaling
// restore, so queues, blocking barriers and records read again). The thinned frame must be the
// unthinned frame with only wire records left out, an even share of each wire kept, in order.
import { describe, expect, it } from 'vitest';
import { Timeline, type EngineState } from '../../engine';
import { channelViews, channelViewsFor } from './channelBuffers';
import { FAST_ITEMS_MAX, grownItemsCap, placeItems, type DrawnItem } from './itemGeometry';
import { layoutJob, type JobLayout } from './jobLayout';
import { layoutGrouped } from './subtaskGroups';
import { recordTroubledRun, scenarioFile } from './recordedRuns';

const onWire = (i: DrawnItem) => i.kind === 'record' && i.place === 'wire';

/** The frame unthinned, only the channels the layout draws. */
function fullFrame(layout: JobLayout, state: EngineState): DrawnItem[] {
  return placeItems(layout, channelViews(state)).items;
}

function thinnedFrame(layout: JobLayout, state: EngineState, maxItems: number) {
  const views = channelViewsFor(state, { drawn: layout.wires, maxItems });
  return { ...views, items: placeItems(layout, views.channels).items };
}

/** Checks one frame thinned to `max` against the same frame unthinned; true when records were left out. */
function checkFrame(layout: JobLayout, state: EngineState, max: number): boolean {
  const full = fullFrame(layout, state);
  const { items, total, omitted } = thinnedFrame(layout, state, max);
  expect(total).toBe(full.length);
  const fullWire = full.filter(onWire);
  const others = full.length - fullWire.length;
  expect(omitted).toBe(full.length - items.length);
  // Everything but wire records is kept, as it was.
  expect(items.filter((i) => !onWire(i))).toEqual(full.filter((i) => !onWire(i)));
  if (full.length <= max) {
    expect(items).toEqual(full);
    return false;
  }
  const room = Math.max(0, max - others);
  expect(items.filter(onWire)).toHaveLength(Math.min(room, fullWire.length));
  // Kept records are the unthinned frame's, same ids and places, in their order.
  const index = new Map(full.map((i, n) => [i.id, n]));
  const order = items.filter(onWire).map((i) => index.get(i.id)!);
  expect(order.every((n) => n !== undefined)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  for (const i of items.filter(onWire)) expect(i).toEqual(full[index.get(i.id)!]);
  // Each wire keeps its share of the records (within one record of it).
  if (room > 0) {
    for (const ch of new Set(fullWire.map((i) => i.channel))) {
      const had = fullWire.filter((i) => i.channel === ch).length;
      const kept = items.filter((i) => onWire(i) && i.channel === ch).length;
      expect(Math.abs(kept - (had * room) / fullWire.length)).toBeLessThanOrEqual(1);
    }
  }
  return omitted > 0;
}

describe('channelViewsFor: the records on the wires thinned while playing fast', () => {
  it('on the scale run keeps the drawn channels only, within FAST_ITEMS_MAX items, each wire its share', () => {
    const tl = Timeline.record({ ...scenarioFile('scenarios/scale-run.json'), untilMs: 2500 }, { keyframeEvery: 64 });
    const state0 = tl.stateAt(0);
    const { layout } = layoutGrouped(state0.job.topology, new Set());
    let thinned = 0;
    let spreadChecked = false;
    for (let pos = 1; pos <= tl.length; pos += 19) {
      const state = tl.stateAt(pos);
      const views = channelViewsFor(state, { drawn: layout.wires, maxItems: FAST_ITEMS_MAX });
      // Grouped columns: only the channels between shown subtasks get a view.
      expect(views.channels.map((c) => c.key)).toEqual(channelViews(state).map((c) => c.key).filter((k) => layout.wires.has(k)));
      if (checkFrame(layout, state, FAST_ITEMS_MAX)) thinned++;
      // A wire's kept records are spread along it, not its first ones only.
      const full = fullFrame(layout, state).filter(onWire);
      if (!spreadChecked && full.length > 4 * FAST_ITEMS_MAX) {
        const kept = placeItems(layout, views.channels).items.filter(onWire);
        const busiest = [...new Set(full.map((i) => i.channel))].sort((a, b) => full.filter((i) => i.channel === b).length - full.filter((i) => i.channel === a).length)[0]!;
        const along = full.filter((i) => i.channel === busiest);
        const lastKept = Math.max(...kept.filter((i) => i.channel === busiest).map((i) => along.findIndex((x) => x.id === i.id)));
        expect(lastKept).toBeGreaterThan(along.length - 1 - along.length / 8);
        spreadChecked = true;
      }
    }
    expect(thinned).toBeGreaterThan(10);
    expect(spreadChecked).toBe(true);
  });

  it('through queues, blocking barriers, a failure and a rescaling restore, at any limit', () => {
    const tl = recordTroubledRun();
    let layout = layoutJob(tl.stateAt(0).job.topology);
    let thinned = 0;
    for (let pos = 0; pos <= tl.length; pos += 3) {
      const state = tl.stateAt(pos);
      if (state.job.topology.subtasks.length !== layout.nodes.size) layout = layoutJob(state.job.topology);
      for (const max of [0, 5, 12, 40]) if (checkFrame(layout, state, max)) thinned++;
    }
    expect(thinned).toBeGreaterThan(50);
  });

  it('draws no wire record when the rest alone fills the limit', () => {
    const tl = Timeline.record({ ...scenarioFile('scenarios/scale-run.json'), untilMs: 1200 }, { keyframeEvery: 64 });
    const { layout } = layoutGrouped(tl.stateAt(0).job.topology, new Set());
    const pos = [...Array(tl.length).keys()].map((i) => i + 1).find((p) => fullFrame(layout, tl.stateAt(p)).filter(onWire).length > 0)!;
    const { items, omitted } = thinnedFrame(layout, tl.stateAt(pos), 0);
    expect(items.some(onWire)).toBe(false);
    expect(omitted).toBe(fullFrame(layout, tl.stateAt(pos)).filter(onWire).length);
  });
});

describe('after playing fast stops', () => {
  it('draws FAST_ITEMS_MAX more items a frame until all are drawn', () => {
    const total = 3 * FAST_ITEMS_MAX + 10;
    const caps: number[] = [];
    for (let cap = grownItemsCap(FAST_ITEMS_MAX, total); caps.push(cap), cap !== Infinity; cap = grownItemsCap(cap, total));
    expect(caps).toEqual([2 * FAST_ITEMS_MAX, 3 * FAST_ITEMS_MAX, Infinity]);
    expect(grownItemsCap(FAST_ITEMS_MAX, FAST_ITEMS_MAX + 1)).toBe(Infinity);
  });
});
