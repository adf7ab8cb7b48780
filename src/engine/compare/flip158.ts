/**
 * FLIP-158 reproduced: the Flink blog's published figures for its ValueState workload beside the
 * same comparison run by the teaching engine. The published run: parallelism 50, 21 h, RocksDB
 * incremental on S3, a checkpoint every 10 ms, materialization every 3 min, 50K events/s
 * ("Improving speed and stability of checkpointing with generic log-based incremental
 * checkpoints", flink.apache.org, 2022-05-30). The engine's run is scaled down (comparisonPresets.ts),
 * so only the shapes are comparable: the ratios' directions, never the absolute numbers.
 */
import { comparisonPreset, variantScenario } from './comparisonPresets';
import { measureRun, type RunMetrics } from './runMetrics';
import { runFigure, type RunFigure } from './runFigures';

export const FLIP158_SOURCE = 'https://flink.apache.org/2022/05/30/improving-speed-and-stability-of-checkpointing-with-generic-log-based-incremental-checkpoints/';

/** One published figure, changelog enabled vs disabled, in the blog's units. */
export interface PublishedFigure {
  id: 'durationP50' | 'durationP90' | 'durationP99' | 'checkpointedSizeP50' | 'checkpointedSizeP90' | 'checkpointedSizeP99' | 'fullSizeP50' | 'fullSizeP99' | 'recovery';
  enabled: number;
  disabled: number;
  unit: 'ms' | 'MB' | 'GB' | 's';
  /** For ranges (recovery: 35–65 s vs 20–21 s): the upper ends. */
  enabledMax?: number;
  disabledMax?: number;
}

/** The blog's ValueState tables (checkpoint statistics, "Changelog Enabled / Changelog Disabled"). */
export const FLIP158_PUBLISHED: readonly PublishedFigure[] = [
  { id: 'durationP50', enabled: 311, disabled: 5000, unit: 'ms' },
  { id: 'durationP90', enabled: 664, disabled: 6000, unit: 'ms' },
  { id: 'durationP99', enabled: 1000, disabled: 7000, unit: 'ms' },
  { id: 'checkpointedSizeP50', enabled: 14.8, disabled: 3050, unit: 'MB' },
  { id: 'checkpointedSizeP90', enabled: 23.5, disabled: 4520, unit: 'MB' },
  { id: 'checkpointedSizeP99', enabled: 36.6, disabled: 5190, unit: 'MB' },
  { id: 'fullSizeP50', enabled: 24.2, disabled: 18.5, unit: 'GB' },
  { id: 'fullSizeP99', enabled: 25.6, disabled: 19.6, unit: 'GB' },
  { id: 'recovery', enabled: 35, enabledMax: 65, disabled: 20, disabledMax: 21, unit: 's' },
];

/** Changelog ÷ plain for a published figure (ranges: their midpoints). */
export function publishedRatio(f: PublishedFigure): number {
  const on = f.enabledMax !== undefined ? (f.enabled + f.enabledMax) / 2 : f.enabled;
  const off = f.disabledMax !== undefined ? (f.disabled + f.disabledMax) / 2 : f.disabled;
  return on / off;
}

/** The engine's figure each published one is compared with (the blog's "full size" is `state_size`). */
const SIMULATED_FIGURE: Record<PublishedFigure['id'], RunFigure> = {
  durationP50: 'durationP50',
  durationP90: 'durationP90',
  durationP99: 'durationP99',
  checkpointedSizeP50: 'checkpointedSizeP50',
  checkpointedSizeP90: 'checkpointedSizeP90',
  checkpointedSizeP99: 'checkpointedSizeP99',
  fullSizeP50: 'stateSizeP50',
  fullSizeP99: 'stateSizeP99',
  recovery: 'restoreMs',
};

/** The simulated counterpart of each published figure: changelog ÷ plain in the engine's run. */
export function simulatedRatio(id: PublishedFigure['id'], on: RunMetrics, off: RunMetrics): number {
  const f = SIMULATED_FIGURE[id];
  const b = runFigure(off, f);
  return b === 0 ? Number.NaN : runFigure(on, f) / b;
}

export interface Flip158Row {
  figure: PublishedFigure;
  published: number;
  simulated: number;
  /** Both ratios on the same side of 1. */
  sameDirection: boolean;
}

export interface Flip158Reproduction {
  on: RunMetrics;
  off: RunMetrics;
  rows: Flip158Row[];
}

/** Runs the FLIP-158 preset (changelog on and off, same seed) and sets each ratio beside the published one. */
export function reproduceFlip158(): Flip158Reproduction {
  const preset = comparisonPreset('flip158')!;
  const on = measureRun(variantScenario(preset, 'changelog'));
  const off = measureRun(variantScenario(preset, 'rocksdbIncremental'));
  const rows = FLIP158_PUBLISHED.map((figure) => {
    const published = publishedRatio(figure);
    const simulated = simulatedRatio(figure.id, on, off);
    return { figure, published, simulated, sameDirection: published < 1 === simulated < 1 };
  });
  return { on, off, rows };
}
