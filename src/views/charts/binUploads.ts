/**
 * Uploaded bytes per interval of simulated time, by file kind, for the uploads chart. The bins
 * span the whole recording (so bars do not move while the cursor does); only uploads visible
 * at the cursor are counted.
 */
import { bin, scaleLinear } from 'd3';
import type { UploadPoint } from './chartSeries';

export interface UploadBin {
  x0: number;
  x1: number;
  total: number;
  files: number;
  /** Bytes per file kind, in the order of `kinds`. */
  byKind: Record<string, number>;
}

/** Kinds in a stable order: the usual ones first, then any new kind by name. */
export function uploadKinds(uploads: readonly UploadPoint[]): string[] {
  const known = ['sst', 'private', 'metadata', 'dstl'];
  const seen = new Set(uploads.map((u) => u.kind));
  return [
    ...known.filter((k) => seen.has(k)),
    ...[...seen].filter((k) => !known.includes(k)).sort(),
  ];
}

/** About `count` bins of nice widths over [0, endMs]. */
export function binUploads(
  uploads: readonly UploadPoint[],
  endMs: number,
  count: number,
): UploadBin[] {
  const scale = scaleLinear()
    .domain([0, Math.max(1, endMs)])
    .nice(count);
  const [, end] = scale.domain() as [number, number];
  // Inner thresholds only: d3 puts a value equal to the domain's end into the last bin.
  const thresholds = scale.ticks(count).filter((t) => t > 0 && t < end);
  const bins = bin<UploadPoint, number>()
    .value((u) => u.atMs)
    .domain([0, end])
    .thresholds(thresholds)(uploads as UploadPoint[]);
  return bins.map((b) => {
    const byKind: Record<string, number> = {};
    for (const u of b) byKind[u.kind] = (byKind[u.kind] ?? 0) + u.bytes;
    return {
      x0: b.x0 ?? 0,
      x1: b.x1 ?? 0,
      total: b.reduce((n, u) => n + u.bytes, 0),
      files: b.length,
      byKind,
    };
  });
}
