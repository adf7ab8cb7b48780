/** The overlaid charts: per-checkpoint figures at their completion times, storage over time, and the restore times. */
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { RunMetrics } from '../../engine/compare/runMetrics';
import { OverlayChart, type OverlaySeries } from './OverlayChart';
import { RUN_COLORS } from './compareLabels';
import { useInTurn } from '../useInTurn';

export function CompareCharts({ labels, runs, cursorMs }: { labels: string[]; runs: (RunMetrics | null)[]; cursorMs: number }) {
  const t = useT();
  // The series change with the runs only (the page's labels array is new on every render): kept
  // across cursor moves, so each chart redraws only its cursor line while stepping.
  const labelsKey = labels.join('\n');
  const { measured, s } = useMemo(() => {
    const names = labelsKey.split('\n');
    const measured = runs.flatMap((m, i) => (m ? [{ m, label: names[i]!, color: RUN_COLORS[i]! }] : []));
    const perCheckpoint = (value: (c: RunMetrics['checkpoints'][number]) => number): OverlaySeries[] =>
      measured.map((r) => ({ label: r.label, color: r.color, points: r.m.checkpoints.map((c) => ({ x: c.completeMs, y: value(c) })) }));
    const overTime = (value: (p: RunMetrics['series'][number]) => number): OverlaySeries[] =>
      measured.map((r) => ({ label: r.label, color: r.color, points: r.m.series.map((p) => ({ x: p.atMs, y: value(p) })) }));
    return {
      measured,
      s: {
        checkpointed: perCheckpoint((c) => c.checkpointedSize),
        state: perCheckpoint((c) => c.stateSize),
        duration: perCheckpoint((c) => c.durationMs),
        uploaded: overTime((p) => p.uploadedBytes),
        stored: overTime((p) => p.storedBytes),
        files: overTime((p) => p.fileCount),
      },
    };
  }, [runs, labelsKey]);
  const xMax = Math.max(1, ...measured.map((r) => r.m.untilMs));
  const common = { xMax, cursorMs };
  const charts = [
    <OverlayChart key="checkpointed" testId="cmp-chart-checkpointed" title={t('cmpChartCheckpointed')} kind="bytes" step={false} series={s.checkpointed} {...common} />,
    <OverlayChart key="state" testId="cmp-chart-state" title={t('cmpChartState')} kind="bytes" step={false} series={s.state} {...common} />,
    <OverlayChart key="duration" testId="cmp-chart-duration" title={t('cmpChartDuration')} kind="ms" step={false} series={s.duration} {...common} />,
    <OverlayChart key="uploaded" testId="cmp-chart-uploaded" title={t('cmpChartUploaded')} kind="bytes" step series={s.uploaded} {...common} />,
    <OverlayChart key="stored" testId="cmp-chart-stored" title={t('cmpChartStored')} kind="bytes" step series={s.stored} {...common} />,
    <OverlayChart key="files" testId="cmp-chart-files" title={t('cmpChartFiles')} kind="count" step series={s.files} {...common} />,
  ];
  // One chart mounts per task after the first paint (useInTurn); the rest hold their place.
  const shown = useInTurn(charts.length);
  return (
    <div className="cmp-charts">
      {charts.map((chart, i) =>
        i < shown ? (
          chart
        ) : (
          <figure key={chart.key} className="cmp-chart" aria-hidden="true">
            <div className="cmp-chart-box" />
          </figure>
        ),
      )}
      <figure className="cmp-chart cmp-restore" data-testid="cmp-chart-restore">
        <figcaption className="cmp-chart-head">
          <span className="cmp-chart-title">{t('cmpChartRestore')}</span>
        </figcaption>
        <div className="cmp-bars">
          {measured.map((r) => {
            const top = Math.max(1, ...measured.map((x) => x.m.restore.totalMs));
            return (
              <div key={r.label} className="cmp-bar-row">
                <span className="cmp-bar-label">{r.label}</span>
                <span className="cmp-bar-track">
                  <span className="cmp-bar" style={{ width: `${(100 * r.m.restore.totalMs) / top}%`, background: r.color }} />
                </span>
                <span className="cmp-bar-value">{r.m.restore.totalMs} ms</span>
              </div>
            );
          })}
        </div>
      </figure>
    </div>
  );
}
