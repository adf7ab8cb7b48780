// The narration of a cancelled job's deleted checkpoints: the reason is the externalized-checkpoint
// retention (DefaultCompletedCheckpointStore#shutdown), not an aborted checkpoint.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf, Timeline, type ScenarioInput } from '../../engine';
import { isType, narrateAt, positionOf, KEYFRAMES } from './narrationFixtures';

const cancelled = Timeline.record(
  scenarioOf({ ...DEFAULT_SCENARIO_INPUT, script: [{ atMs: 2500, do: 'cancel' }], untilMs: 3000 } as ScenarioInput),
  KEYFRAMES,
);

describe('narration of a cancelled job', () => {
  it('explains the deleted checkpoints by the retention setting, in English and Chinese', () => {
    const p = positionOf(cancelled, isType('file.discarded', (e) => /the job was cancelled/.test(e.reason)));
    const n = narrateAt(cancelled, p);
    expect(n.headline).toMatch(/deleted because the job was cancelled \(NO_EXTERNALIZED_CHECKPOINTS\)/);
    expect(n.why).toMatch(/RETAIN_ON_CANCELLATION would keep them/);
    expect(narrateAt(cancelled, p, 'zh').why).toMatch(/RETAIN_ON_CANCELLATION/);
  });
});
