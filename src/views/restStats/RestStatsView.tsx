/**
 * A JobManager's checkpoint statistics in the simulator's own views (§4): a banner that says it
 * is real data, the history table, the timeline's overview on a wall-clock axis, the
 * per-checkpoint charts, and the chosen checkpoint's details. Everything is drawn from
 * restView (restAdapter.ts); nothing here touches the simulator's run.
 */
import { useMemo, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { LoadedRest } from '../../app/inspector/restStatsStore';
import { formatBytes } from '../format';
import { CheckpointHistoryTable, type ExtraColumn } from '../checkpoints/CheckpointHistoryTable';
import { RestCharts } from './RestCharts';
import { RestCheckpointDetail, RestConfig, restTypeLabel } from './RestCheckpointDetail';
import { RestTimeline } from './RestTimeline';
import { restView, wallClock } from './restAdapter';

export function RestBanner({ loaded, onBack }: { loaded: LoadedRest; onBack: () => void }) {
  const t = useT();
  const view = useMemo(() => restView(loaded.stats), [loaded]);
  return (
    <div className="rest-banner" role="status" data-testid="rest-banner">
      <strong>{t('restBanner')}</strong>
      <span data-testid="rest-banner-job">{view.jobId ? t('restBannerJob', { id: view.jobId }) : t('restBannerNoJob')}</span>
      <span data-testid="rest-banner-counts">
        {t('restBannerCounts', { completed: view.counts.completed, failed: view.counts.failed, inProgress: view.counts.inProgress, total: view.counts.total })}
      </span>
      <span className="muted">{loaded.name ? t('restBannerFrom', { name: loaded.name }) : t('restBannerPasted')}</span>
      <button type="button" onClick={onBack} data-testid="rest-back">
        {t('insBack')}
      </button>
    </div>
  );
}

export function RestStatsView({ loaded }: { loaded: LoadedRest }) {
  const t = useT();
  const view = useMemo(() => restView(loaded.stats), [loaded]);
  const byId = useMemo(() => new Map(view.checkpoints.map((c) => [c.id, c])), [view]);
  const detailed = useMemo(() => new Set(loaded.stats.details.map((d) => d.id)), [loaded]);
  // First shown: the checkpoint whose details were pasted, else the newest.
  const [selected, setSelected] = useState<number | null>(loaded.stats.details.at(-1)?.id ?? view.rows[0]?.id ?? null);
  const chosen = selected === null ? undefined : byId.get(selected);
  const extra: ExtraColumn[] = [
    { key: 'trigger', head: t('restColTrigger'), cell: (r) => wallClock(0, byId.get(r.id)!.trigger_timestamp) },
    { key: 'type', head: t('restColType'), cell: (r) => restTypeLabel(t, byId.get(r.id)!) },
    {
      key: 'data',
      head: t('restColData'),
      num: true,
      cell: (r) => {
        const c = byId.get(r.id)!;
        return `${c.processed_data === undefined ? '–' : formatBytes(c.processed_data)} / ${c.persisted_data === undefined ? '–' : formatBytes(c.persisted_data)}`;
      },
    },
    { key: 'failure', head: t('restColFailure'), cell: (r) => <span className="rest-failure">{r.failure ?? ''}</span> },
  ];
  const select = (id: number) => setSelected(id);
  return (
    <div className="rest-view" data-testid="rest-view">
      <section className="ins-card" aria-label={t('checkpoints')} data-testid="checkpoint-history">
        <h3>{t('checkpoints')}</h3>
        <div className="ins-table-scroll">
          <CheckpointHistoryTable
            rows={view.rows}
            extra={extra}
            selected={selected}
            jumpLabel={(id) => t('restRowSelect', { id })}
            detailLabel={(id) => t('restRowSelect', { id })}
            onJump={select}
            onDetail={select}
          />
        </div>
        <p className="note">{t('restHistoryNote')}</p>
      </section>
      <section className="ins-card" aria-label={t('restTimeline')}>
        <h3>{t('restTimeline')}</h3>
        <RestTimeline view={view} selected={selected} onSelect={select} />
        <p className="note" data-testid="rest-timeline-note">{t('restTimelineNote')}</p>
      </section>
      <div className="rest-two">
        <section className="ins-card" aria-label={t('restCharts')}>
          <h3>{t('restCharts')}</h3>
          <RestCharts view={view} onSelect={select} />
          <p className="note">{t('restChartsNote')}</p>
        </section>
        <section className="ins-card" aria-label={t('restDetail')}>
          <h3>{t('restDetail')}</h3>
          {chosen ? <RestCheckpointDetail key={chosen.id} c={chosen} hasDetails={detailed.has(chosen.id)} /> : <p className="muted">{t('restDetailHint')}</p>}
          <h4>{t('restConfig')}</h4>
          <RestConfig config={loaded.stats.config} />
        </section>
      </div>
    </div>
  );
}
