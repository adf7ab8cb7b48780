/**
 * A table for lists of hundreds or thousands of files: a filter on the row's text, sorting by a
 * column (click its header), and pages of PAGE_SIZE rows, so the DOM holds at most one page.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';

export const PAGE_SIZE = 50;

export interface Column<R> {
  id: string;
  header: ReactNode;
  /** The cell; `sortValue` (or the text of `filterText`) sorts. */
  cell: (r: R) => ReactNode;
  sortValue?: (r: R) => string | number;
  num?: boolean;
  /** Header tooltip. */
  title?: string;
}

export function PagedTable<R>({
  rows,
  columns,
  rowKey,
  filterText,
  testId,
  initialSort,
}: {
  rows: R[];
  columns: Column<R>[];
  rowKey: (r: R) => string;
  /** The text the filter searches (e.g. the file's path). */
  filterText: (r: R) => string;
  testId: string;
  initialSort?: { id: string; desc?: boolean };
}) {
  const t = useT();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ id: string; desc: boolean } | null>(initialSort ? { id: initialSort.id, desc: !!initialSort.desc } : null);
  const [page, setPage] = useState(0);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const kept = f ? rows.filter((r) => filterText(r).toLowerCase().includes(f)) : rows;
    if (!sort) return kept;
    const col = columns.find((c) => c.id === sort.id);
    if (!col?.sortValue) return kept;
    const value = col.sortValue;
    const sorted = [...kept].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    });
    return sort.desc ? sorted.reverse() : sorted;
  }, [rows, filter, sort, columns, filterText]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const p = Math.min(page, pages - 1);
  const slice = shown.slice(p * PAGE_SIZE, (p + 1) * PAGE_SIZE);
  const paged = rows.length > PAGE_SIZE;
  return (
    <div className="ins-table" data-testid={testId}>
      {paged && (
        <div className="ins-table-tools">
          <label>
            {t('insFilter')}{' '}
            <input
              type="search"
              value={filter}
              placeholder={t('insFilterPlaceholder')}
              data-testid={`${testId}-filter`}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(0);
              }}
            />
          </label>
          <span className="muted small" data-testid={`${testId}-range`}>
            {t('insRows', { from: shown.length ? p * PAGE_SIZE + 1 : 0, to: Math.min(shown.length, (p + 1) * PAGE_SIZE), n: shown.length })}
          </span>
          <button type="button" disabled={p === 0} onClick={() => setPage(p - 1)}>
            {t('insPrev')}
          </button>
          <button type="button" disabled={p >= pages - 1} onClick={() => setPage(p + 1)} data-testid={`${testId}-next`}>
            {t('insNext')}
          </button>
        </div>
      )}
      <div className="ins-table-scroll">
        <table className="state-table">
          <thead>
            <tr>
              {columns.map((c) => {
                const active = sort?.id === c.id;
                return (
                  <th key={c.id} className={c.num ? 'num' : undefined} title={c.title} aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}>
                    {c.sortValue ? (
                      <button
                        type="button"
                        className="ins-sort"
                        aria-label={typeof c.header === 'string' ? t('insSortBy', { col: c.header }) : undefined}
                        onClick={() => setSort(active ? { id: c.id, desc: !sort.desc } : { id: c.id, desc: false })}
                      >
                        {c.header}
                        {active ? (sort.desc ? ' ▾' : ' ▴') : ''}
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {slice.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c) => (
                  <td key={c.id} className={c.num ? 'num' : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
