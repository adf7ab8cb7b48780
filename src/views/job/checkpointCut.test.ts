// The consistent cut of the job graph on real recordings: which checkpoint is drawn, the cut at
// the sources before they snapshot, on every channel whose barrier is on its way (and only
// there), and behind the sinks once the checkpoint completes.
import { describe, expect, it } from 'vitest';
import { channelViews } from './channelBuffers';
import { checkpointCut, chooseCut } from './checkpointCut';
import { positionsWhere, recordScenarioFile } from './recordedRuns';

const runs = { unaligned: recordScenarioFile('scenarios/backpressure-unaligned.json'), timeout: recordScenarioFile('scenarios/backpressure-aligned-timeout.json') };

describe('chooseCut', () => {
  const tl = runs.unaligned;
  const triggered = positionsWhere(tl, (e) => e.type === 'checkpoint.triggered');
  const completed = positionsWhere(tl, (e) => e.type === 'checkpoint.completed');

  it('picks the newest checkpoint in progress, else the newest completed', () => {
    expect(chooseCut(tl.stateAt(triggered[0]! - 1), null)).toBeNull();
    expect(chooseCut(tl.stateAt(triggered[0]!), null)).toEqual({ checkpointId: 1, status: 'inProgress' });
    expect(chooseCut(tl.stateAt(completed[0]!), null)).toEqual({ checkpointId: 1, status: 'completed' });
    expect(chooseCut(tl.stateAt(triggered[1]!), null)).toEqual({ checkpointId: 2, status: 'inProgress' });
  });

  it('follows a selection that exists at the cursor', () => {
    expect(chooseCut(tl.stateAt(triggered[1]!), 1)).toEqual({ checkpointId: 1, status: 'completed' });
    expect(chooseCut(tl.stateAt(triggered[0]!), 2)).toBeNull();
  });
});

describe('checkpointCut', () => {
  for (const [name, tl] of Object.entries(runs)) {
    it(`passes each channel at its barrier while checkpoint 1 runs (${name})`, () => {
      const from = positionsWhere(tl, (e) => e.type === 'checkpoint.triggered')[0]!;
      const to = positionsWhere(tl, (e) => e.type === 'checkpoint.completed')[0]!;
      const first = tl.stateAt(from);
      const atTrigger = checkpointCut(first, channelViews(first), { checkpointId: 1, status: 'inProgress' });
      // Nothing snapshotted yet: the cut is in front of every source.
      expect(atTrigger.snapshotted).toEqual([]);
      expect(atTrigger.points).toEqual(first.job.topology.subtasks.filter((s) => s.vertex === 'source').map((s) => ({ kind: 'task', task: s.name, side: 'before' })));
      for (let pos = from; pos < to; pos++) {
        const state = tl.stateAt(pos);
        const channels = channelViews(state);
        const cut = checkpointCut(state, channels, { checkpointId: 1, status: 'inProgress' });
        for (const p of cut.points) {
          if (p.kind !== 'barrier') continue;
          const ch = channels.find((c) => c.key === p.channel)!;
          // The sender has snapshotted (it sent the barrier) and the point is that barrier.
          expect(cut.snapshotted).toContain(ch.from);
          expect([...ch.outQueue, ...ch.wire, ...ch.inQueue].some((e) => e.id === p.itemId && e.kind === 'barrier' && e.checkpointId === 1)).toBe(true);
        }
        // A channel whose sender snapshotted and whose receiver did not still carries the cut.
        for (const ch of channels) {
          if (cut.snapshotted.includes(ch.from) && !cut.snapshotted.includes(ch.to)) expect(cut.points.some((p) => p.kind === 'barrier' && p.channel === ch.key)).toBe(true);
        }
      }
      const done = tl.stateAt(to);
      const cut = checkpointCut(done, channelViews(done), { checkpointId: 1, status: 'completed' });
      expect(cut.points).toEqual(done.job.topology.subtasks.filter((s) => s.vertex === 'sink').map((s) => ({ kind: 'task', task: s.name, side: 'after' })));
    });
  }
});
