/** RecorderCore's answers about the run it holds: when it is idle, and the exactly-once reference. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_SCENARIO, Timeline, exactlyOnceVerdict, failureFreeOutcome, parseScenarioText, sinkOutcome, type UserAction } from '../engine';
import { harness } from './recorderHarness';

describe('idle: when no recording is under way (a reference run waits for it)', () => {
  const isDone = (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    return () => done;
  };

  it('answers at once with nothing recorded, and once the run is whole, a run started meanwhile included', async () => {
    const { core, settled } = harness();
    await core.idle();
    core.record(1, DEFAULT_SCENARIO);
    const idle = isDone(core.idle());
    await new Promise((r) => setTimeout(r, 0));
    expect(idle()).toBe(false);
    // Another recording replaces the first before it ends: idle waits for that one as well.
    core.record(2, { ...DEFAULT_SCENARIO, untilMs: 3000 });
    await new Promise((r) => setTimeout(r, 0));
    expect(idle()).toBe(false);
    await settled();
    await new Promise((r) => setTimeout(r, 0));
    expect(idle()).toBe(true);
  });

  it('answers when the recording is cancelled', async () => {
    const { core } = harness();
    core.record(1, DEFAULT_SCENARIO);
    const idle = isDone(core.idle());
    await new Promise((r) => setTimeout(r, 0));
    expect(idle()).toBe(false);
    core.cancel(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(idle()).toBe(true);
  });
});

describe('the exactly-once reference from the run being recorded', () => {
  const emit: UserAction = { do: 'emit', records: [{ key: 'b', value: 6 }] };
  const short = { ...DEFAULT_SCENARIO, untilMs: 3000 };

  it('is the end of a fault-free run recorded from step 0: the failure-free outcome, answered once the run is whole', async () => {
    const { core, received, settled } = harness();
    core.record(1, DEFAULT_SCENARIO);
    const answer = core.reference(structuredClone(DEFAULT_SCENARIO));
    let answered = false;
    void answer.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(received.at(-1)?.chunk.done).not.toBe(true);
    expect(answered).toBe(false);
    await settled();
    const reference = failureFreeOutcome(DEFAULT_SCENARIO);
    expect(Object.keys(reference.committed).length).toBeGreaterThan(0);
    expect(await answer).toEqual({ outcome: reference, coversMs: Infinity });
    // Asked again after the end: answered at once, the same.
    expect(await core.reference(DEFAULT_SCENARIO)).toEqual({ outcome: failureFreeOutcome(DEFAULT_SCENARIO), coversMs: Infinity });
  });

  it('is null for a scenario with a fault, another scenario, a run with a user action, a replaced run', async () => {
    const parsed = parseScenarioText(readFileSync('scenarios/sink-after-failure-transactional.json', 'utf8'));
    if (!parsed.ok) throw new Error('scenario does not parse');
    const faulty = parsed.scenario;
    const { core, received, settled } = harness();
    core.record(1, faulty);
    expect(await core.reference(faulty)).toBeNull();
    await settled();

    core.record(2, DEFAULT_SCENARIO);
    expect(await core.reference(short)).toBeNull();

    // A branch while it records: the run is no longer the failure-free one.
    const branched = core.reference(DEFAULT_SCENARIO);
    while (received.at(-1)!.epoch !== 2 || core['timeline']!.length < 41) await new Promise((r) => setTimeout(r, 0));
    core.branch(3, 40, emit);
    expect(await branched).toBeNull();
    await settled();
    expect(await core.reference(DEFAULT_SCENARIO)).toBeNull();

    core.record(5, DEFAULT_SCENARIO);
    const replaced = core.reference(DEFAULT_SCENARIO);
    core.record(6, short);
    expect(await replaced).toBeNull();
    await settled();
  });

  it('waits on when the same scenario is recorded again from step 0', async () => {
    const { core, settled } = harness();
    core.record(1, short);
    const answer = core.reference(short);
    core.record(2, short);
    await settled();
    expect(await answer).toEqual({ outcome: failureFreeOutcome(short), coversMs: Infinity });
  });

  it('of a run kept early is its outcome where it stopped: every verdict up to there is the one against the whole run', async () => {
    const { core, received, mirror } = harness();
    core.record(1, DEFAULT_SCENARIO);
    const asked = core.reference(DEFAULT_SCENARIO);
    while (core['timeline']!.length < 400) await new Promise((r) => setTimeout(r, 0));
    core.cancel(1);
    const kept = (await asked)!;
    while (!received.at(-1)?.chunk.done) await new Promise((r) => setTimeout(r, 0));
    const t = mirror.current;
    const end = t.stateAt(t.length);
    expect(kept.coversMs).toBe(end.nowMs);
    expect(kept.coversMs).toBeLessThan(DEFAULT_SCENARIO.untilMs);
    expect(kept.outcome).toEqual(sinkOutcome(end));
    const whole = failureFreeOutcome(DEFAULT_SCENARIO);
    let compared = 0;
    for (let p = 0; p <= t.length; p += 7) {
      const state = t.stateAt(p);
      const verdict = exactlyOnceVerdict(state, kept.outcome);
      expect(verdict).toEqual(exactlyOnceVerdict(state, whole));
      compared = Math.max(compared, verdict.compared);
    }
    // Not vacuous: the run delivered and settled records before it was kept.
    expect(compared).toBeGreaterThan(0);
  });

  it('is null for a run stopped by the step cap before untilMs', () => {
    const t = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32, maxSteps: 50 });
    expect(t.complete).toBe(true);
    expect(t.endState).toBeNull();
    const whole = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    expect(whole.endState).not.toBeNull();
    expect(Timeline.mirror(DEFAULT_SCENARIO).endState).toBeNull();
  });
});
