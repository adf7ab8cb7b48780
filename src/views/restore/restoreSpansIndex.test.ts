/**
 * The restore spans the app shows are scanned incrementally as a recording streams in
 * (restoreData.ts, runIndex): reading after every chunk must give what one scan of the whole
 * recording gives, and a branch that replaces steps must start the scan over.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf, Timeline } from '../../engine';
import { restoreSpansDerived } from './restoreData';
import { restoreSpansOf } from './restoreSpans';

const scenario = scenarioOf({
  ...DEFAULT_SCENARIO_INPUT,
  stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { writeBufferBytes: 1024 } },
  script: [
    { atMs: 2_500, do: 'fail', task: 'count#0' },
    { atMs: 3_500, do: 'restore', checkpoint: 'latest', parallelism: 3 },
  ],
  untilMs: 5_000,
});

describe('restore spans, scanned as the recording grows', () => {
  it('equal a scan of the whole recording after every chunk, including a restore cut mid-way', () => {
    const source = Timeline.begin(scenario, { keyframeEvery: 32 });
    const mirror = Timeline.mirror(scenario, { keyframeEvery: 32 });
    let revision = 0;
    let done = false;
    let sawOpen = false;
    while (!done) {
      // Small chunks, so some chunk ends inside a restore (started, not yet running).
      done = source.recordSome(7);
      mirror.receive(source.takeChunk(0));
      const shown = restoreSpansDerived(mirror, ++revision);
      expect(shown).toEqual(restoreSpansOf(mirror.records()));
      if (shown.some((s) => s.started && s.runningPos === null && !s.failed)) sawOpen = true;
    }
    expect(sawOpen).toBe(true);
    const all = restoreSpansDerived(mirror, revision + 1);
    expect(all.map((s) => s.cause)).toEqual(['failover', 'action']);
  });

  it('hands out copies a later chunk does not change', () => {
    const source = Timeline.begin(scenario, { keyframeEvery: 32 });
    const mirror = Timeline.mirror(scenario, { keyframeEvery: 32 });
    let revision = 0;
    let open: ReturnType<typeof restoreSpansOf> | null = null;
    while (!open && !source.recordSome(7)) {
      mirror.receive(source.takeChunk(0));
      const shown = restoreSpansDerived(mirror, ++revision);
      if (shown.some((s) => s.started && s.runningPos === null)) open = shown;
    }
    expect(open).not.toBeNull();
    const before = JSON.stringify(open);
    while (!source.recordSome(50)) mirror.receive(source.takeChunk(0));
    mirror.receive(source.takeChunk(0));
    expect(restoreSpansDerived(mirror, revision + 1)).not.toEqual(open);
    expect(JSON.stringify(open)).toBe(before);
  });

  it('starts over when a branch replaces the recorded future', () => {
    const t = Timeline.record(scenario, { keyframeEvery: 32 });
    expect(restoreSpansDerived(t, 1)).toHaveLength(2);
    const firstRestore = restoreSpansOf(t.records())[0]!.startPos;
    t.branch(firstRestore - 5, { do: 'emit', records: [{ key: 'a', value: 1 }] });
    const after = restoreSpansDerived(t, 2);
    expect(after).toEqual(restoreSpansOf(t.records()));
  });
});
