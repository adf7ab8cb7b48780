/**
 * The tick values whose labels do not overlap on a vertical axis: from the bottom up, a tick is
 * kept when it is at least `minGap` pixels above the last one kept. A short plot (presenter
 * mode's larger type at 1280×720) then shows fewer labels instead of a pile of them.
 */
export function spacedTicks(
  ticks: readonly number[],
  y: (v: number) => number,
  minGap: number,
): number[] {
  const kept: number[] = [];
  for (const t of [...ticks].sort((a, b) => a - b)) {
    const last = kept.at(-1);
    if (last === undefined || Math.abs(y(last) - y(t)) >= minGap) kept.push(t);
  }
  return kept;
}
