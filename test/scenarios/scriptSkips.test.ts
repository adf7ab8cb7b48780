/**
 * Issue 14, bug 2: a scripted action that no longer applies after a branch is skipped with a
 * `script.skipped` event, and the recording goes on to the scenario's end; an engine error while
 * recording is kept on the timeline (Timeline#recordingError) instead of escaping to the console.
 * Seed 002 scripts `compact [4, 6, 7]` at 1100 ms; after a failover at step 30 the restored
 * RocksDB instance (checkpoint 1's SSTs re-opened, then one flush) has no SST 7 — RocksDB's
 * DB::CompactFiles would refuse it with Status::InvalidArgument, so the script skips it.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Simulation, Timeline, parseScenarioText, type EventOf, type Scenario } from '../../src/engine';

function scenario(path: string): Scenario {
  const parsed = parseScenarioText(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${JSON.stringify(parsed.problems)}`);
  return parsed.scenario;
}

const seed002 = scenario('scenarios/seed002-refcount.json');

afterEach(() => vi.restoreAllMocks());

describe('scripted actions after a branch', () => {
  it('seed 002: Fail (now) at step 30 skips the compaction of SSTs the restored database lacks, and checkpoint 4 still happens', () => {
    const tl = Timeline.record(seed002, { keyframeEvery: 32 });
    tl.branch(30, { do: 'fail', task: 'count#0', phase: 'now' });
    expect(tl.recordingError).toBeNull();
    const events = tl.records().flatMap((r) => r.events);
    const skipped = events.filter((e): e is EventOf<'script.skipped'> => e.type === 'script.skipped');
    // The flush scripted at 450 ms falls while count#0 is still restoring: skipped as not running.
    expect(skipped.filter((e) => e.action.do !== 'compact').map((e) => [e.action.do, e.reason])).toEqual([['flush', 'task-not-running']]);
    const compactions = skipped.filter((e) => e.action.do === 'compact');
    expect(compactions).toHaveLength(1);
    const skip = compactions[0]!;
    expect(skip.action).toEqual({ do: 'compact', task: 'count#0', files: [4, 6, 7] });
    expect(skip.reason).toBe('files-not-live');
    expect(skip.missing).toEqual([7]);
    expect(skip.live).toEqual([4, 5, 6]);
    expect(skip.atMs).toBe(1100);
    // The run goes on to its end: the 1200 ms checkpoint is triggered and completes.
    const completed = events.filter((e) => e.type === 'checkpoint.completed').map((e) => (e as EventOf<'checkpoint.completed'>).checkpointId);
    expect(completed).toContain(4);
    expect(tl.timeAt(tl.length)).toBeGreaterThan(1200);
  });

  it('a flush of a task that is not in the job (rescaled away) is skipped, not an error', () => {
    const script = [...seed002.script, { atMs: 1150, do: 'flush' as const, task: 'count#1' }];
    const tl = Timeline.record({ ...seed002, script }, { keyframeEvery: 32 });
    expect(tl.recordingError).toBeNull();
    const skip = tl.records().flatMap((r) => r.events).find((e) => e.type === 'script.skipped');
    expect(skip).toMatchObject({ reason: 'task-not-running', task: 'count#1', atMs: 1150 });
  });

  it('without a branch, seed 002 skips nothing', () => {
    const tl = Timeline.record(seed002, { keyframeEvery: 32 });
    expect(tl.records().some((r) => r.events.some((e) => e.type === 'script.skipped'))).toBe(false);
  });
});

describe('an engine error while recording', () => {
  it('stops the recording before the failing step and is kept on the timeline, for the UI to show', () => {
    const step = Simulation.prototype.step;
    vi.spyOn(Simulation.prototype, 'step').mockImplementation(function (this: Simulation) {
      if (this.stepIndex === 40) throw new Error('boom at 41');
      return step.call(this);
    });
    const tl = Timeline.record(seed002, { keyframeEvery: 32 });
    expect(tl.length).toBe(40);
    expect(tl.recordingError).toMatchObject({ step: 41, message: 'boom at 41' });
    expect(tl.recordingError!.atMs).toBeGreaterThanOrEqual(tl.timeAt(40));
    vi.restoreAllMocks();
    // The recorded part stays readable, and a branch before it records afresh, without the error.
    expect(tl.stateAt(40).stepIndex).toBe(40);
    tl.branch(20, { do: 'checkpoint' });
    expect(tl.recordingError).toBeNull();
    expect(tl.length).toBeGreaterThan(40);
  });
});
