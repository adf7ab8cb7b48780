/** What a summary keeps of a step's record events: counts, first and last key, key groups, offset runs, order. */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from './events';
import { offsetRuns, recordCount, summarizeEvents } from './recordSummary';

const base = { step: 7, atMs: 120, flinkRef: 'x' };
const emitted = (offset: number, key: string, keyGroup: number, to: string, partition = 0): EngineEvent => ({ ...base, type: 'source.emitted', task: 'source#0', partition, offset, fromLog: false, key, value: 2, keyGroup, to });
const updated = (task: string, key: string, input: number): EngineEvent => ({ ...base, type: 'state.updated', task, key, keyGroup: 3, state: 'count', kind: 'value', input, value: input });
const barrier: EngineEvent = { ...base, type: 'barrier.injected', task: 'source#0', checkpointId: 2, to: ['count#0'] };

describe('summarizeEvents', () => {
  it('keeps other events in place and replaces each (type, task) of record events by one summary where the first was', () => {
    const events = [emitted(10, 'a', 5, 'count#1'), barrier, emitted(11, 'b', 2, 'count#0'), emitted(12, 'c', 9, 'count#1'), emitted(40, 'd', 1, 'count#0'), emitted(0, 'e', 4, 'count#0', 1), updated('count#0', 'k', 3), updated('count#1', 'm', 4), updated('count#0', 'n', 5)];
    const out = summarizeEvents(events);
    expect(out.map((e) => e.type)).toEqual(['records.summarized', 'barrier.injected', 'records.summarized', 'records.summarized']);
    const [src, kept, st0, st1] = out;
    expect(kept).toBe(barrier);
    if (src?.type !== 'records.summarized' || st0!.type !== 'records.summarized' || st1!.type !== 'records.summarized') throw new Error('summaries expected');
    expect(src).toMatchObject({ of: 'source.emitted', task: 'source#0', count: 5, firstKey: 'a', lastKey: 'e', minKeyGroup: 1, maxKeyGroup: 9, peer: 'count#1', peers: 2, valueSum: 10, step: 7, atMs: 120 });
    // Consecutive offsets of one partition make one run: 10–12, then 40, then partition 1's 0.
    expect(offsetRuns(src.offsets)).toEqual([
      { partition: 0, fromLog: false, first: 10, last: 12 },
      { partition: 0, fromLog: false, first: 40, last: 40 },
      { partition: 1, fromLog: false, first: 0, last: 0 },
    ]);
    expect(st0).toMatchObject({ of: 'state.updated', task: 'count#0', count: 2, firstKey: 'k', lastKey: 'n', state: 'count', valueSum: 8, offsets: [] });
    expect(st1).toMatchObject({ task: 'count#1', count: 1 });
    expect(src.flinkRef).toContain('SourceOperator#emitNext');
    expect(recordCount(out, 'source.emitted')).toBe(recordCount(events, 'source.emitted'));
    expect(recordCount(out, 'state.updated')).toBe(3);
  });

  it('leaves a step without record events as it is', () => {
    expect(summarizeEvents([barrier])).toEqual([barrier]);
    expect(summarizeEvents([])).toEqual([]);
  });
});
