/**
 * The worked examples of the seed articles, run as real scenarios on the RocksDB incremental
 * backend: seed 002's table of shared files and reference counts (num-retained 2, two
 * compactions) and seed 001's failed checkpoint whose upload is not reused.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../../src/engine/defaultScenario';
import { assignToKeyGroup } from '../../src/engine/keys/keyGroups';
import { registryKeyForPath, getEntry } from '../../src/engine/registry';
import type { ScenarioAction } from '../../src/engine/scenario/actionSchema';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';
import type { EngineEvent } from '../../src/engine/events';

/** Keys whose key groups ascend, so each flushed SST covers a range after the previous one. */
const KEYS = 'abcdefghijklmnopqrstuvwxyz'
  .split('')
  .sort((a, b) => assignToKeyGroup(a, 128) - assignToKeyGroup(b, 128));

function emitAndFlush(atMs: number, key: string): ScenarioAction[] {
  return [
    { atMs, do: 'emit', records: [{ key, value: 1 }] },
    { atMs: atMs + 50, do: 'flush', task: 'count#0' },
  ];
}

function run(registry: 'refcount' | 'last-used-id', script: ScenarioAction[], numRetained: number) {
  const s = scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 3,
    job: { parallelism: 1, maxParallelism: 128, source: { kind: 'script' } },
    stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { autoCompaction: false } },
    checkpointing: { numRetained, flinkVersion: registry === 'refcount' ? ('<=1.14' as const) : ('1.15-1.20' as const) },
    script,
    untilMs: Math.max(...script.map((a) => a.atMs)) + 500,
  });
  const sim = Simulation.create(s);
  const events: EngineEvent[] = [];
  const countsAfter: Record<number, Record<number, number | null>> = {};
  const live: Record<number, number[]> = {};
  for (let ev = sim.step(); ev; ev = sim.step()) {
    events.push(...ev);
    for (const e of ev) {
      if (e.type !== 'checkpoint.completed') continue;
      // After each completed checkpoint: per local SST number, its reference count (refcount model).
      const cp = sim.state.coordinator.completed.find((c) => c.id === e.checkpointId)!;
      const keyed = cp.tasks['count#0']!.keyed!;
      if (keyed.type !== 'incremental') throw new Error('expected an incremental handle');
      countsAfter[e.checkpointId] = {};
      for (const sh of keyed.sharedState) {
        const entry = getEntry(sim.state.registry, registryKeyForPath((sh.handle as { path: string }).path));
        countsAfter[e.checkpointId]![sh.sst!] = entry?.referenceCount ?? null;
      }
      live[e.checkpointId] = keyed.sharedState.map((s) => s.sst!);
    }
  }
  return { sim, events, countsAfter, live };
}

/** Seed 002: CP1 = {1,2}; CP2 adds 3,4; compaction 1+2+3 → (1,2,3) and a new file; CP3; compaction of 4 with the newer files; CP4. */
const seed002: ScenarioAction[] = [
  ...emitAndFlush(100, KEYS[0]!), // SST 1
  ...emitAndFlush(200, KEYS[1]!), // SST 2
  { atMs: 300, do: 'checkpoint' }, // CP1 = {1, 2}
  ...emitAndFlush(400, KEYS[2]!), // SST 3
  ...emitAndFlush(500, KEYS[3]!), // SST 4
  { atMs: 600, do: 'checkpoint' }, // CP2 = {1, 2, 3, 4}
  { atMs: 700, do: 'compact', task: 'count#0', files: [1, 2, 3] }, // SST 5 = (1,2,3)
  ...emitAndFlush(800, KEYS[4]!), // SST 6 (the article's "5")
  { atMs: 900, do: 'checkpoint' }, // CP3 = {(1,2,3), 4, 6}; CP1 subsumed
  ...emitAndFlush(1000, KEYS[5]!), // SST 7 (the article's "6")
  { atMs: 1100, do: 'compact', task: 'count#0', files: [4, 6, 7] }, // SST 8 = (4,6,7)
  { atMs: 1200, do: 'checkpoint' }, // CP4 = {(1,2,3), (4,6,7)}; CP2 subsumed
];

describe("seed 002: incremental checkpoints and reference-counted shared files", () => {
  it('reproduces the reference count of every file after CP1–CP4 (refcount model, num-retained 2)', () => {
    const { live, countsAfter } = run('refcount', seed002, 2);
    expect(live).toEqual({ 1: [1, 2], 2: [1, 2, 3, 4], 3: [4, 5, 6], 4: [5, 8] });
    expect(countsAfter[1]).toEqual({ 1: 1, 2: 1 });
    expect(countsAfter[2]).toEqual({ 1: 2, 2: 2, 3: 1, 4: 1 });
    expect(countsAfter[3]).toEqual({ 4: 2, 5: 1, 6: 1 });
    expect(countsAfter[4]).toEqual({ 5: 2, 8: 1 });
  });

  for (const model of ['refcount', 'last-used-id'] as const) {
    it(`${model}: files 1, 2, 3 are deleted exactly when CP4 completes, and no other shared file before`, () => {
      const { events, sim } = run(model, seed002, 2);
      const cp4 = events.find((e) => e.type === 'checkpoint.completed' && e.checkpointId === 4)!;
      const uploads = uploadsBySst(events);
      const paths = [1, 2, 3].map((n) => uploads.get(n)!);
      // Shared SSTs only: an incremental checkpoint's MANIFEST, CURRENT and OPTIONS also sit in
      // shared/ (RocksIncrementalSnapshotStrategy L356–388) but go with their checkpoint.
      const ssts = new Set([...uploads.values()]);
      const sharedDeletions = events.flatMap((e) => (e.type === 'file.discarded' && e.path.includes('/shared/') && ssts.has(e.path) ? [e] : []));
      expect(sharedDeletions.map((e) => e.path).sort()).toEqual([...paths].sort());
      for (const d of sharedDeletions) expect(d.step).toBe(cp4.step);
      for (const p of paths) expect(sim.state.storage.files[p]).toBeUndefined();
      for (const n of [4, 5, 6, 8]) expect(sim.state.storage.files[uploads.get(n)!]).toBeDefined();
    });
  }
});

/** Path of each SST's upload (an SST is uploaded once unless a checkpoint that uploaded it failed). */
function uploadsBySst(events: EngineEvent[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of events) if (e.type === 'file.uploaded' && e.sst !== null) out.set(e.sst, e.path);
  return out;
}

describe('seed 001: files uploaded for a checkpoint that failed are uploaded again', () => {
  for (const model of ['refcount', 'last-used-id'] as const) {
    // The article numbers the files 1, 2, 4, 5; here they are 1, 2, 3, 4.
    it(`${model}: CP1 = {1, 2}; CP2 adds 3 but fails; CP3 has {1, 2, 3, 4} and uploads 3 and 4`, () => {
      const script: ScenarioAction[] = [
        ...emitAndFlush(100, KEYS[0]!), // SST 1
        ...emitAndFlush(200, KEYS[1]!), // SST 2
        { atMs: 300, do: 'checkpoint' }, // CP1 = {1, 2}
        ...emitAndFlush(400, KEYS[2]!), // SST 3
        { atMs: 500, do: 'decline', task: 'sink#0' }, // CP2 will fail after count#0 uploaded its new file
        { atMs: 510, do: 'checkpoint' }, // CP2 = {1, 2, 3} uploads 3 but is declined
        ...emitAndFlush(700, KEYS[3]!), // SST 4 (the article's 5)
        { atMs: 900, do: 'checkpoint' }, // CP3
      ];
      const { events, live } = runWith(model, script);
      expect(events.some((e) => e.type === 'checkpoint.aborted' && e.checkpointId === 2 && e.reason === 'CHECKPOINT_DECLINED')).toBe(true);
      const uploadsOf = (cp: number) => events.flatMap((e) => (e.type === 'file.uploaded' && e.checkpointId === cp && e.sst !== null ? [e.sst] : []));
      expect(uploadsOf(1)).toEqual([1, 2]);
      expect(uploadsOf(2)).toEqual([3]);
      // CP3 reuses only what CP1 (the last confirmed checkpoint) uploaded: 3 is uploaded again.
      expect(live[3]).toEqual([1, 2, 3, 4]);
      expect(uploadsOf(3)).toEqual([3, 4]);
      // CP2's upload of 3 is not leaked: it is deleted (at the abort under refcount, when unused under last-used-id).
      const cp2Upload = events.find((e) => e.type === 'file.uploaded' && e.checkpointId === 2 && e.sst === 3);
      expect(events.some((e) => e.type === 'file.discarded' && cp2Upload?.type === 'file.uploaded' && e.path === cp2Upload.path)).toBe(true);
    });
  }
});

function runWith(model: 'refcount' | 'last-used-id', script: ScenarioAction[]) {
  const s = scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 5,
    job: { parallelism: 1, maxParallelism: 128, source: { kind: 'script' } },
    stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { autoCompaction: false } },
    // Uploads are quicker than the barrier's way to the sink, so count#0 acknowledges CP2 before the sink declines it.
    storage: { latencyMs: 5, bytesPerMs: 1000 },
    checkpointing: { numRetained: 1, flinkVersion: model === 'refcount' ? ('<=1.14' as const) : ('1.15-1.20' as const), tolerableFailed: 1 },
    script,
    untilMs: 1500,
  });
  const sim = Simulation.create(s);
  const events = sim.runUntil(s.untilMs);
  // The SSTs each retained checkpoint references, from its handle.
  const live: Record<number, number[]> = {};
  for (const cp of sim.state.coordinator.completed) {
    const k = cp.tasks['count#0']!.keyed!;
    if (k.type === 'incremental') live[cp.id] = k.sharedState.map((s) => s.sst!);
  }
  return { sim, events, live };
}
