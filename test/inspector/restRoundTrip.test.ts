// The simulator's own run, served as Flink's REST statistics (`npm run sim -- --rest`) and pasted
// back into the REST view: its rows say what the simulator's history table says.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf } from '../../src/engine/defaultScenario';
import { Simulation } from '../../src/engine/simulation';
import { restCheckpointStatistics } from '../../src/engine/coordinator/restStats';
import { parseRestCheckpoints } from '../../src/inspector/rest/restCheckpoints';
import { historyRowsOf } from '../../src/views/checkpoints/historyRows';
import { restView } from '../../src/views/restStats/restAdapter';

describe('REST view of a simulated run', () => {
  it('shows the checkpoints the simulator’s history shows, with the same ids, statuses, sizes, durations and acks', () => {
    // The default job (a checkpoint a second) for 6 s.
    const s = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, untilMs: 6000 });
    const sim = Simulation.create(s);
    sim.runUntil(s.untilMs);
    const c = sim.state.coordinator;
    const r = parseRestCheckpoints(JSON.stringify(restCheckpointStatistics(c)));
    if (!r.ok) throw new Error(r.error);
    const view = restView(r.value);
    const simRows = historyRowsOf(c.history, new Set(c.completed.map((x) => x.id))).slice(0, 10); // web.checkpoints.history
    expect(simRows.length).toBeGreaterThan(2);
    expect(view.rows.map((x) => x.id)).toEqual(simRows.map((x) => x.id));
    for (const [rest, own] of view.rows.map((x, i) => [x, simRows[i]!] as const)) {
      // REST has no SUBSUMED status: a subsumed checkpoint is COMPLETED (and `discarded`).
      expect(rest.status).toBe(own.status === 'SUBSUMED' ? 'COMPLETED' : own.status);
      expect(rest.checkpointedSize).toBe(own.checkpointedSize);
      if (own.stateSize !== null) expect(rest.stateSize).toBe(own.stateSize);
      if (own.durationMs !== null) expect(rest.durationMs).toBe(own.durationMs);
      expect([rest.acknowledged, rest.subtasks]).toEqual([own.acknowledged, own.subtasks]);
      expect(rest.isSavepoint).toBe(own.isSavepoint);
    }
    // The engine's job id (32 hex digits, as Flink's JobID prints) is found in `<job id>/chk-N`.
    expect(view.jobId).toBe(c.jobId);
  });
});
