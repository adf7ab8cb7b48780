import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from './defaultScenario';
import { digestPlain } from './core/plainData';
import { Timeline } from './timeline';
import type { UserAction } from './actions';

const emit: UserAction = { do: 'emit', records: [{ key: 'q', value: 4 }] };

describe('a recording that forgets the steps it sent (the recording worker, TimelineOptions#forgetSent)', () => {
  it('sends every step whole and keeps only their count; its mirror is the same run, branch included', () => {
    const source = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 32, forgetSent: true });
    const mirror = Timeline.mirror(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    source.recordSome(100);
    mirror.receive(source.takeChunk());
    expect(source.length).toBe(100);
    expect(() => source.eventsAt(50)).toThrow(/forgetSent/);
    expect(() => source.timeAt(50)).toThrow(/forgetSent/);
    expect(() => source.records()).toThrow(/forgetSent/);
    // Steps not yet sent are still held.
    source.recordSome(20);
    expect(source.eventsAt(110)).toBeDefined();
    mirror.receive(source.takeChunk());
    // A branch at a forgotten step: it replays from a keyframe, not from the events.
    source.branchOnly(60, emit);
    mirror.branchOnly(60, emit);
    while (!source.recordSome(200)) mirror.receive(source.takeChunk());
    mirror.receive(source.takeChunk());

    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    whole.branch(60, emit);
    expect(mirror.length).toBe(whole.length);
    for (let p = 1; p <= whole.length; p++) expect(mirror.eventsAt(p)).toEqual(whole.eventsAt(p));
    for (const p of [0, 59, 61, 200, whole.length]) expect(digestPlain(source.stateAt(p))).toBe(digestPlain(whole.stateAt(p)));
    expect(mirror.interventions).toEqual(whole.interventions);
  });

  it('a recording without the option still reads every step after sending it', () => {
    const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    t.recordSome(50);
    const chunk = t.takeChunk();
    for (let p = 1; p <= 50; p++) expect(t.eventsAt(p)).toBe(chunk.steps[p - 1]!.events);
  });
});
