/**
 * Percentiles the way Flink's Web UI reports checkpoint statistics (p50, p90, p99 of the
 * completed checkpoints' sizes and durations): nearest-rank on the sorted values.
 */
export interface Spread {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  stddev: number;
}

/** Nearest-rank percentile of ascending values; 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const n = Math.max(1, values.length);
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const stddev = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0, mean, stddev };
}
