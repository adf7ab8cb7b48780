// Stop-with-savepoint gets its own narration (before: the generic event sentence, no "why"):
// SchedulerBase#stopWithSavepoint, SourceOperator#stop, StopWithSavepointTerminationHandlerImpl.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf, Timeline, type ScenarioInput } from '../../engine';
import { isType, narrateAt, positionOf, KEYFRAMES } from './narrationFixtures';

const stopped = Timeline.record(
  scenarioOf({ ...DEFAULT_SCENARIO_INPUT, script: [{ atMs: 2500, do: 'stop', drain: true }], untilMs: 4000 } as ScenarioInput),
  KEYFRAMES,
);

describe('narration of a stop-with-savepoint', () => {
  it('explains the request, a source stopping, a task finishing and the job FINISHED, in English and Chinese', () => {
    const req = narrateAt(stopped, positionOf(stopped, isType('job.stopWithSavepoint')));
    expect(req.headline).toMatch(/Stop with savepoint --drain requested: .*synchronous savepoint \d+ is triggered/);
    expect(req.why).toMatch(/If the savepoint fails, the job keeps running/);
    const src = narrateAt(stopped, positionOf(stopped, isType('source.stopped')));
    expect(src.headline).toMatch(/source#\d drains for savepoint \d+: MAX_WATERMARK/);
    const task = narrateAt(stopped, positionOf(stopped, isType('task.finished')));
    expect(task.why).toMatch(/notifyCheckpointComplete/);
    const p = positionOf(stopped, isType('job.finished'));
    expect(narrateAt(stopped, p).headline).toMatch(/The job is FINISHED; savepoint \d+ is its last state/);
    expect(narrateAt(stopped, p, 'zh').headline).toMatch(/作业状态为 FINISHED；保存点 \d+ 是它的最终状态/);
  });
});
