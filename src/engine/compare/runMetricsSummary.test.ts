/** runMetrics reads a summarized run (records counted per step) to the same figures as a full one, replays included. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf } from '../defaultScenario';
import { measureRun } from './runMetrics';

describe('measureRun in summary', () => {
  it('a mid-size run with a failover (records read again) and scripted records: the same figures in both modes', () => {
    const s = scenarioOf({
      ...DEFAULT_SCENARIO_INPUT,
      job: { parallelism: 3, source: { kind: 'generator', keys: 50, ratePerSec: 200 }, network: { recordsPerBuffer: 8 } },
      stateBackend: { type: 'rocksdb', incremental: true },
      script: [
        { atMs: 900, do: 'emit', source: 'source#1', records: [{ key: 'x', value: 4 }, { key: 'y', value: 1 }] },
        { atMs: 2_300, do: 'fail', task: 'count#1', phase: 'now' },
      ],
      untilMs: 5_000,
    });
    const full = measureRun(s);
    const summary = measureRun(s, { detail: 'summary' });
    expect(full.replayedRecords).toBeGreaterThan(0);
    expect(full.emittedRecords).toBeGreaterThan(2_000);
    expect(summary).toEqual(full);
  });
});
