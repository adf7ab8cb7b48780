// Playback at a speed the page cannot replay: each frame replays for a bounded time and the
// cursor moves as far as the replay got, with the same state a direct read would give.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../engine';
import { replayToward } from './usePlayback';

const run = () => Timeline.record({ ...DEFAULT_SCENARIO, untilMs: 10_000 });

/** A clock that advances by `tick` ms at each look. */
function clock(tick: number) {
  let t = 0;
  return () => (t += tick);
}

describe('replayToward', () => {
  it('reaches the wanted position when the budget allows, stepping on from the cursor', () => {
    const t = run();
    t.stateAt(10);
    expect(replayToward(t, 10, 200, 1e9, clock(0))).toBe(200);
    expect(t.readerPosition()).toBe(200);
  });

  it('stops short when the budget runs out and reports the position the reader reached', () => {
    const t = run();
    t.stateAt(10);
    // Every look at the clock costs 5 ms of a 12 ms budget: a couple of slices, then stop.
    const reached = replayToward(t, 10, 500, 12, clock(5));
    expect(reached).toBeGreaterThan(10);
    expect(reached).toBeLessThan(500);
    expect(t.readerPosition()).toBe(reached);
    // The state the views then read there is the recorded one.
    expect(t.stateAt(reached)).toEqual(run().stateAt(reached));
  });

  it('never moves back, and a target at or behind the cursor is returned as is', () => {
    const t = run();
    t.stateAt(50);
    expect(replayToward(t, 50, 50, 12, clock(5))).toBe(50);
    expect(replayToward(t, 50, 40, 12, clock(5))).toBe(40);
  });
});
