/** Small helpers for benchmarks: timing, percentiles and a uniform report line. */
import { recordSection } from './report/benchReport';

export function timeMs(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function fmt(n: number, digits = 2): string {
  if (n >= 1000 || Number.isInteger(n)) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(digits);
}

export interface BenchLine {
  name: string;
  value: string;
  goal?: string;
  ok?: boolean;
}

/** Prints a section and keeps it for docs/benchmarks.md and .json. */
export function printSection(title: string, lines: BenchLine[]): void {
  recordSection(title, lines);
  console.log(`\n## ${title}`);
  const w = Math.max(...lines.map((l) => l.name.length));
  for (const l of lines) {
    const goal = l.goal ? `   goal ${l.goal}: ${l.ok ? 'met' : 'NOT met'}` : '';
    console.log(`  ${l.name.padEnd(w)}  ${l.value}${goal}`);
  }
}
