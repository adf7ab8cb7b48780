/**
 * The charts tab: one chart at a time, large enough to read on a projector, picked with a row
 * of buttons; each can be downloaded as SVG or PNG. The series are derived once per recording
 * (chartDataOf) and cut at the cursor here, so moving the cursor only redraws.
 */
import { useMemo, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectTimeAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { formatBytes } from '../format';
import { chartDataOf } from './chartSeries';
import { checkpointStatsAt, type CheckpointStat } from './checkpointStats';
import { ExportButtons } from './ExportButtons';
import { PerCheckpointChart } from './PerCheckpointChart';
import { DURATION_SERIES, SIZE_SERIES, durationLegend, sizeLines, sizesLegend } from './checkpointSeries';
import { StorageChart } from './StorageChart';
import { UploadsChart } from './UploadsChart';
import { useDerived } from './memoByRevision';
import { useElementSize } from './useElementSize';
import { typeScaleStyle, useTypeScale } from './useTypeScale';
import './charts.css';

const CHARTS = ['sizes', 'duration', 'uploads', 'stored', 'files'] as const;
type ChartId = (typeof CHARTS)[number];

const LABELS: Record<ChartId, MessageKey> = {
  sizes: 'chartSizes',
  duration: 'chartDuration',
  uploads: 'chartUploads',
  stored: 'chartStored',
  files: 'chartFiles',
};
export function ChartsPanel() {
  const t = useT();
  const [chart, setChart] = useState<ChartId>('sizes');
  const data = useDerived(chartDataOf);
  const cursor = useAppStore(selectCursor);
  const cursorMs = useAppStore(selectTimeAtCursor);
  const svgRef = useRef<SVGSVGElement>(null);
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  const k = useTypeScale();
  const stats = useMemo(
    () => checkpointStatsAt(data.bars, cursor, cursorMs),
    [data.bars, cursor, cursorMs],
  );
  const common = { svgRef, width: size.width, height: size.height, cursor, k };
  const title = t(LABELS[chart]);

  const sizeLinesOf = (s: CheckpointStat) => sizeLines(t, s);

  let body: React.ReactNode = null;
  if (size.width > 0 && size.height > 0) {
    if (chart === 'sizes' || chart === 'duration') {
      body = (
        <PerCheckpointChart
          {...common}
          title={chart === 'sizes' ? t('chartSizesTitle') : t('chartDurationTitle')}
          testId={`chart-${chart}`}
          legend={chart === 'sizes' ? sizesLegend(t) : durationLegend(t)}
          series={chart === 'sizes' ? SIZE_SERIES : DURATION_SERIES}
          allBars={data.bars}
          stats={stats}
          formatValue={chart === 'sizes' ? formatBytes : (v) => `${v} ms`}
          bytes={chart === 'sizes'}
          tooltipLines={
            chart === 'sizes'
              ? sizeLinesOf
              : (s) => [t('chartTipDuration', { d: s.durationMs }), ...sizeLinesOf(s)]
          }
        />
      );
    } else if (chart === 'uploads')
      body = (
        <UploadsChart {...common} uploads={data.uploads} endMs={data.endMs} cursorMs={cursorMs} />
      );
    else
      body = (
        <StorageChart
          {...common}
          metric={chart === 'stored' ? 'bytes' : 'files'}
          series={data.storage}
          endMs={data.endMs}
          cursorMs={cursorMs}
        />
      );
  }

  return (
    <div className="charts-panel" data-testid="charts-panel" style={typeScaleStyle(k)}>
      <div className="chart-toolbar">
        <div className="chart-picker" role="group" aria-label={t('chartPicker')}>
          {CHARTS.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={chart === c}
              onClick={() => setChart(c)}
              data-testid={`chart-pick-${c}`}
            >
              {t(LABELS[c])}
            </button>
          ))}
        </div>
        <ExportButtons
          svgRef={svgRef}
          name={`checkpoint-lab-${chart}-step-${cursor}`}
          title={title}
        />
      </div>
      <div className="chart-area" ref={boxRef}>
        {body}
      </div>
    </div>
  );
}
