import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline, eventNamespace } from '../engine';
import { runIndex } from './runIndex';
import { eventPositions } from './eventJumps';
import { BUCKETS, scrubberPaths } from '../views/controls/scrubberMarks';

/** A mirror filled chunk by chunk, as the page's copy of a recording in the worker is. */
function streaming() {
  const source = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 32 });
  const mirror = Timeline.mirror(DEFAULT_SCENARIO, { keyframeEvery: 32 });
  const more = (steps: number) => {
    source.recordSome(steps);
    mirror.receive(source.takeChunk(0));
  };
  return { source, mirror, more };
}

const scan = (t: Timeline, kind: (type: string) => boolean) =>
  t.records().flatMap((r, i) => (r.events.some((e) => kind(e.type)) ? [i + 1] : []));

describe('run indices grow with a streaming run instead of rescanning it', () => {
  it('reads only the steps appended since the last look, and equals a full scan', () => {
    const { mirror, more } = streaming();
    let added = 0;
    const count = () => runIndex<{ n: number }>(mirror, 'test', () => ({ n: 0 }), (acc) => void (acc.n++, added++));
    more(300);
    expect(count().n).toBe(300);
    more(200);
    expect(count().n).toBe(500);
    expect(added).toBe(500);
    expect(eventPositions(mirror, 'checkpoint')).toEqual(scan(mirror, (t) => t === 'checkpoint.triggered'));
    more(700);
    expect(eventPositions(mirror, 'checkpoint')).toEqual(scan(mirror, (t) => t === 'checkpoint.triggered'));
  });

  it('starts over when steps are replaced (a branch cuts the run)', () => {
    const t = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    const before = eventPositions(t, 'upload').slice();
    expect(before.length).toBeGreaterThan(2);
    const cut = before[1]! - 1;
    t.branch(cut, { do: 'emit', records: [{ key: 'a', value: 1 }] });
    expect(eventPositions(t, 'upload')).toEqual(scan(t, (ty) => ty === 'file.uploaded'));
    expect(eventPositions(t, 'upload')[0]).toBe(before[0]);
  });

  it("the scrubber strip colors each bucket as a rescan would: user action, then fault, else the bucket's first kind", () => {
    const { mirror, more } = streaming();
    const expected = (t: Timeline) => {
      const records = t.records();
      const per = Math.max(1, Math.ceil(records.length / BUCKETS));
      const out: string[] = [];
      for (let b = 0; b * per < records.length; b++) {
        const seen = new Set<string>();
        for (let i = b * per; i < Math.min(records.length, (b + 1) * per); i++) for (const e of records[i]!.events) seen.add(eventNamespace(e.type));
        out.push(['user', 'sim', ...seen].find((n) => seen.has(n)) ?? 'toy');
      }
      return out;
    };
    const drawn = (t: Timeline) => {
      const byBucket: string[] = [];
      const per = Math.max(1, Math.ceil(t.length / BUCKETS));
      for (const p of scrubberPaths(t))
        for (const m of p.d.matchAll(/M([\d.]+) /g)) byBucket[Math.round((Number(m[1]) * t.length) / 1000 / per)] = p.ns;
      return byBucket;
    };
    for (const steps of [150, 400, 900]) {
      more(steps);
      expect(drawn(mirror)).toEqual(expected(mirror));
    }
  });
});
