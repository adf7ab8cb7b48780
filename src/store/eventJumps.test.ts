// "Next event of this kind" over recorded runs (issue 14, bug 1: "next failure" never moved).
import { describe, expect, it } from 'vitest';
import { recordScenarioFile } from '../views/job/recordedRuns';
import { eventPositions, findEventPosition, nearestPosition } from './eventJumps';

describe('jump kinds', () => {
  it('"failure" finds the injected task failures of the sink examples (CheckpointFailureManager / the failover it starts)', () => {
    for (const file of ['scenarios/sink-after-failure-plain.json', 'scenarios/sink-after-failure-transactional.json']) {
      const tl = recordScenarioFile(file);
      const failed = eventPositions(tl, 'failure');
      // Each example scripts two task failures; each is a job.failed step.
      const jobFailed = tl.records().flatMap((r, i) => (r.events.some((e) => e.type === 'job.failed') ? [i + 1] : []));
      expect(jobFailed.length).toBe(2);
      for (const p of jobFailed) expect(failed).toContain(p);
      // From step 0, › lands on the first failure, which is also where its restore starts.
      expect(findEventPosition(tl, 0, 'failure', 1)).toBe(jobFailed[0]);
      expect(findEventPosition(tl, 0, 'restore', 1)).toBe(jobFailed[0]);
    }
  });
});

describe('nearestPosition', () => {
  const ps = [3, 7, 12];
  it('finds the next and previous positions, strictly after or before', () => {
    expect(nearestPosition(ps, 0, 1)).toBe(3);
    expect(nearestPosition(ps, 3, 1)).toBe(7);
    expect(nearestPosition(ps, 5, 1)).toBe(7);
    expect(nearestPosition(ps, 12, 1)).toBeNull();
    expect(nearestPosition(ps, 12, -1)).toBe(7);
    expect(nearestPosition(ps, 13, -1)).toBe(12);
    expect(nearestPosition(ps, 8, -1)).toBe(7);
    expect(nearestPosition(ps, 3, -1)).toBeNull();
    expect(nearestPosition([], 3, -1)).toBeNull();
  });
});
