/**
 * A y scale for byte counts whose ticks fall on round numbers of the unit the labels use
 * (B, KB = 1024 B, MB): decimal ticks would read "1000 B" and "2.0 KB" for 2000 bytes.
 */
import { scaleLinear, type ScaleLinear } from 'd3';

export function byteScale(
  maxBytes: number,
  height: number,
  count: number,
): { y: ScaleLinear<number, number>; ticks: number[] } {
  const unit = maxBytes >= 1024 * 1024 ? 1024 * 1024 : maxBytes >= 1024 ? 1024 : 1;
  const inUnits = scaleLinear()
    .domain([0, Math.max(1, maxBytes / unit)])
    .nice(count);
  const [, end] = inUnits.domain() as [number, number];
  return {
    y: scaleLinear()
      .domain([0, end * unit])
      .range([height, 0]),
    // No half bytes.
    ticks: inUnits
      .ticks(count)
      .map((t) => t * unit)
      .filter((t) => Number.isInteger(t)),
  };
}
