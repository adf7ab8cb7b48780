import { describe, expect, it } from 'vitest';
import type { KeyedStateEntryView } from '../../engine';
import { filterEntries, summarizeByKeyGroup } from './stateTableModel';

const entry = (keyGroup: number, key: string, value = 1): KeyedStateEntryView => ({ state: 'count', kind: 'value', keyGroup, key, namespace: 'VoidNamespace', value });
const ENTRIES = [entry(9, 'k1234'), entry(3, 'k7'), entry(9, 'k123'), entry(3, 'K5'), entry(12, 'k99')];

describe('summarizeByKeyGroup', () => {
  it('counts the entries of each key group, in key-group order', () => {
    expect(summarizeByKeyGroup(ENTRIES)).toEqual([
      { keyGroup: 3, entries: 2 },
      { keyGroup: 9, entries: 2 },
      { keyGroup: 12, entries: 1 },
    ]);
  });
  it('has no row for an empty subtask', () => {
    expect(summarizeByKeyGroup([])).toEqual([]);
  });
});

describe('filterEntries', () => {
  it('keeps everything without a query or key group', () => {
    expect(filterEntries(ENTRIES, { query: '  ', keyGroup: null })).toBe(ENTRIES);
  });
  it('finds keys containing the query, ignoring case, with an exact match first', () => {
    expect(filterEntries(ENTRIES, { query: 'K123', keyGroup: null }).map((e) => e.key)).toEqual(['k123', 'k1234']);
    expect(filterEntries(ENTRIES, { query: 'k5', keyGroup: null }).map((e) => e.key)).toEqual(['K5']);
  });
  it('keeps one key group, and combines it with the query', () => {
    expect(filterEntries(ENTRIES, { query: '', keyGroup: 3 }).map((e) => e.key)).toEqual(['k7', 'K5']);
    expect(filterEntries(ENTRIES, { query: '7', keyGroup: 9 })).toEqual([]);
  });
});
