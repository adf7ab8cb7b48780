/**
 * Across the opened checkpoints: the shared files × the checkpoints referencing each (the look of
 * the simulator's registry table), the referenced files that are missing, sizes that differ from
 * the metadata, and the files no `_metadata` references, with the caveats before deleting any.
 */
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import type { FolderReport, InspectedFile } from '../../inspector/folder';
import { PagedTable, type Column } from './PagedTable';

/** Beyond this many checkpoints the matrix gives way to a list of ids per file. */
const MATRIX_MAX_CHECKPOINTS = 12;

export function AcrossCheckpoints({ report }: { report: FolderReport }) {
  const t = useT();
  const shared = useMemo(() => report.files.filter((f) => f.shared), [report]);
  const ids = report.checkpoints.map((c) => c.checkpointId);
  const columns: Column<InspectedFile>[] = useMemo(() => {
    const base: Column<InspectedFile>[] = [
      { id: 'file', header: t('insColFile'), cell: (f) => <span className="ins-path" title={f.name}>{f.path ?? f.name}</span>, sortValue: (f) => f.path ?? f.name },
      { id: 'size', header: t('insColSize'), num: true, cell: (f) => formatBytes(f.size), sortValue: (f) => f.size },
    ];
    if (ids.length <= MATRIX_MAX_CHECKPOINTS) {
      return [
        ...base,
        ...ids.map(
          (id): Column<InspectedFile> => ({
            id: `c${id}`,
            header: t('insChkId', { id }),
            cell: (f) => (f.checkpoints.includes(id) ? <span className="ins-mark" aria-label="✓">●</span> : ''),
            sortValue: (f) => (f.checkpoints.includes(id) ? 0 : 1),
          }),
        ),
      ];
    }
    return [...base, { id: 'ids', header: t('insColCheckpoints'), cell: (f) => f.checkpoints.join(', '), sortValue: (f) => f.checkpoints.length }];
  }, [t, ids.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const unreferenced = report.unreferenced;
  return (
    <>
      <section className="ins-card registry-table" data-testid="ins-shared" aria-labelledby="ins-shared-title">
        <h3 id="ins-shared-title">{t('insSharedTable', { n: shared.length })}</h3>
        <p className="muted small">{t('insSharedLegend')}</p>
        {shared.length === 0 ? (
          <p className="muted">{t('insNoShared')}</p>
        ) : (
          <PagedTable rows={shared} columns={columns} rowKey={(f) => f.path ?? `outside:${f.name}`} filterText={(f) => f.path ?? f.name} testId="ins-shared-table" />
        )}
      </section>
      <section className="ins-card" data-testid="ins-missing">
        {report.missing.length === 0 ? (
          <h3>{t('insMissingNone')}</h3>
        ) : (
          <>
            <h3 className="ins-bad">{t('insMissing', { n: report.missing.length })}</h3>
            <PagedTable
              rows={report.missing}
              rowKey={(m) => m.path ?? m.name}
              filterText={(m) => m.path ?? m.name}
              testId="ins-missing-table"
              columns={[
                { id: 'file', header: t('insColFile'), cell: (m) => <span className="ins-path" title={m.name}>{m.path ?? m.name}</span>, sortValue: (m) => m.path ?? m.name },
                { id: 'why', header: '', cell: (m) => (m.reason === 'outside the opened folder' ? t('insMissingOutside') : t('insMissingNotHere')) },
                { id: 'ids', header: t('insColCheckpoints'), cell: (m) => m.checkpoints.join(', ') },
              ]}
            />
          </>
        )}
        {report.sizeMismatches.length > 0 && (
          <>
            <h3 className="ins-bad">{t('insMismatch', { n: report.sizeMismatches.length })}</h3>
            <ul className="ins-list" data-testid="ins-mismatches">
              {report.sizeMismatches.slice(0, 200).map((s) => (
                <li key={s.path}>
                  <span className="mono">{s.path}</span> {t('insRecorded', { a: s.recorded, b: s.onDisk })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="ins-card" data-testid="ins-unreferenced">
        {unreferenced === null ? (
          <h3>{t('insUnreferencedUnchecked')}</h3>
        ) : unreferenced.length === 0 ? (
          <h3>{t('insUnreferencedNone')}</h3>
        ) : (
          <>
            <h3>{t('insUnreferenced', { n: unreferenced.length })}</h3>
            <p className="ins-caveat" role="note">
              {t('insCaveats')}
            </p>
            <PagedTable
              rows={unreferenced}
              rowKey={(u) => u.path}
              filterText={(u) => u.path}
              testId="ins-unreferenced-table"
              columns={[
                { id: 'file', header: t('insColFile'), cell: (u) => <span className="ins-path">{u.path}</span>, sortValue: (u) => u.path },
                { id: 'size', header: t('insColSize'), num: true, cell: (u) => formatBytes(u.size), sortValue: (u) => u.size },
              ]}
            />
          </>
        )}
      </section>
    </>
  );
}
