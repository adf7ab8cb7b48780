/** How the event texts of both languages (en/eventText.ts, zh/eventText.ts) write keys, state values and state kinds. */
import type { StateValueView } from '../engine';

export function fmtKey(k: string | number): string {
  return typeof k === 'string' ? `"${k}"` : String(k);
}

export function fmtValue(v: StateValueView): string {
  if (v === null) return '∅';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v))
    return v.length > 6 ? `[${v.slice(0, 6).join(', ')}, … ${v.length}]` : `[${v.join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ')}}`;
}

// Flink's class names: the Chinese articles use them untranslated too.
const KIND: Record<string, string> = {
  value: 'ValueState',
  list: 'ListState',
  map: 'MapState',
  reducing: 'ReducingState',
  aggregating: 'AggregatingState',
};
export const stateKind = (k: string): string => KIND[k] ?? k;

/** Ends each describer's switch: an event type without text is a compile error, not a blank line. */
export function assertNever(x: never): never {
  throw new Error(`No text for event ${JSON.stringify(x)}`);
}

/** A summary's offsets as `p3 1200–1455, p4 0–10` (runs of consecutive offsets; at most four shown). */
export function fmtOffsetRuns(runs: readonly { partition: number; fromLog: boolean; first: number; last: number }[], logWord: string): string {
  const shown = runs.slice(0, 4).map((r) => `p${r.partition}${r.fromLog ? ` ${logWord}` : ''} ${r.first === r.last ? r.first : `${r.first}–${r.last}`}`);
  return runs.length > 4 ? `${shown.join(', ')}, … (${runs.length} runs)` : shown.join(', ');
}

/** The first of `count` tasks at the other end, and how many more. */
export function fmtPeers(first: string, count: number): string {
  return count > 1 ? `${first} +${count - 1}` : first;
}
