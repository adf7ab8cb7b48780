/**
 * A big subtask's keyed state (issue 17 §4: up to 100,000 keys over the subtasks) is shown as a
 * per-key-group summary plus a table filtered by key group and by a search on the key, windowed
 * while it is long. These are the pure parts: the summary and the filter.
 */
import type { KeyedStateEntryView } from '../../engine';

export interface KeyGroupSummary {
  keyGroup: number;
  /** Entries (key × state × namespace) in that key group. */
  entries: number;
}

/** One row per key group that holds state, in key-group order. */
export function summarizeByKeyGroup(entries: readonly KeyedStateEntryView[]): KeyGroupSummary[] {
  const counts = new Map<number, number>();
  for (const e of entries) counts.set(e.keyGroup, (counts.get(e.keyGroup) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([keyGroup, n]) => ({ keyGroup, entries: n }));
}

export interface StateFilter {
  /** Text the key must contain (case-insensitive); empty: every key. */
  query: string;
  /** Only this key group; null: every key group. */
  keyGroup: number | null;
}

/** The entries a filter keeps; a key equal to the query comes first, so "k123" finds k123 before k1234. */
export function filterEntries(entries: readonly KeyedStateEntryView[], f: StateFilter): readonly KeyedStateEntryView[] {
  const q = f.query.trim().toLowerCase();
  if (q === '' && f.keyGroup === null) return entries;
  const kept = entries.filter((e) => (f.keyGroup === null || e.keyGroup === f.keyGroup) && (q === '' || String(e.key).toLowerCase().includes(q)));
  if (q === '') return kept;
  const exact = kept.filter((e) => String(e.key).toLowerCase() === q);
  return exact.length === 0 ? kept : [...exact, ...kept.filter((e) => String(e.key).toLowerCase() !== q)];
}
