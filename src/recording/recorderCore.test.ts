import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_SCENARIO, Timeline, digestPlain, parseScenarioText, type UserAction } from '../engine';
import { KEYFRAME_EVERY, keyframeEveryFor } from './keyframeSpacing';
import { SEEK_GRID } from './recorderCore';
import { harness } from './recorderHarness';
import { lazyKeyframe, unpackState } from './keyframeDecode';
import { unpackSteps } from './stepsText';

function sameRun(a: Timeline, b: Timeline): void {
  expect(a.length).toBe(b.length);
  for (let p = 1; p <= a.length; p++) expect(a.eventsAt(p)).toEqual(b.eventsAt(p));
  for (const p of [0, 1, 31, 32, 33, Math.floor(a.length / 2), a.length]) expect(digestPlain(a.stateAt(p))).toBe(digestPlain(b.stateAt(p)));
  expect(a.interventions).toEqual(b.interventions);
}

describe('RecorderCore (the engine in a Web Worker, run directly)', () => {
  it('streams the run in several ordered chunks that rebuild the same timeline as recording at once', async () => {
    const { core, received, mirror, settled } = harness();
    core.record(1, DEFAULT_SCENARIO);
    await settled();
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    expect(received.length).toBeGreaterThan(3);
    // Chunks follow one another: each starts where the previous one ended, only the last is done.
    let end = 0;
    for (const [i, c] of received.entries()) {
      expect(c.chunk.from).toBe(end);
      end = c.chunk.from + unpackSteps(c.chunk.steps).length;
      expect(c.chunk.done).toBe(i === received.length - 1);
      for (const k of c.chunk.keyframes) expect(k.position).toBeGreaterThan(c.chunk.from);
    }
    expect(mirror.current.complete).toBe(true);
    sameRun(mirror.current, whole);
  });

  it('no chunk holds more than maxChunkSteps steps, however long a slice of wall time is (the page takes each in one task)', async () => {
    const { core, received, mirror, settled } = harness(undefined, 50, 1_000_000);
    core.record(1, DEFAULT_SCENARIO);
    await settled();
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    expect(received.length).toBeGreaterThanOrEqual(Math.ceil(whole.length / 50));
    expect(Math.max(...received.map((c) => unpackSteps(c.chunk.steps).length))).toBe(50);
    sameRun(mirror.current, whole);
  });

  it('cuts each slice into messages of bounded weight that still rebuild the same timeline, with a branch on the way', async () => {
    const action: UserAction = { do: 'emit', records: [{ key: 'b', value: 6 }] };
    const { core, received, mirror, settled } = harness(() => 8, undefined, 4, 40);
    core.record(8, DEFAULT_SCENARIO);
    while (mirror.current.length < 300) await new Promise((r) => setTimeout(r, 0));
    mirror.current.branchOnly(250, action);
    core.branch(8, 250, action);
    await settled();
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    whole.branch(250, action);
    sameRun(mirror.current, whole);
    // Each message is under the weight but for its last step (a piece is cut once it reaches it).
    for (const steps of received.map((c) => unpackSteps(c.chunk.steps)).filter((s) => s.length > 0)) {
      const weight = steps.reduce((n, st) => n + st.events.length + 1, 0);
      expect(weight - (steps.at(-1)!.events.length + 1)).toBeLessThan(40);
    }
    expect(received.length).toBeGreaterThan(mirror.current.length / 20);
    expect(received.filter((c) => c.chunk.done)).toHaveLength(1);
  });

  it('a branch sent while recording is applied where asked and recorded on, as Timeline#branch does', async () => {
    const action: UserAction = { do: 'emit', records: [{ key: 'b', value: 6 }] };
    const { core, received, mirror, settled } = harness(() => 2);
    core.record(2, DEFAULT_SCENARIO);
    // Let two chunks in, then branch the page's copy and the worker's at step 40.
    while (received.length < 2 || mirror.current.length < 41) await new Promise((r) => setTimeout(r, 0));
    expect(mirror.current.complete).toBe(false);
    mirror.current.branchOnly(40, action);
    core.branch(2, 40, action);
    await settled();
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    whole.branch(40, action);
    sameRun(mirror.current, whole);
    expect(mirror.current.interventions).toEqual([{ step: 41, action }]);
  });

  it('cancel stops the recording where it is: a last chunk says done, nothing follows', async () => {
    const { core, received, mirror } = harness();
    core.record(3, DEFAULT_SCENARIO);
    while (received.length < 2) await new Promise((r) => setTimeout(r, 0));
    core.cancel(3);
    const count = received.length;
    expect(received.at(-1)!.chunk.done).toBe(true);
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(received.length).toBe(count);
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    expect(mirror.current.complete).toBe(true);
    expect(mirror.current.length).toBeLessThan(whole.length);
    // What was kept is the start of the same run.
    const n = mirror.current.length;
    for (let p = 1; p <= n; p++) expect(mirror.current.eventsAt(p)).toEqual(whole.eventsAt(p));
    expect(digestPlain(mirror.current.stateAt(n))).toBe(digestPlain(whole.stateAt(n)));
  });

  it('a new recording replaces one under way: its chunks carry the new epoch and start from step 0', async () => {
    const { core, received } = harness();
    core.record(4, DEFAULT_SCENARIO);
    while (received.length < 2) await new Promise((r) => setTimeout(r, 0));
    const before = received.length;
    core.record(5, { ...DEFAULT_SCENARIO, untilMs: 3000 });
    while (!received.at(-1)!.chunk.done) await new Promise((r) => setTimeout(r, 0));
    const after = received.slice(before);
    expect(after.every((c) => c.epoch === 5)).toBe(true);
    expect(after[0]!.chunk.from).toBe(0);
    expect(received.filter((c) => c.epoch === 4).every((c) => !c.chunk.done)).toBe(true);
  });

  it('re-records a run the worker no longer holds with its actions, to the same timeline', async () => {
    const action: UserAction = { do: 'emit', records: [{ key: 'a', value: 5 }] };
    const { core, mirror, settled } = harness();
    core.record(6, DEFAULT_SCENARIO, undefined, [{ step: 31, action }]);
    await settled();
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    whole.branch(30, action);
    sameRun(mirror.current, whole);
  });

  it('a small run sends the page every keyframe (it seeks at once, as when it recorded in the page); the worker\'s one near a position is the same state', async () => {
    const { core, mirror, settled } = harness();
    core.record(7, DEFAULT_SCENARIO);
    await settled();
    const t = mirror.current;
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    for (const p of [40, 500, 1000, t.length - 5]) expect(p - t.keyframeNear(p).position).toBeLessThan(32);
    const far = t.length - 5;
    expect(await core.keyframeNear(6, far)).toBeNull();
    const packed = (await core.keyframeNear(7, far))!;
    expect(packed.position).toBe(Math.floor((far - 1) / 32) * 32);
    expect(digestPlain(lazyKeyframe(packed).state)).toBe(digestPlain(whole.stateAt(packed.position)));
    expect(digestPlain(t.stateAt(far))).toBe(digestPlain(whole.stateAt(far)));
  });
});

describe('a far seek in a big run', () => {
  it('gets a keyframe replayed in the worker next to the position, not the run’s own keyframe thousands of steps back', async () => {
    const big = parseScenarioText(readFileSync('scenarios/views-at-scale.json', 'utf8'));
    if (!big.ok) throw new Error('scenarios/views-at-scale.json does not parse');
    const { core } = harness();
    core.record(1, big.scenario);
    const t = core['timeline']!;
    while (t.length < 300) await new Promise((r) => setTimeout(r, 0));
    core.cancel(1);
    expect(t.keyframeEvery).toBeGreaterThan(t.length);
    const far = t.length - 3;
    expect(t.keyframeNear(far).position).toBe(0);
    const packed = (await core.keyframeNear(1, far))!;
    expect(packed.position).toBe(Math.floor((far - 1) / SEEK_GRID) * SEEK_GRID);
    expect(far - packed.position).toBeLessThanOrEqual(SEEK_GRID);
    expect(digestPlain(lazyKeyframe(packed).state)).toBe(digestPlain(t.stateAt(packed.position)));
    // A seek onto the grid gets the keyframe before it: views also read the step before the cursor.
    const onGrid = Math.floor(far / SEEK_GRID) * SEEK_GRID;
    const before = (await core.keyframeNear(1, onGrid))!;
    expect(before.position).toBeLessThan(onGrid);
    expect(onGrid - 1 - before.position).toBeLessThan(SEEK_GRID);
  });
});

describe('sealed values in seeks’ keyframes', () => {
  it('a second seek refers to the finished checkpoints the page confirmed it holds, and decodes to the same state; a new recording starts over', async () => {
    const big = parseScenarioText(readFileSync('scenarios/views-at-scale.json', 'utf8'));
    if (!big.ok) throw new Error('scenarios/views-at-scale.json does not parse');
    const { core } = harness();
    core.record(1, big.scenario);
    const t = core['timeline']!;
    while (t.length < 1500) await new Promise((r) => setTimeout(r, 0));
    core.cancel(1);
    const first = (await core.keyframeNear(1, 900))!;
    expect(first.sealed!.defines.length).toBeGreaterThan(0);
    expect(digestPlain(unpackState(first))).toBe(digestPlain(t.seek(first.position).snapshot()));
    core.confirmSealed(first.sealed!.gen, first.sealed!.defines);
    const second = (await core.keyframeNear(1, 1400))!;
    // Only what finished between the two is defined; the rest is referred to.
    expect(second.sealed!.defines.every((id) => !first.sealed!.defines.includes(id))).toBe(true);
    expect(digestPlain(unpackState(second))).toBe(digestPlain(t.seek(second.position).snapshot()));
    core.record(2, big.scenario);
    while (core['timeline']!.length < 950) await new Promise((r) => setTimeout(r, 0));
    core.cancel(2);
    const again = (await core.keyframeNear(2, 900))!;
    expect(again.sealed!.gen).not.toBe(first.sealed!.gen);
    expect(again.sealed!.defines.length).toBe(first.sealed!.defines.length);
  });
});

describe('seeks in a big run are coalesced (a drag sends one request per input event)', () => {
  const turn = () => new Promise((r) => setTimeout(r, 0));
  /** The scale view's run recorded to `steps` in a worker core: its keyframes are 1024 steps apart, so only step 0's is here. */
  async function bigRun(steps: number, stop = true) {
    const big = parseScenarioText(readFileSync('scenarios/views-at-scale.json', 'utf8'));
    if (!big.ok) throw new Error('scenarios/views-at-scale.json does not parse');
    const h = harness();
    h.core.record(1, big.scenario);
    const t = h.core['timeline']!;
    while (t.length < steps) await turn();
    if (stop) h.core.cancel(1);
    expect(t.keyframeNear(Math.min(t.length, steps)).position).toBe(0);
    return { ...h, t, reads: vi.spyOn(t, 'advanceReader') };
  }
  const grid = (p: number) => Math.floor(p / SEEK_GRID) * SEEK_GRID;

  it('a burst of requests replays only the latest position; the others answer null', async () => {
    const { core, t, reads } = await bigRun(1000);
    const targets = [950, 200, 600, 350, 900, 750];
    const answers = await Promise.all(targets.map((p) => core.keyframeNear(1, p)));
    expect(answers.slice(0, -1)).toEqual(targets.slice(0, -1).map(() => null));
    const last = answers.at(-1)!;
    expect(last.position).toBe(grid(750));
    expect(new Set(reads.mock.calls.map(([p]) => p))).toEqual(new Set([grid(750)]));
    expect(digestPlain(lazyKeyframe(last).state)).toBe(digestPlain(t.seek(grid(750)).snapshot()));
  });

  it('a replay under way stops at its next slice when a newer request comes', async () => {
    const { core, t, reads } = await bigRun(1000);
    const far = core.keyframeNear(1, 990);
    // The far replay is a few slices in (each slice is a few reads of stepsPerCheck steps).
    while (reads.mock.calls.length < 6) await turn();
    const near = core.keyframeNear(1, 300);
    expect(await far).toBeNull();
    const farReads = reads.mock.calls.filter(([p]) => p === grid(990)).length;
    // 16 steps a read: reaching step 960 takes 60 reads; it stopped within a slice of the newer request.
    expect(farReads).toBeLessThan(12);
    const packed = (await near)!;
    expect(packed.position).toBe(grid(300));
    expect(digestPlain(lazyKeyframe(packed).state)).toBe(digestPlain(t.seek(grid(300)).snapshot()));
  });

  it('a seek while the run records is answered before the recording goes on, with the state there', async () => {
    const { core, t } = await bigRun(600, false);
    const asked = t.length;
    const packed = (await core.keyframeNear(1, asked - 1))!;
    expect(packed.position).toBe(grid(asked - 1));
    expect(digestPlain(lazyKeyframe(packed).state)).toBe(digestPlain(t.seek(grid(asked - 1)).snapshot()));
    expect(t.complete).toBe(false);
    const after = t.length;
    while (t.length <= after) await turn();
    core.cancel(1);
  });

  it('a request for a replaced recording answers null', async () => {
    const { core } = await bigRun(400, false);
    const stale = core.keyframeNear(1, 390);
    core.record(2, DEFAULT_SCENARIO);
    expect(await stale).toBeNull();
    core.cancel(2);
  });
});

describe('keyframe spacing in the worker', () => {
  it('spaces a large run’s keyframes as the page does, not every 32 steps (thousands of full states crashed the tab)', () => {
    const big = parseScenarioText(readFileSync('scenarios/views-at-scale.json', 'utf8'));
    if (!big.ok) throw new Error('scenarios/views-at-scale.json does not parse');
    const every = keyframeEveryFor(big.scenario);
    expect(every).toBeGreaterThan(KEYFRAME_EVERY);
    const { core } = harness();
    core.record(1, big.scenario);
    expect(core['timeline']!.keyframeEvery).toBe(every);
    core.record(2, DEFAULT_SCENARIO);
    expect(core['timeline']!.keyframeEvery).toBe(KEYFRAME_EVERY);
  });

  it('keeps a big run’s keyframes `keyframesDenser` times closer here, sends the page only those at its own spacing, and a far seek replays from the nearer one', async () => {
    const big = parseScenarioText(readFileSync('scenarios/views-at-scale.json', 'utf8'));
    if (!big.ok) throw new Error('scenarios/views-at-scale.json does not parse');
    const every = keyframeEveryFor(big.scenario);
    const { core, received } = harness(undefined, undefined, 4, undefined, 4);
    core.record(1, big.scenario);
    const t = core['timeline']!;
    expect(t.keyframeEvery).toBe(every / 4);
    while (t.length < 2 * every + 50) await new Promise((r) => setTimeout(r, 0));
    core.cancel(1);
    await new Promise((r) => setTimeout(r, 0));
    const sent = received.flatMap((c) => c.chunk.keyframes.map((k) => k.position));
    expect(sent.length).toBeGreaterThan(0);
    for (const p of sent) expect(p % every).toBe(0);
    // Past the page's keyframe at `every`, the worker's own keyframe is a quarter of the spacing on.
    const far = every + (3 * every) / 4 + 40;
    expect(t.keyframeNear(far).position).toBe(every + (3 * every) / 4);
    const reads = vi.spyOn(t, 'advanceReader');
    const packed = (await core.keyframeNear(1, far))!;
    expect(packed.position).toBe(Math.floor((far - 1) / SEEK_GRID) * SEEK_GRID);
    expect(digestPlain(lazyKeyframe(packed).state)).toBe(digestPlain(t.seek(packed.position).snapshot()));
    // Replayed from the worker's keyframe 40 steps back (a few reads of stepsPerCheck), not from the page's.
    expect(reads.mock.calls.length).toBeLessThan(8);
  });
});
