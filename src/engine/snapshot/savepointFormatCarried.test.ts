/**
 * A savepoint's format travels with it (Flink's `CheckpointOptions` carry the `SnapshotType` in
 * the trigger RPC and in every barrier): tasks take it from their trigger or barrier, never from
 * the coordinator's state. The test rewrites the coordinator's record of the format right after
 * the trigger; the tasks still write the native savepoint they were asked for.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { QueueItem } from '../queueItems';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';

function nativeSavepointRun() {
  const s = scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 9,
    job: { parallelism: 2, source: { kind: 'generator', keys: 12, ratePerSec: 200 } },
    stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { writeBufferBytes: 256 } },
    script: [{ atMs: 500, do: 'savepoint', format: 'native' }],
    untilMs: 1100,
  });
  return Simulation.create(s);
}

describe('the savepoint format travels with the trigger and the barriers', () => {
  it('tasks write a native savepoint even when the coordinator no longer says so', () => {
    const sim = nativeSavepointRun();
    let id: number | undefined;
    while (id === undefined) {
      const evs = sim.step();
      if (!evs) throw new Error('the savepoint was never triggered');
      for (const e of evs)
        if (e.type === 'checkpoint.triggered' && e.isSavepoint) id = e.checkpointId;
    }
    const queued = sim.state.queue.heap.map((e) => e.item);
    const triggers = queued.filter((i) => i.kind === 'task.trigger' && i.checkpointId === id);
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.every((i) => i.kind === 'task.trigger' && i.savepointFormat === 'NATIVE')).toBe(
      true,
    );
    // The coordinator's statistics entry is all a task could have read the format from before.
    sim.state.coordinator.history.find((h) => h.id === id)!.savepointFormat = 'CANONICAL';

    const barriers: QueueItem[] = [];
    while (!sim.state.coordinator.savepoints.some((c) => c.id === id)) {
      if (!sim.step()) throw new Error('the savepoint never completed');
      for (const e of sim.state.queue.heap)
        if (e.item.kind === 'barrier.arrive' && e.item.checkpointId === id) barriers.push(e.item);
    }
    expect(barriers.length).toBeGreaterThan(0);
    expect(
      barriers.every((b) => b.kind === 'barrier.arrive' && b.savepointFormat === 'NATIVE'),
    ).toBe(true);
    const sp = sim.state.coordinator.savepoints.find((c) => c.id === id)!;
    const keyed = Object.entries(sp.tasks).flatMap(([task, st]) =>
      task.startsWith('count#') && st.keyed ? [st.keyed.type] : [],
    );
    // Native: RocksDB's own files (IncrementalRemoteKeyedStateHandle); canonical would be keyGroups.
    expect(keyed).toEqual(['incremental', 'incremental']);
  });
});
