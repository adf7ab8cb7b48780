/**
 * The ready-made comparisons show what they are there to teach, measured from the runs:
 * state backends (FLIP-158's shape plus full checkpoints), back-pressure (unaligned checkpoints
 * finish fast but persist channel state), compression (smaller uploads on the same data), and the
 * checkpoint interval (a short one replays less after a failure and uploads more).
 */
import { describe, expect, it } from 'vitest';
import { compareScenarios } from '../../src/engine/compare/compareRuns';
import { COMPARISON_PRESETS, comparisonPreset, variantScenario } from '../../src/engine/compare/comparisonPresets';

function run(id: string) {
  const preset = comparisonPreset(id)!;
  const c = compareScenarios(preset.variants.map((v) => variantScenario(preset, v.id)));
  return Object.fromEntries(preset.variants.map((v, i) => [v.id, c.runs[i]!]));
}

describe('ready-made comparisons', () => {
  it('every variant is the base scenario with one choice changed, and parses', () => {
    for (const p of COMPARISON_PRESETS) {
      const scenarios = p.variants.map((v) => variantScenario(p, v.id));
      for (const s of scenarios) expect(s.seed).toBe(scenarios[0]!.seed);
      for (const s of scenarios) expect(s.job).toEqual(scenarios[0]!.job);
    }
  });

  it('state backends: changelog uploads least per checkpoint, keeps most, restores slowest; full uploads everything', () => {
    const r = run('backends');
    const [cl, inc, full] = [r.changelog!, r.rocksdbIncremental!, r.rocksdbFull!];
    expect(cl.checkpointedSize.p50).toBeLessThan(inc.checkpointedSize.p50);
    expect(inc.checkpointedSize.p50).toBeLessThan(full.checkpointedSize.p50);
    // A full checkpoint uploads all of its state: checkpointed = full size.
    expect(full.checkpointedSize.p50).toBe(full.stateSize.p50);
    expect(cl.storedBytes.mean).toBeGreaterThan(inc.storedBytes.mean);
    expect(cl.restore.totalMs).toBeGreaterThan(inc.restore.totalMs);
  });

  it('back-pressure: unaligned checkpoints complete much sooner and persist in-flight records', () => {
    const r = run('backpressure');
    expect(r.unaligned!.durationMs.p50).toBeLessThan(r.aligned!.durationMs.p50 * 0.5);
    expect(r.unaligned!.checkpointedSize.p50).toBeGreaterThan(r.aligned!.checkpointedSize.p50);
  });

  it('compression: the same data uploads fewer bytes with Snappy', () => {
    const r = run('compression');
    expect(r.compressionOn!.checkpointedSize.p50).toBeLessThan(r.compressionOff!.checkpointedSize.p50);
    expect(r.compressionOn!.uploadedBytes).toBeLessThan(r.compressionOff!.uploadedBytes);
  });

  it('interval: a short interval replays fewer records after the failure and uploads more', () => {
    const r = run('interval');
    expect(r.interval500!.replayedRecords).toBeGreaterThan(0);
    expect(r.interval500!.replayedRecords).toBeLessThan(r.interval4000!.replayedRecords);
    expect(r.interval500!.uploadedBytes).toBeGreaterThan(r.interval4000!.uploadedBytes);
  });
});
