/**
 * Seed 003's `S_c = S_o × C` on RocksDB's own SST compression, run as scenarios: Flink's
 * `state.backend.rocksdb.compression.per.level` (`RocksDBConfigurableOptions#COMPRESSION_PER_LEVEL`,
 * default SNAPPY_COMPRESSION on every level) decides per output level whether RocksDB stores the
 * data blocks Snappy-compressed (`BlockBasedTableBuilder::WriteBlock`, `GoodCompressionRatio`);
 * the incremental checkpoint uploads the SST files as they are, so it carries S_c.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText, Simulation, type EngineEvent, type Scenario } from '../../src/engine';
import { summarize, type RunSummary } from '../../src/engine/verdict/summary';
import type { SinkOutcome } from '../../src/engine/verdict/sinkOutcome';

const EXAMPLE = 'scenarios/rocksdb-sst-compression.json';

function example(): Scenario {
  const parsed = parseScenarioText(readFileSync(EXAMPLE, 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.scenario;
}

/** The summary without the verdict's failure-free rerun (these runs have no faults). */
function run(s: Scenario): RunSummary {
  const sim = Simulation.create(s);
  const events: EngineEvent[] = [];
  for (let at = sim.nextAtMs; at !== undefined && at <= s.untilMs; at = sim.nextAtMs) events.push(...sim.step()!);
  const noReference: SinkOutcome = { committed: {}, settled: {} };
  return summarize(sim.state, events, noReference);
}

const withCompression = (s: Scenario, perLevel: Scenario['stateBackend']['rocksdb']['compressionPerLevel']): Scenario => ({
  ...s,
  stateBackend: { ...s.stateBackend, rocksdb: { ...s.stateBackend.rocksdb, compressionPerLevel: perLevel } },
});

describe('RocksDB SST compression in a run (seed 003)', () => {
  it('uploads flushed L0 files raw and compacted L1 files Snappy-compressed, each with its raw size', () => {
    const summary = run(example());
    const ssts = summary.files.filter((f) => f.kind === 'sst');
    const flushed = ssts.filter((f) => f.inputs.length === 0);
    const compacted = ssts.filter((f) => f.inputs.length > 0);
    expect(flushed.length).toBeGreaterThan(3);
    expect(compacted.length).toBeGreaterThan(3);
    // compressionPerLevel = [NO_COMPRESSION, SNAPPY_COMPRESSION]: L0 raw, L1 and below Snappy.
    for (const f of flushed) expect(f.rawSize, f.path).toBe(f.sizeBytes);
    for (const f of compacted) {
      // Stored compressed only when it saves at least 1/8 (GoodCompressionRatio).
      expect(f.sizeBytes, f.path).toBeLessThan(f.rawSize * (7 / 8));
    }
  });

  it('makes the incremental uploads smaller than with NO_COMPRESSION, whose files are the raw sizes', () => {
    const snappy = run(withCompression(example(), ['SNAPPY_COMPRESSION']));
    const none = run(withCompression(example(), ['NO_COMPRESSION']));
    const sstBytes = (s: RunSummary, pick: 'sizeBytes' | 'rawSize') => s.files.filter((f) => f.kind === 'sst').reduce((n, f) => n + f[pick], 0);
    for (const f of none.files) expect(f.rawSize).toBe(f.sizeBytes);
    expect(sstBytes(snappy, 'sizeBytes')).toBeLessThan(0.8 * sstBytes(none, 'sizeBytes'));
    // Snappy files report a raw size above what they store; the run's C is measured, below 7/8.
    expect(sstBytes(snappy, 'rawSize')).toBeGreaterThan(sstBytes(snappy, 'sizeBytes') * (8 / 7));
    const checkpointed = (s: RunSummary) => s.checkpoints.reduce((n, c) => n + c.checkpointedSize, 0);
    expect(checkpointed(snappy)).toBeLessThan(checkpointed(none));
  });

  it('restores a checkpoint made of compressed SSTs: the reopened files are Snappy and their state reads back', () => {
    const base = example();
    const s: Scenario = { ...withCompression(base, ['SNAPPY_COMPRESSION']), script: [{ atMs: 3500, do: 'restore', checkpoint: 'latest' }], untilMs: 3700 };
    const sim = Simulation.create(s);
    let restoredFiles = 0;
    for (let at = sim.nextAtMs; at !== undefined && at <= s.untilMs; at = sim.nextAtMs)
      for (const e of sim.step()!) {
        if (e.type === 'restore.taskRestored' && e.task === 'events#0') restoredFiles = e.files.length;
        expect(e.type).not.toBe('restore.failed');
      }
    expect(restoredFiles).toBeGreaterThan(0);
    const keyed = sim.state.job.keyed['events#0']!;
    if (keyed.backend.type !== 'rocksdb') throw new Error('expected RocksDB');
    const files = keyed.backend.rocks.db.columnFamilies.flatMap((cf) => cf.levels.flat());
    expect(files.some((f) => f.compressedBlocks > 0)).toBe(true);
    expect(Object.keys(run(s).state['events#0']!).length).toBeGreaterThan(10);
  });

  it('refuses the compressions the engine does not run, naming the entry', () => {
    const r = parseScenario({
      format: 'checkpoint-lab/scenario@1',
      stateBackend: { type: 'rocksdb', rocksdb: { compressionPerLevel: ['NO_COMPRESSION', 'LZ4_COMPRESSION'] } },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      {
        path: 'stateBackend.rocksdb.compressionPerLevel[1]',
        message: 'LZ4_COMPRESSION is a RocksDB compression Flink accepts, but this engine implements only NO_COMPRESSION and SNAPPY_COMPRESSION (Snappy with a real codec); use one of those',
      },
    ]);
  });
});
