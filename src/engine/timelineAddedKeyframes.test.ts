import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from './defaultScenario';
import { digestPlain } from './core/plainData';
import { ADDED_KEYFRAMES, Timeline } from './timeline';

describe('keyframes a mirror takes for far seeks (Timeline#addKeyframe)', () => {
  it('keeps only the most recent ADDED_KEYFRAMES of them, never its recording\'s own, and reads the same states', () => {
    // Keyframes far apart, as in a big run: the recording sends only step 0's.
    const source = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 100_000 });
    const mirror = Timeline.mirror(DEFAULT_SCENARIO, { keyframeEvery: 100_000 });
    mirror.receive(source.takeChunk());
    const places = [100, 300, 500, 700, 900];
    for (const p of places) mirror.addKeyframe({ position: p, state: source.stateAt(p) });
    const kept = places.slice(-ADDED_KEYFRAMES);
    for (const p of places) expect(mirror.keyframeNear(p + 5).position).toBe(kept.includes(p) ? p : Math.max(0, ...kept.filter((k) => k < p)));
    expect(mirror.keyframeNear(50).position).toBe(0);
    for (const p of [150, 320, 905]) expect(digestPlain(mirror.stateAt(p))).toBe(digestPlain(source.stateAt(p)));
    // Taking one again after the oldest went: it counts as the newest.
    mirror.addKeyframe({ position: 100, state: source.stateAt(100) });
    expect(mirror.keyframeNear(105).position).toBe(100);
    expect(mirror.keyframeNear(505).position).toBe(100);
  });
});
