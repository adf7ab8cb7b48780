/**
 * The one table of figure getters: the ratio table and the FLIP-158 panel read the same field for
 * the same figure (a run whose every field holds a different number tells them apart).
 */
import { describe, expect, it } from 'vitest';
import { RATIO_FIGURES, figureOf } from '../../src/engine/compare/compareRuns';
import { FLIP158_PUBLISHED, simulatedRatio } from '../../src/engine/compare/flip158';
import type { RunMetrics } from '../../src/engine/compare/runMetrics';
import type { Spread } from '../../src/engine/compare/quantiles';

const spread = (base: number): Spread => ({ p50: base + 1, p90: base + 2, p99: base + 3, max: base + 4, mean: base + 5, stddev: base + 6 });

function run(k: number): RunMetrics {
  return {
    title: `run ${k}`,
    untilMs: 1000,
    checkpoints: [],
    failedCheckpoints: 0,
    checkpointedSize: spread(10 * k),
    stateSize: spread(100 * k),
    durationMs: spread(1000 * k),
    series: [],
    storedBytes: { mean: 7 * k, max: 8 * k, end: 9 * k },
    fileCount: { max: 11 * k, end: 12 * k },
    uploadedBytes: 13 * k,
    restore: { totalMs: 14 * k, downloadMs: 15 * k, replayMs: 16 * k, checkpointId: 1 },
    emittedRecords: 17 * k,
    replayedRecords: 18 * k,
    dstlFiles: 0,
    uploadRequests: 0,
    materializations: 0,
  };
}

describe('figures read from a run', () => {
  it('each ratio figure reads its own field', () => {
    const m = run(1);
    expect(Object.fromEntries(RATIO_FIGURES.map((f) => [f, figureOf(m, f)]))).toEqual({
      checkpointedSizeP50: 11,
      checkpointedSizeP99: 13,
      stateSizeP50: 101,
      durationP50: 1001,
      durationP99: 1003,
      storedBytesMean: 7,
      fileCountMax: 11,
      uploadedBytes: 13,
      restoreMs: 14,
      replayedRecords: 18,
    });
  });

  it('each published FLIP-158 figure is set beside the engine figure it names', () => {
    const on = run(2);
    const off = run(1);
    const ratios = Object.fromEntries(FLIP158_PUBLISHED.map((f) => [f.id, simulatedRatio(f.id, on, off)]));
    expect(ratios).toEqual({
      durationP50: 2001 / 1001,
      durationP90: 2002 / 1002,
      durationP99: 2003 / 1003,
      checkpointedSizeP50: 21 / 11,
      checkpointedSizeP90: 22 / 12,
      checkpointedSizeP99: 23 / 13,
      fullSizeP50: 201 / 101,
      fullSizeP99: 203 / 103,
      recovery: 28 / 14,
    });
  });
});
