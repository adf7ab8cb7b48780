/**
 * The comparison's figures as files: JSON (the same document `npm run compare --json` prints, plus
 * each run's per-checkpoint points) and CSV (one row per run and figure, ratios to the first run).
 */
import { RATIO_FIGURES, figureOf, ratioTo } from '../../engine/compare/compareRuns';
import type { RunMetrics } from '../../engine/compare/runMetrics';
import { runJson } from '../../engine/compare/runJson';

export function comparisonJsonDocument(id: string, labels: readonly string[], runs: readonly RunMetrics[]) {
  return {
    format: 'checkpoint-lab/comparison@1',
    comparison: id,
    runs: runs.map((m, i) => ({
      label: labels[i],
      ...runJson(m),
      ratioToFirst: Object.fromEntries(RATIO_FIGURES.map((f) => [f, ratioTo(runs[0]!, m, f)])),
      checkpointPoints: m.checkpoints,
    })),
  };
}

function csvCell(x: string | number | null): string {
  if (x === null) return '';
  const s = String(x);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function comparisonCsv(labels: readonly string[], runs: readonly RunMetrics[]): string {
  const rows: (string | number | null)[][] = [['run', 'figure', 'value', 'ratio_to_first']];
  runs.forEach((m, i) => {
    for (const f of RATIO_FIGURES) {
      const r = ratioTo(runs[0]!, m, f);
      rows.push([labels[i] ?? m.title, f, figureOf(m, f), r === null ? null : Number(r.toFixed(4))]);
    }
  });
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
