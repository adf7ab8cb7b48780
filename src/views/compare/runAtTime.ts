/**
 * A measured run as seen at one simulated time (the comparison's shared cursor): the checkpoints
 * completed by then, the latest one, and remote storage at the last sample at or before it.
 */
import type { CheckpointPoint, RunMetrics, StoragePoint } from '../../engine/compare/runMetrics';

export interface RunAtTime {
  completed: number;
  latest: CheckpointPoint | null;
  storage: StoragePoint | null;
}

/** Index of the last element with `key(x) <= t` in ascending `xs`, or -1. */
function lastAtOrBefore<T>(xs: readonly T[], t: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(xs[mid]!) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function runAtTime(m: RunMetrics, atMs: number): RunAtTime {
  const byCompletion = m.checkpoints;
  const i = lastAtOrBefore(byCompletion, atMs, (c) => c.completeMs);
  const j = lastAtOrBefore(m.series, atMs, (p) => p.atMs);
  return { completed: i + 1, latest: i >= 0 ? byCompletion[i]! : null, storage: j >= 0 ? m.series[j]! : null };
}

/** Every checkpoint completion time of any run, ascending and distinct: the cursor's steps. */
export function stepTimes(runs: readonly RunMetrics[]): number[] {
  return [...new Set(runs.flatMap((r) => r.checkpoints.map((c) => c.completeMs)))].sort((a, b) => a - b);
}

/** The next (+1) or previous (−1) step time from `atMs`; stays put at either end. */
export function stepFrom(times: readonly number[], atMs: number, dir: 1 | -1): number {
  if (dir > 0) return times.find((t) => t > atMs) ?? atMs;
  for (let k = times.length - 1; k >= 0; k--) if (times[k]! < atMs) return times[k]!;
  return 0;
}
