/**
 * The pre-1.13 backends as aliases (Flink `StateBackendLoader` L127–159): MemoryStateBackend is
 * HashMapStateBackend + JobManagerCheckpointStorage, whose snapshots travel inside `_metadata`
 * as ByteStreamStateHandles capped per stream (`MemCheckpointStreamFactory#checkSize` L73–79);
 * FsStateBackend and RocksDBStateBackend keep FileSystemCheckpointStorage.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, Simulation, type EngineEvent, type Scenario } from '../../src/engine';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { summarize } from '../../src/engine/verdict/summary';

function scenario(stateBackend: Record<string, unknown>, untilMs = 2500, withRestore = true): Scenario {
  const r = parseScenario({
    format: SCENARIO_FORMAT,
    seed: 4,
    job: { parallelism: 1, source: { kind: 'generator', keys: 40, ratePerSec: 200 } },
    stateBackend,
    checkpointing: { intervalMs: 500 },
    script: withRestore ? [{ atMs: 1800, do: 'restore', checkpoint: 'latest' }] : [],
    untilMs,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scenario;
}

function run(s: Scenario): { events: EngineEvent[]; sim: Simulation } {
  const sim = Simulation.create(s);
  const events: EngineEvent[] = [];
  for (let at = sim.nextAtMs; at !== undefined && at <= s.untilMs; at = sim.nextAtMs) events.push(...sim.step()!);
  return { events, sim };
}

describe('legacy state backends', () => {
  it('maps each name to the backend and checkpoint storage it became', () => {
    expect(scenario({ legacy: 'MemoryStateBackend' }).stateBackend).toMatchObject({ type: 'hashmap', checkpointStorage: 'jobmanager', legacy: 'MemoryStateBackend' });
    expect(scenario({ legacy: 'FsStateBackend' }).stateBackend).toMatchObject({ type: 'hashmap', checkpointStorage: 'filesystem' });
    expect(scenario({ legacy: 'RocksDBStateBackend' }).stateBackend).toMatchObject({ type: 'rocksdb', checkpointStorage: 'filesystem' });
    const r = parseScenario({ format: SCENARIO_FORMAT, stateBackend: { legacy: 'MemoryStateBackend', type: 'rocksdb' } });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems).toContainEqual({
        path: 'stateBackend.type',
        message: 'MemoryStateBackend is HashMapStateBackend + JobManagerCheckpointStorage: type must be "hashmap" (or omitted), got "rocksdb"',
      });
  });

  it('MemoryStateBackend: keyed state is inlined in _metadata, no state file is uploaded, and a restore reads it back', () => {
    const { events } = run(scenario({ legacy: 'MemoryStateBackend' }));
    const completed = events.filter((e) => e.type === 'checkpoint.completed');
    expect(completed.length).toBeGreaterThanOrEqual(3);
    const uploaded = events.filter((e) => e.type === 'file.uploaded');
    expect(uploaded.length).toBeGreaterThan(0);
    expect(uploaded.every((e) => e.type === 'file.uploaded' && e.kind === 'metadata')).toBe(true);
    // FsStateBackend writes the same state as files beside a small _metadata.
    const fs = run(scenario({ legacy: 'FsStateBackend' })).events;
    expect(fs.some((e) => e.type === 'file.uploaded' && e.kind === 'full')).toBe(true);
    const metaSize = (evs: EngineEvent[]) => Math.max(...evs.flatMap((e) => (e.type === 'file.uploaded' && e.kind === 'metadata' ? [e.size] : [])));
    expect(metaSize(events)).toBeGreaterThan(metaSize(fs));
    const { sim } = run(scenario({ legacy: 'MemoryStateBackend' }, 600, false));
    expect(summarize(sim.state, [], { committed: {}, settled: {} }).backend).toEqual({
      type: 'hashmap',
      checkpointStorage: 'jobmanager',
      legacy: 'MemoryStateBackend',
      became: 'HashMapStateBackend + JobManagerCheckpointStorage',
    });
    const restored = events.find((e) => e.type === 'restore.taskRestored' && e.task === 'count#0');
    expect(restored).toMatchObject({ files: [] });
    expect(restored && restored.type === 'restore.taskRestored' && restored.entries).toBeGreaterThan(10);
  });

  it('MemoryStateBackend: a state stream over the max state size is declined with Flink\'s message', () => {
    const { events } = run(scenario({ legacy: 'MemoryStateBackend', maxStateSizeBytes: 200 }, 1500, false));
    const declined = events.filter((e) => e.type === 'checkpoint.declined');
    expect(declined.length).toBeGreaterThan(0);
    expect(declined[0]).toMatchObject({
      task: 'count#0',
      reason: expect.stringMatching(/^Size of the state is larger than the maximum permitted memory-backed state\. Size=\d+, maxSize=200\. Consider using a different checkpoint storage, like the FileSystemCheckpointStorage\.$/),
    });
    expect(events.some((e) => e.type === 'checkpoint.completed')).toBe(false);
  });
});
