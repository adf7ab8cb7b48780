/**
 * What `npm run compare` prints: a table of each run's figures with ratios to the first run, or
 * the JSON document tools read (`runs[]` with the figures the issue names).
 */
import type { Comparison } from '../src/engine/compare/compareRuns';
import type { RunMetrics } from '../src/engine/compare/runMetrics';
import { runJson } from '../src/engine/compare/runJson';

export { runJson };

export function comparisonJson(files: readonly string[], c: Comparison) {
  return { runs: c.runs.map((m, i) => ({ file: files[i], ...runJson(m), ratioToFirst: c.ratios[i] })) };
}

const ROWS: { label: string; value: (m: RunMetrics) => number; unit: string; ratio: keyof Comparison['ratios'][number] | null }[] = [
  { label: 'completed checkpoints', value: (m) => m.checkpoints.length, unit: '', ratio: null },
  { label: 'checkpointed_size p50', value: (m) => m.checkpointedSize.p50, unit: 'B', ratio: 'checkpointedSizeP50' },
  { label: 'checkpointed_size p99', value: (m) => m.checkpointedSize.p99, unit: 'B', ratio: 'checkpointedSizeP99' },
  { label: 'state_size p50', value: (m) => m.stateSize.p50, unit: 'B', ratio: 'stateSizeP50' },
  { label: 'end-to-end duration p50', value: (m) => m.durationMs.p50, unit: 'ms', ratio: 'durationP50' },
  { label: 'end-to-end duration p99', value: (m) => m.durationMs.p99, unit: 'ms', ratio: 'durationP99' },
  { label: 'stored bytes (mean)', value: (m) => Math.round(m.storedBytes.mean), unit: 'B', ratio: 'storedBytesMean' },
  { label: 'files stored (max)', value: (m) => m.fileCount.max, unit: '', ratio: 'fileCountMax' },
  { label: 'bytes uploaded', value: (m) => m.uploadedBytes, unit: 'B', ratio: 'uploadedBytes' },
  { label: 'restore of the latest checkpoint', value: (m) => m.restore.totalMs, unit: 'ms', ratio: 'restoreMs' },
  { label: 'records replayed', value: (m) => m.replayedRecords, unit: '', ratio: 'replayedRecords' },
];

function cell(m: RunMetrics, i: number, c: Comparison, row: (typeof ROWS)[number]): string {
  const v = `${row.value(m)}${row.unit ? ` ${row.unit}` : ''}`;
  if (i === 0 || row.ratio === null) return v;
  const r = c.ratios[i]![row.ratio];
  return `${v} (×${r === null ? '—' : r.toFixed(2)})`;
}

export function comparisonText(files: readonly string[], c: Comparison): string {
  const header = ['', ...c.runs.map((m, i) => `${i + 1}. ${m.title}`)];
  const body = ROWS.map((row) => [row.label, ...c.runs.map((m, i) => cell(m, i, c, row))]);
  const rows = [header, ...body];
  const widths = header.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  const line = (r: string[]) => r.map((x, col) => x.padEnd(widths[col]!)).join('  ').trimEnd();
  const files_ = files.map((f, i) => `${i + 1}. ${f}`).join('\n');
  return `${files_}\n\n${rows.map(line).join('\n')}\n\nRatios (×) are to run 1. Simulated time and scaled-down sizes: compare shapes, not Flink's absolute numbers.\n`;
}
