// The badges under a subtask: most important first, an upload already tagged on the box left
// out, and as many as fit with a "+n" for the rest.
import { describe, expect, it } from 'vitest';
import { estimateTextWidth, fitPills, statusPills } from './statusPills';
import type { TaskStatus } from './taskStatus';

const idle: TaskStatus = { task: 'count#0', busy: false, backPressured: false, stoppedReading: false, aligning: null, timeoutPending: null, held: 0, channelState: [], uploading: [], transactions: null };

describe('statusPills', () => {
  it('orders back-pressure, alignment, timeout, channel state, held records, uploads', () => {
    const s: TaskStatus = {
      ...idle,
      backPressured: true,
      aligning: { checkpointId: 3, arrived: 1, of: 2, timeoutInMs: 40 },
      held: 2,
      channelState: [{ checkpointId: 2, records: 5, waitingFor: ['source#1'], afterTimeout: true, acknowledged: false }],
      uploading: [2],
    };
    expect(statusPills(s, { transactions: false }).map((p) => p.key)).toEqual(['jgBackPressured', 'jgAligning', 'jgTimeoutIn', 'jgSwitched', 'jgChannelState', 'jgHeld', 'jgUploading']);
    expect(statusPills(s, { transactions: false, snapshotTagged: 2 }).some((p) => p.key === 'jgUploading')).toBe(false);
    expect(statusPills({ ...idle, stoppedReading: true, backPressured: true }, { transactions: false }).map((p) => p.key)).toEqual(['jgStoppedReading']);
  });

  it('puts a sink’s transactions in badges only when asked (compact layouts)', () => {
    const sink = { ...idle, task: 'sink#0', transactions: { open: 1, preCommitted: 2 } };
    expect(statusPills(sink, { transactions: false })).toEqual([]);
    expect(statusPills(sink, { transactions: true }).map((p) => p.params.n)).toEqual([1, 2]);
  });
});

describe('fitPills', () => {
  const more = (n: number) => `+${n}`;
  it('keeps all pills that fit, and folds the rest into +n', () => {
    const texts = ['back-pressured', 'aligning 3: 1/2', 'channel state 2: 5'];
    const all = fitPills(texts, 1000, more);
    expect(all.shown).toBe(3);
    expect(all.more).toBeNull();
    const some = fitPills(texts, 200, more);
    expect(some.shown).toBeLessThan(3);
    expect(some.more).toBe(`+${3 - some.shown}`);
    const used = some.widths.reduce((a, b) => a + b, 0) + some.moreWidth;
    expect(used).toBeLessThanOrEqual(200);
  });

  it('estimates Chinese wider than the same number of Latin letters', () => {
    expect(estimateTextWidth('反压反压', 11)).toBeGreaterThan(estimateTextWidth('abcd', 11));
  });
});
