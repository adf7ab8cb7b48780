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
