/**
 * The reload path end to end in Node: a run's storage ops are applied to IndexedDB
 * (fake-indexeddb) step by step through the mirror, the engine is thrown away, and a fresh
 * engine restores the job from the bytes read back out of IndexedDB alone.
 */
import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openPersistence } from '../../src/persistence';
import { scenarioOf } from '../../src/engine/defaultScenario';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';
import { keyedStateEntries } from '../../src/engine/job/stateView';
import type { StoredFile } from '../../src/engine/storage/remoteStorage';

const scenario = scenarioOf({
  format: SCENARIO_FORMAT,
  job: { parallelism: 2, source: { kind: 'generator', keys: 12, ratePerSec: 80 } },
  stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { writeBufferBytes: 512 } },
  checkpointing: { intervalMs: 250, numRetained: 2 },
  untilMs: 1500,
});

function sums(sim: Simulation): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of Object.values(sim.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value as number);
  return out;
}

function runToJobRunning(sim: Simulation): void {
  for (let ev = sim.step(); ev; ev = sim.step()) if (ev.some((e) => e.type === 'job.running' || e.type === 'restore.failed')) return;
}

describe('restore through IndexedDB from a fresh engine', () => {
  it('rebuilds exactly the checkpointed state from the bytes IndexedDB holds', async () => {
    const { mirror, durable } = await openPersistence({ factory: new IDBFactory() });
    expect(durable).toBe(true);
    const sim = Simulation.create(scenario);
    for (let ev = sim.step(); ev && sim.nowMs <= scenario.untilMs; ev = sim.step()) {
      if (sim.state.storage.outbox.length > 0) await mirror.applyOps('s1', sim.state.storage.outbox);
    }
    const latest = sim.state.coordinator.completed.at(-1)!;
    expect(latest.id).toBeGreaterThan(2);
    // IndexedDB holds exactly the model's files.
    const listing = await mirror.listFiles('s1');
    expect(listing.map((f) => f.path).sort()).toEqual(Object.keys(sim.state.storage.files).sort());

    // Expected: what a restore in the original engine rebuilds.
    const reference = Simulation.fromSnapshot(sim.snapshot());
    reference.apply({ do: 'restore', checkpoint: 'latest' });
    runToJobRunning(reference);

    // A fresh engine that knows nothing but what IndexedDB returns.
    const bytes = await mirror.readFiles('s1', listing.map((f) => f.path));
    const files: StoredFile[] = listing.map((f) => ({ path: f.path, bytes: bytes.get(f.path)!, meta: f.meta }));
    const fresh = Simulation.create(scenario, { checkpointId: latest.id, isSavepoint: false, metadataPath: latest.metadataPath, files });
    runToJobRunning(fresh);
    expect(fresh.state.job.running).toBe(true);
    expect(sums(fresh)).toEqual(sums(reference));
    expect(sums(fresh).size).toBeGreaterThan(0);
    // The resubmitted job keeps running and checkpointing into its own directories.
    expect(fresh.state.coordinator.jobId).not.toBe(sim.state.coordinator.jobId);
    fresh.runUntil(3000);
    expect(fresh.state.coordinator.completed.at(-1)!.id).toBeGreaterThan(latest.id + 1);
    await mirror.close();
  });
});
