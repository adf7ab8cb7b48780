/** Colors shared by the views, so one kind of event looks the same everywhere. */
import { cubehelix } from 'd3';

const NAMESPACE_COLORS: Record<string, string> = {
  sim: '#64748b',
  user: '#db2777',
  toy: '#0284c7',
  checkpoint: '#16a34a',
  barrier: '#d97706',
  state: '#7c3aed',
  sst: '#0891b2',
  file: '#dc2626',
};

export function namespaceColor(ns: string): string {
  return NAMESPACE_COLORS[ns] ?? '#475569';
}

/**
 * A cyclical rainbow for key groups, so neighbouring key groups differ and the wheel closes on
 * itself: the same cubehelix ramp as d3-scale-chromatic's interpolateRainbow (Bostock's
 * less-angry rainbow), built from d3-color alone because importing d3-scale-chromatic pulls
 * every one of its schemes into the first download (its ramps are module-level calls).
 */
export function rainbow(t: number): string {
  const u = t - Math.floor(t);
  const ts = Math.abs(u - 0.5);
  return cubehelix(360 * u - 100, 1.5 - 1.5 * ts, 0.8 - 0.9 * ts).formatHex();
}
