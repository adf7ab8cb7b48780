/**
 * Minimal reproductions of engine bugs the fault matrix found. Each is `it.fails` while the bug is
 * open, so CI stays green now and turns red, on purpose, once the bug is fixed: then make it `it`.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../../src/engine/defaultScenario';
import { keyedStateEntries } from '../../src/engine/job/stateView';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';

describe('engine bugs found by the fault matrix', () => {
  // BUG held-records-released-out-of-order (src/engine/dataflow/barrierHandler.ts, releaseHeld):
  // when aligned exactly-once alignment ends, the records held behind the barrier are scheduled
  // as new `record.arrive` items at the current time, so a record of the same channel that is
  // already due at that millisecond is processed before them. Channels are no longer FIFO: here
  // ListState gets 19 before 12..18. (The fault matrix counts these reorders in its table.)
  it('records held back by an aligned barrier are processed before later records of their channel', () => {
    const s = scenarioOf({
      format: SCENARIO_FORMAT,
      seed: 3,
      job: { parallelism: 2, source: { kind: 'script' }, operators: [{ name: 'append', state: 'list' }], sink: { kind: 'plain' } },
      script: [
        { atMs: 100, do: 'checkpoint' },
        { atMs: 100, do: 'emit', source: 'source#0', records: Array.from({ length: 60 }, (_, i) => ({ key: 'k', value: i + 1 })) },
      ],
      untilMs: 400,
    });
    const sim = Simulation.create(s);
    sim.runUntil(s.untilMs);
    const entry = Object.values(sim.state.job.keyed)
      .flatMap((k) => keyedStateEntries(k.backend))
      .find((e) => e.key === 'k');
    expect(entry?.value).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});
