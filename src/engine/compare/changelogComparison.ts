/**
 * The same job, same seed, run twice — RocksDB incremental checkpoints with and without the
 * changelog — and measured the way FLIP-158's evaluation (and seed 000) compares them: the size
 * each checkpoint uploads (`checkpointed_size`) and how steady it is, the total size kept in
 * remote storage, and how long a restore of the latest checkpoint takes (download + replay).
 * The teaching engine reproduces the shapes, not Flink's absolute numbers: sizes are scaled down
 * and time is simulated.
 */
import { parseScenario } from '../scenario/parseScenario';
import type { Scenario } from '../scenario/scenarioSchema';
import { FLIP158_BASE } from './comparisonPresets';
import { mergeInput } from './mergeInput';
import { measureRun, type RunMetrics } from './runMetrics';

export interface ChangelogComparison {
  off: RunMetrics;
  on: RunMetrics;
  ratios: {
    /** Changelog ÷ plain; < 1 means changelog uploads less per checkpoint. */
    checkpointedSizeP50: number;
    checkpointedSizeMax: number;
    /** Coefficient of variation (stddev ÷ mean): lower is steadier. */
    steadinessOff: number;
    steadinessOn: number;
    storedBytesMean: number;
    restoreTime: number;
  };
}

/** FLIP-158's setting in teaching scale (comparisonPresets.ts): frequent checkpoints, periodic materialization. */
export function comparisonScenario(changelog: boolean, seed = 158): Scenario {
  const input = mergeInput(FLIP158_BASE, { title: `RocksDB incremental, changelog ${changelog ? 'on' : 'off'}`, seed, stateBackend: { changelog: { enabled: changelog } } });
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return r.scenario;
}

/** Both runs and the ratios (changelog ÷ plain). */
export function compareChangelog(seed = 158): ChangelogComparison {
  const off = measureRun(comparisonScenario(false, seed));
  const on = measureRun(comparisonScenario(true, seed));
  return {
    off,
    on,
    ratios: {
      checkpointedSizeP50: on.checkpointedSize.p50 / off.checkpointedSize.p50,
      checkpointedSizeMax: on.checkpointedSize.max / off.checkpointedSize.max,
      steadinessOff: off.checkpointedSize.stddev / off.checkpointedSize.mean,
      steadinessOn: on.checkpointedSize.stddev / on.checkpointedSize.mean,
      storedBytesMean: on.storedBytes.mean / off.storedBytes.mean,
      restoreTime: on.restore.totalMs / off.restore.totalMs,
    },
  };
}
