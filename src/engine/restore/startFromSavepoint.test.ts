import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';

const scenario = scenarioOf({
  format: SCENARIO_FORMAT,
  job: { parallelism: 2, source: { kind: 'generator', keys: 10, ratePerSec: 100 } },
  stateBackend: { type: 'rocksdb', incremental: true },
  checkpointing: { intervalMs: 300, numRetained: 3 },
  script: [{ atMs: 500, do: 'savepoint' }],
  untilMs: 1000,
});

describe('starting a job from a savepoint after a reload, numRetained ≥ 2', () => {
  // Flink: AbstractCompleteCheckpointStore#findLowest (L60) skips savepoints, so a restored
  // savepoint in the completed store never reaches SharedStateRegistry#unregisterUnusedState.
  it('keeps checkpointing: the restored savepoint stays in the store without crashing the registry', () => {
    const first = Simulation.create(scenario);
    first.runUntil(1000);
    const sp = first.state.coordinator.savepoints.at(-1)!;
    const files = Object.values(first.state.storage.files).map((f) => ({ path: f.path, bytes: f.bytes.slice(), meta: { ...f.meta } }));
    const second = Simulation.create({ ...scenario, script: [] }, { checkpointId: sp.id, isSavepoint: true, metadataPath: sp.metadataPath, files });
    expect(() => second.runUntil(3000)).not.toThrow();
    const ids = second.state.coordinator.completed.map((c) => c.id);
    expect(ids.length).toBe(3);
    expect(ids[0]!).toBeGreaterThan(sp.id);
    // Its files are still in storage (the job did not claim it).
    for (const f of files.filter((x) => x.path.startsWith(sp.metadataPath.slice(0, sp.metadataPath.lastIndexOf('/'))))) expect(second.state.storage.files[f.path]).toBeDefined();
  });
});
