/**
 * Two or three runs of the same job side by side: each run's figures, and each figure as a ratio
 * to the first run's (the baseline the user picked first).
 */
import type { Scenario } from '../scenario/scenarioSchema';
import { measureRun, type MeasureOptions, type RunMetrics } from './runMetrics';
import { runFigure, type RunFigure } from './runFigures';

/** The figures the comparison states as ratios, in the order it lists them. */
export const RATIO_FIGURES = [
  'checkpointedSizeP50',
  'checkpointedSizeP99',
  'stateSizeP50',
  'durationP50',
  'durationP99',
  'storedBytesMean',
  'fileCountMax',
  'uploadedBytes',
  'restoreMs',
  'replayedRecords',
] as const satisfies readonly RunFigure[];
export type RatioFigure = (typeof RATIO_FIGURES)[number];

/** A ratio figure of a run (the shared table of getters, runFigures.ts). */
export function figureOf(m: RunMetrics, f: RatioFigure): number {
  return runFigure(m, f);
}

/** `run ÷ baseline`; null where the baseline is 0 (no ratio to state). */
export function ratioTo(baseline: RunMetrics, run: RunMetrics, f: RatioFigure): number | null {
  const b = figureOf(baseline, f);
  return b === 0 ? null : figureOf(run, f) / b;
}

export interface Comparison {
  runs: RunMetrics[];
  /** Per run (the first: all 1 or null), per figure: its ratio to the first run. */
  ratios: Record<RatioFigure, number | null>[];
}

export function compareScenarios(scenarios: readonly Scenario[], opts: MeasureOptions = {}): Comparison {
  if (scenarios.length < 2 || scenarios.length > 3) throw new Error(`a comparison takes 2 or 3 scenarios, not ${scenarios.length}`);
  const runs = scenarios.map((s) => measureRun(s, opts));
  const ratios = runs.map((r) => Object.fromEntries(RATIO_FIGURES.map((f) => [f, ratioTo(runs[0]!, r, f)])) as Record<RatioFigure, number | null>);
  return { runs, ratios };
}
