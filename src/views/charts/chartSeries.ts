/**
 * The series the charts draw, derived once per recording from its events (see memoByRevision):
 * uploads (`file.uploaded`), remote storage over time (uploads minus `file.discarded`, on top of
 * what storage held before the first step) and one entry per checkpoint for the per-checkpoint
 * charts (from the same bars as the checkpoint timeline). `upTo` cuts a series at the cursor.
 */
import type { StepRecord, Timeline } from '../../engine';
import { deriveCheckpointBars, type CheckpointBar } from '../timeline/checkpointBars';
import { memoByRevision } from './memoByRevision';

export interface UploadPoint {
  atMs: number;
  pos: number;
  bytes: number;
  /** The file's kind as the engine names it (sst, private, metadata, dstl…). */
  kind: string;
}

export interface StoragePoint {
  atMs: number;
  pos: number;
  bytes: number;
  files: number;
}

export interface ChartData {
  bars: CheckpointBar[];
  uploads: UploadPoint[];
  /** One point per step that changed remote storage, after a point for position 0. */
  storage: StoragePoint[];
  endMs: number;
}

export function deriveUploads(records: readonly StepRecord[]): UploadPoint[] {
  const out: UploadPoint[] = [];
  records.forEach((r, i) => {
    for (const e of r.events)
      if (e.type === 'file.uploaded')
        out.push({ atMs: e.atMs, pos: i + 1, bytes: e.size, kind: e.kind });
  });
  return out;
}

/** Remote storage after each step that changed it, starting from `initial` (files imported before the first step). */
export function deriveStorageSeries(
  records: readonly StepRecord[],
  initial: { bytes: number; files: number },
): StoragePoint[] {
  const out: StoragePoint[] = [{ atMs: 0, pos: 0, ...initial }];
  let { bytes, files } = initial;
  records.forEach((r, i) => {
    let changed = false;
    for (const e of r.events) {
      if (e.type === 'file.uploaded') {
        bytes += e.size;
        files++;
        changed = true;
      } else if (e.type === 'file.discarded') {
        bytes -= e.size;
        files--;
        changed = true;
      }
    }
    if (changed) out.push({ atMs: r.atMs, pos: i + 1, bytes, files });
  });
  return out;
}

export function deriveChartData(timeline: Timeline): ChartData {
  const records = timeline.records();
  // Position 0 is a keyframe, so this is cheap; it holds the files of a job started from a retained checkpoint.
  const files = Object.values(timeline.stateAt(0).storage.files);
  const initial = { bytes: files.reduce((n, f) => n + f.bytes.length, 0), files: files.length };
  return {
    bars: [...deriveCheckpointBars(records)].sort((a, b) => a.id - b.id),
    uploads: deriveUploads(records),
    storage: deriveStorageSeries(records, initial),
    endMs: timeline.timeAt(timeline.length),
  };
}

export const chartDataOf = memoByRevision(deriveChartData);

/** The prefix of a series (sorted by position) visible at `cursor`: binary search, so cheap at any length. */
export function upTo<T extends { pos: number }>(
  series: readonly T[],
  cursor: number,
): readonly T[] {
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid]!.pos <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo === series.length ? series : series.slice(0, lo);
}
