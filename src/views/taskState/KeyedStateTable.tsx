/**
 * A keyed subtask's state entries. A small subtask shows them all, as it always did; a big one
 * (issue 17 §4: parallelism 16, 100,000 keys) shows a summary by key group with a search by key
 * over a windowed table, so the panel never renders thousands of rows.
 */
import { useMemo, useRef, useState } from 'react';
import type { KeyedStateEntryView, StateValueView } from '../../engine';
import { useT } from '../../i18n/useT';
import { Term } from '../glossary/Term';
import { useWindowedRows, WINDOW_THRESHOLD } from '../virtual/useWindowedRows';
import { SpacerRow } from '../virtual/SpacerRow';
import { filterEntries, summarizeByKeyGroup } from './stateTableModel';

interface Props {
  entries: readonly KeyedStateEntryView[];
  show: (v: StateValueView) => string;
}

/** Beyond this many key groups (a high max parallelism) the summary is a list to choose from. */
const MAX_GROUP_BUTTONS = 32;

const entryKey = (e: KeyedStateEntryView) => `${e.state}/${e.keyGroup}/${String(e.key)}/${e.namespace}`;

export function KeyedStateTable({ entries, show }: Props) {
  const t = useT();
  const big = entries.length > WINDOW_THRESHOLD;
  const [query, setQuery] = useState('');
  const [keyGroup, setKeyGroup] = useState<number | null>(null);
  const summary = useMemo(() => (big ? summarizeByKeyGroup(entries) : []), [big, entries]);
  // A key group the subtask no longer holds (another subtask selected) filters nothing away.
  const group = keyGroup !== null && summary.some((g) => g.keyGroup === keyGroup) ? keyGroup : null;
  const shown = useMemo(() => (big ? filterEntries(entries, { query, keyGroup: group }) : entries), [big, entries, query, group]);
  const tableRef = useRef<HTMLTableElement>(null);
  const win = useWindowedRows(tableRef, shown.length, 19);
  return (
    <>
      {big && (
        <div className="state-finder" data-testid="state-finder">
          <p className="muted small">{t('stSummary', { keys: entries.length, groups: summary.length })}</p>
          {summary.length <= MAX_GROUP_BUTTONS ? (
            <div className="state-kg-summary" data-testid="state-kg-summary" role="group" aria-label={t('keyGroup')}>
              <button type="button" aria-pressed={group === null} onClick={() => setKeyGroup(null)}>
                {t('stAllGroups')}
              </button>
              {summary.map((g) => (
                <button
                  key={g.keyGroup}
                  type="button"
                  aria-pressed={group === g.keyGroup}
                  title={t('stGroupTitle', { kg: g.keyGroup, n: g.entries })}
                  onClick={() => setKeyGroup(group === g.keyGroup ? null : g.keyGroup)}
                >
                  {g.keyGroup} <span className="muted">· {g.entries}</span>
                </button>
              ))}
            </div>
          ) : (
            <select data-testid="state-kg-summary" aria-label={t('keyGroup')} value={group ?? ''} onChange={(e) => setKeyGroup(e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">{t('stAllGroups')}</option>
              {summary.map((g) => (
                <option key={g.keyGroup} value={g.keyGroup}>
                  {t('stGroupTitle', { kg: g.keyGroup, n: g.entries })}
                </option>
              ))}
            </select>
          )}
          <label className="state-search">
            {t('stSearchLabel')}{' '}
            <input type="search" data-testid="state-search" value={query} placeholder={t('stSearchPlaceholder')} onChange={(e) => setQuery(e.target.value)} />
          </label>{' '}
          <span className="muted small" data-testid="state-matches">
            {t('stMatches', { n: shown.length, total: entries.length })}
          </span>
        </div>
      )}
      <table className="state-table" data-testid="state-table" ref={tableRef}>
        <thead>
          <tr>
            <th>
              <Term id="key-group">{t('keyGroup')}</Term>
            </th>
            <th>{t('key')}</th>
            <th>{t('value')}</th>
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={win.padding.top} cols={3} />
          {win.indices.map((i) => {
            const e = shown[i]!;
            return (
              <tr key={entryKey(e)} data-index={win.windowed ? i : undefined} ref={win.windowed ? win.measure : undefined}>
                <td className="num">{e.keyGroup}</td>
                <td>{String(e.key)}</td>
                <td className="num">{show(e.value)}</td>
              </tr>
            );
          })}
          <SpacerRow height={win.padding.bottom} cols={3} />
        </tbody>
      </table>
    </>
  );
}
