import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from './defaultScenario';
import { Timeline } from './timeline';

describe('Timeline#stateAt: frozen copies made over the latest read', () => {
  const tl = Timeline.record(DEFAULT_SCENARIO, { maxSteps: 600 });

  it('equals a fresh snapshot, forward and back, and shares with the previous read what did not change', () => {
    const reads = [100, 101, 140, 139, 60, 400];
    let previous = tl.stateAt(reads[0]!);
    for (const p of reads.slice(1)) {
      const s = tl.stateAt(p);
      expect(s).toEqual(tl.seek(p).snapshot());
      expect(Object.isFrozen(s.job)).toBe(true);
      // The scenario never changes during a run: one object for every read.
      expect(s.scenario).toBe(previous.scenario);
      expect(s).not.toBe(previous);
      previous = s;
    }
  });

  it('leaves the previous read as it was', () => {
    const before = tl.stateAt(200);
    const copy = structuredClone(before);
    tl.stateAt(260);
    expect(before).toEqual(copy);
  });

  it('reads behind the cursor from a kept state after the nearest keyframe, not from the keyframe', () => {
    const sparse = Timeline.record(DEFAULT_SCENARIO, { maxSteps: 600, keyframeEvery: 1_000_000 });
    sparse.stateAt(400);
    sparse.stateAt(450);
    // The working simulation stands at 450, past 449: the frozen state at 400 is the nearest start.
    expect(sparse.stepsToRead(449)).toBe(49);
    expect(sparse.keyframeForRead(449)?.position).toBe(400);
    expect(sparse.stateAt(449)).toEqual(Timeline.record(DEFAULT_SCENARIO, { maxSteps: 600 }).seek(449).snapshot());
  });
});
