/** One inspected checkpoint: its properties, its operators (with key-group ranges and totals) and its files. */
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import type { InspectedCheckpoint, InspectedFile, InspectedOperator } from '../../inspector/folder';
import { PagedTable, type Column } from './PagedTable';
import { keyGroupsText, roleLabel, styleLabel, typeLabel } from './labels';

export function CheckpointDetail({ c }: { c: InspectedCheckpoint }) {
  const t = useT();
  const names = new Map(c.operators.map((o) => [o.operatorId, o.name ?? o.uid ?? `${o.operatorId.slice(0, 8)}…`]));
  const opColumns: Column<InspectedOperator>[] = useMemo(
    () => [
      { id: 'id', header: t('insColOperatorId'), cell: (o) => <span title={o.operatorId}>{o.operatorId}</span>, sortValue: (o) => o.operatorId },
      {
        id: 'name',
        header: t('insColName'),
        title: c.metadataVersion < 5 ? t('insNameV5') : undefined,
        cell: (o) => o.name ?? o.uid ?? '–',
        sortValue: (o) => o.name ?? o.uid ?? '',
      },
      { id: 'p', header: t('insColPar'), num: true, cell: (o) => o.parallelism, sortValue: (o) => o.parallelism },
      { id: 'maxp', header: t('insColMaxPar'), num: true, cell: (o) => o.maxParallelism, sortValue: (o) => o.maxParallelism },
      { id: 'style', header: t('insColKeyed'), cell: (o) => styleLabel(t, o), sortValue: (o) => o.style },
      { id: 'files', header: t('insColFiles'), num: true, cell: (o) => o.totals.files, sortValue: (o) => o.totals.files },
      { id: 'shared', header: t('insColShared'), num: true, cell: (o) => formatBytes(o.totals.sharedBytes), sortValue: (o) => o.totals.sharedBytes },
      { id: 'private', header: t('insColPrivate'), num: true, cell: (o) => formatBytes(o.totals.privateBytes), sortValue: (o) => o.totals.privateBytes },
      { id: 'inlined', header: t('insColInlined'), num: true, cell: (o) => formatBytes(o.totals.inlinedBytes), sortValue: (o) => o.totals.inlinedBytes },
      {
        id: 'kg',
        header: t('insColKeyGroups'),
        cell: (o) => {
          const text = keyGroupsText(o);
          return (
            <span className="ins-kg" title={text}>
              {text || '–'}
            </span>
          );
        },
      },
    ],
    [t, c.metadataVersion],
  );
  const fileColumns: Column<InspectedFile>[] = useMemo(
    () => [
      { id: 'file', header: t('insColFile'), cell: (f) => <span className="ins-path" title={f.name}>{f.path ?? f.name}</span>, sortValue: (f) => f.path ?? f.name },
      { id: 'role', header: t('insColRole'), cell: (f) => f.roles.map((r) => roleLabel(t, r)).join(', '), sortValue: (f) => f.roles.join(',') },
      { id: 'size', header: t('insColSize'), num: true, cell: (f) => formatBytes(f.size), sortValue: (f) => f.size },
      {
        id: 'disk',
        header: t('insColOnDisk'),
        num: true,
        cell: (f) => (f.sizeOnDisk === null ? <span className="ins-bad">{t('insNotHere')}</span> : formatBytes(f.sizeOnDisk)),
        sortValue: (f) => f.sizeOnDisk ?? -1,
      },
      { id: 'shared', header: t('insColSharedOrPrivate'), cell: (f) => (f.shared ? t('insShared') : t('insPrivate')), sortValue: (f) => (f.shared ? 0 : 1) },
      { id: 'ops', header: t('insColOperators'), cell: (f) => f.operators.map((id) => names.get(id) ?? id).join(', ') },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, c],
  );
  const masters = c.metadata.masterStates;
  return (
    <section className="ins-card" data-testid="ins-checkpoint-detail" aria-labelledby="ins-detail-title">
      <h3 id="ins-detail-title">{t('insDetailTitle', { dir: c.dir || '.', id: c.checkpointId })}</h3>
      <p data-testid="ins-detail-line">
        {t('insDetailLine', {
          v: c.metadataVersion,
          type: typeLabel(t, c),
          mode: c.incremental ? t('insIncremental') : t('insFull'),
          total: formatBytes(c.totalBytes),
          files: c.files.length,
        })}
        {c.inlinedBytes > 0 && ` ${t('insInlined', { bytes: formatBytes(c.inlinedBytes) })}`}
      </p>
      {masters.length > 0 && <p className="muted small">{t('insMasterStates', { list: masters.map((m) => `${m.name} v${m.version} (${formatBytes(m.size)})`).join(', ') })}</p>}
      <h4>{t('insOperators', { n: c.operators.length })}</h4>
      <PagedTable rows={c.operators} columns={opColumns} rowKey={(o) => o.operatorId} filterText={(o) => `${o.operatorId} ${o.name ?? ''} ${o.uid ?? ''}`} testId="ins-operators" />
      <h4>{t('insFilesOf', { id: c.checkpointId, n: c.files.length })}</h4>
      <PagedTable rows={c.files} columns={fileColumns} rowKey={(f) => f.path ?? `outside:${f.name}`} filterText={(f) => f.path ?? f.name} testId="ins-files" />
    </section>
  );
}
