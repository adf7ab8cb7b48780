import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_SCENARIO_INPUT, scenarioOf } from './defaultScenario';
import type { Scenario } from './scenario/scenarioSchema';
import { Simulation } from './simulation';
import { STEP_ON_MAX, Timeline } from './timeline';
import type { EngineEvent } from './events';
import type { UserAction } from './actions';

const config = (seed: number, untilMs = 3_000): Scenario => scenarioOf({ ...DEFAULT_SCENARIO_INPUT, seed, untilMs });
type SimConfig = Scenario;

function runAll(cfg: SimConfig): { events: EngineEvent[]; digest: string } {
  const sim = Simulation.create(cfg);
  const events = sim.runUntil(cfg.untilMs);
  return { events, digest: sim.digest() };
}

describe('Simulation', () => {
  it('same seed and script give an identical event log and state digest', () => {
    const a = runAll(config(11));
    const b = runAll(config(11));
    expect(a.events.length).toBeGreaterThan(50);
    expect(a.events).toEqual(b.events);
    expect(a.digest).toBe(b.digest);
  });

  it('a different seed gives a different run (the seed is really used)', () => {
    expect(runAll(config(1)).digest).not.toBe(runAll(config(2)).digest);
  });

  it('step() handles exactly one queued item and advances the logical clock to it', () => {
    const sim = Simulation.create(config(5));
    // Starting the job also begins the transactional sinks' first transactions (one per sink subtask).
    expect(sim.step()!.map((e) => e.type)).toEqual(['sim.started', 'sink.beginTransaction', 'sink.beginTransaction']);
    const second = sim.step()!;
    expect(second.map((e) => e.type)).toEqual(['source.emitted']);
    expect(sim.stepIndex).toBe(2);
    expect(second[0]!.step).toBe(2);
    let last = sim.nowMs;
    for (let i = 0; i < 100; i++) {
      sim.step();
      expect(sim.nowMs).toBeGreaterThanOrEqual(last);
      last = sim.nowMs;
    }
  });

  it('every event names the Flink code it models', () => {
    for (const e of runAll(config(3)).events) expect(e.flinkRef.length).toBeGreaterThan(0);
  });

  it('snapshot → fromSnapshot → continue equals an uninterrupted run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 2000 }), (seed, cutMs) => {
        const cfg = config(seed, 2_000);
        const whole = Simulation.create(cfg);
        const wholeEvents = whole.runUntil(cfg.untilMs);

        const first = Simulation.create(cfg);
        const before = first.runUntil(cutMs);
        // Structured clone is how the browser serializes (IndexedDB, postMessage); bytes survive it.
        const snap = structuredClone(first.snapshot());
        const resumed = Simulation.fromSnapshot(snap);
        const after = resumed.runUntil(cfg.untilMs);
        expect([...before, ...after]).toEqual(wholeEvents);
        expect(resumed.digest()).toBe(whole.digest());
      }),
      { numRuns: 12 },
    );
  });

  it('the snapshot is a copy: changing it does not change the simulation', () => {
    const sim = Simulation.create(config(4));
    sim.runUntil(500);
    const snap = sim.snapshot();
    const digest = sim.digest();
    snap.job.sources['source#0']!.partitions[0]!.offset = -1;
    snap.queue.heap.length = 0;
    expect(sim.digest()).toBe(digest);
  });

  it('refuses something that is not an engine snapshot', () => {
    expect(() => Simulation.fromSnapshot({ format: 'nope' } as never)).toThrow(/Not an engine snapshot/);
  });
});

describe('Timeline', () => {
  it('leaves the recording untouched when the engine refuses a branching action', () => {
    const t = Timeline.record(scenarioOf(DEFAULT_SCENARIO_INPUT), { keyframeEvery: 32 });
    const length = t.length;
    const digest = t.stateAt(length).stepIndex;
    expect(() => t.branch(10, { do: 'decline', task: 'nope#9' })).toThrow(/no task/);
    expect(t.length).toBe(length);
    expect(t.stateAt(length).stepIndex).toBe(digest);
    expect(t.records().slice(10, 12).map((r) => r.events.length)).toEqual(Timeline.record(scenarioOf(DEFAULT_SCENARIO_INPUT), { keyframeEvery: 32 }).records().slice(10, 12).map((r) => r.events.length));
  });

  it('seek(i) for any i equals a fresh run to i', () => {
    const cfg = config(21, 10_000);
    const timeline = Timeline.record(cfg, { keyframeEvery: 16 });
    expect(timeline.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: timeline.length }), (i) => {
        const fresh = Simulation.create(cfg);
        for (let k = 0; k < i; k++) fresh.step();
        expect(timeline.seek(i).digest()).toBe(fresh.digest());
        expect(timeline.stateAt(i)).toEqual(fresh.snapshot());
      }),
      { numRuns: 60 },
    );
  });

  it('advanceReader spreads a read over slices of at most maxSteps steps, and stateAt then equals a fresh run', () => {
    const cfg = config(21, 10_000);
    const timeline = Timeline.record(cfg, { keyframeEvery: 64 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: timeline.length }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 20 }), (targets, slice) => {
        for (const i of targets) {
          let calls = 1;
          while (!timeline.advanceReader(i, slice)) calls++;
          // A keyframe restore, then at most keyframeEvery - 1 steps past it, `slice` at a time,
          // or stepping on from an earlier read at most STEP_ON_MAX steps behind.
          expect(calls).toBeLessThanOrEqual(1 + Math.ceil(Math.max(timeline.keyframeEvery - 1, STEP_ON_MAX) / slice) + 1);
          const fresh = Simulation.create(cfg);
          for (let k = 0; k < i; k++) fresh.step();
          expect(timeline.stateAt(i)).toEqual(fresh.snapshot());
          expect(timeline.advanceReader(i, slice)).toBe(true);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('a read steps on from the previous one past keyframes, but never across a user action', () => {
    const cfg = config(13, 2_000);
    const timeline = Timeline.record(cfg, { keyframeEvery: 8 });
    const at = timeline.branch(40, { do: 'emit', records: [{ key: 'extra', value: 1000 }] });
    // Reads close behind each other, across keyframes (every 8 steps) and across the action at `at`.
    for (const p of [20, 37, at - 1, at + 3, at + 30]) {
      const read = timeline.stateAt(p);
      expect(read).toEqual(timeline.seek(p).snapshot());
    }
    expect(timeline.eventsAt(at).map((e) => e.type)).toEqual(['user.action']);
  });

  it('stepsToRead says how far a read needs to replay: from the read before it, or from a keyframe, whichever is nearer', () => {
    const timeline = Timeline.record(config(21, 10_000), { keyframeEvery: 64 });
    expect(timeline.length).toBeGreaterThan(1100);
    timeline.stateAt(100);
    expect(timeline.stepsToRead(100)).toBe(0);
    expect(timeline.stepsToRead(110)).toBe(10);
    expect(timeline.stepsToRead(50)).toBe(50 - 0);
    expect(timeline.stepsToRead(1000)).toBe(1000 - 960);
    // A keyframe between the last read and the position is nearer than the read (144 steps back).
    expect(timeline.stepsToRead(244)).toBe(244 - 192);
    // Asking moves nothing: the next read still steps on from 100.
    expect(timeline.stepsToRead(110)).toBe(10);
  });

  it('copyAt gives the state a read gives, as a fresh unfrozen copy each time (for a worker to pack)', () => {
    const timeline = Timeline.record(config(21, 5_000), { keyframeEvery: 64 });
    const a = timeline.copyAt(300);
    expect(Object.isFrozen(a)).toBe(false);
    expect(timeline.copyAt(300)).not.toBe(a);
    expect(a).toEqual(timeline.stateAt(300));
  });

  it('keeps the frozen states of recent reads near the newest one only (a far seek drops the rest)', () => {
    const timeline = Timeline.record(config(21, 60_000), { keyframeEvery: 256 });
    expect(timeline.length).toBeGreaterThan(5300);
    const far = timeline.stateAt(100);
    const end = timeline.stateAt(timeline.length);
    // Views reading two far-apart positions at once get the same objects back each time.
    expect(timeline.stateAt(100)).toBe(far);
    expect(timeline.stateAt(timeline.length)).toBe(end);
    const near = timeline.stateAt(5100);
    for (const p of [5200, 5300, 5400, 5500]) timeline.stateAt(p);
    expect(timeline.stateAt(5100)).toBe(near);
    // Older reads far from the newest are dropped (and read again when asked).
    expect(timeline.stateAt(100)).not.toBe(far);
    expect(timeline.stateAt(100)).toEqual(far);
  });

  it('records the events of each step and their times', () => {
    const cfg = config(8, 1_000);
    const timeline = Timeline.record(cfg);
    const sim = Simulation.create(cfg);
    for (let i = 1; i <= timeline.length; i++) {
      expect(timeline.eventsAt(i)).toEqual(sim.step());
      expect(timeline.timeAt(i)).toBe(sim.nowMs);
    }
    // The generator is endless; recording stops at the first step due after untilMs.
    expect(sim.nextAtMs).toBeGreaterThan(cfg.untilMs);
  });

  it('stateAt returns frozen states that views cannot change', () => {
    const timeline = Timeline.record(config(2, 1_000));
    const s = timeline.stateAt(10);
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.job.sources)).toBe(true);
  });

  it('branching at a position discards the future and re-records from the action', () => {
    const cfg = config(13, 2_000);
    const timeline = Timeline.record(cfg, { keyframeEvery: 8 });
    const at = 25;
    const oldLength = timeline.length;
    const sinkTotal = (st: ReturnType<Timeline['stateAt']>) => Object.values(st.job.sinks).reduce((n, k) => n + k.received, 0);
    const receivedBefore = sinkTotal(timeline.stateAt(timeline.length));
    const action: UserAction = { do: 'emit', records: [{ key: 'extra', value: 1000 }] };
    const actionStep = timeline.branch(at, action);
    expect(actionStep).toBe(at + 1);
    expect(timeline.eventsAt(at + 1).map((e) => e.type)).toEqual(['user.action']);
    expect(timeline.interventions).toEqual([{ step: at + 1, action }]);
    // The action step, the source reading the record, the keyed operator and the sink.
    expect(timeline.length).toBe(oldLength + 4);
    expect(sinkTotal(timeline.stateAt(timeline.length))).toBe(receivedBefore + 1);
    const updates = timeline.records().flatMap((r) => r.events).filter((e) => e.type === 'state.updated' && e.key === 'extra');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ value: 1000 });
    // Positions before the branch are unchanged; positions after it replay the action.
    const fresh = Simulation.create(cfg);
    for (let k = 0; k < at; k++) fresh.step();
    expect(timeline.seek(at).digest()).toBe(fresh.digest());
    fresh.apply(action);
    for (let k = at + 1; k < timeline.length; k++) fresh.step();
    expect(timeline.seek(timeline.length).digest()).toBe(fresh.digest());
    for (let i = at; i <= timeline.length; i += 7) expect(timeline.seek(i).digest()).toBe(Simulation.fromSnapshot(timeline.stateAt(i)).digest());
  });

  it('branching again earlier drops the later intervention', () => {
    const timeline = Timeline.record(config(13, 3_000), { keyframeEvery: 8 });
    timeline.branch(30, { do: 'emit', records: [{ key: 'a', value: 5 }] });
    timeline.branch(10, { do: 'emit', records: [{ key: 'b', value: 6 }] });
    expect(timeline.interventions).toEqual([{ step: 11, action: { do: 'emit', records: [{ key: 'b', value: 6 }] } }]);
  });

  it('positionAtTime finds the first step at or after a time', () => {
    const timeline = Timeline.record(config(3, 1_000));
    const p = timeline.positionAtTime(500);
    expect(timeline.timeAt(p)).toBeGreaterThanOrEqual(500);
    expect(timeline.timeAt(p - 1)).toBeLessThan(500);
    const q = timeline.lastPositionAtOrBefore(500);
    expect(timeline.timeAt(q)).toBeLessThanOrEqual(500);
    expect(timeline.timeAt(q + 1)).toBeGreaterThan(500);
    expect(timeline.lastPositionAtOrBefore(1e9)).toBe(timeline.length);
  });

  it('rejects positions outside the recording', () => {
    const timeline = Timeline.record(config(3, 200));
    expect(() => timeline.seek(-1)).toThrow(RangeError);
    expect(() => timeline.seek(timeline.length + 1)).toThrow(RangeError);
  });
});
