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
import { STATUS_COLORS } from '../timeline/ganttColors';
import { chartDataOf } from './chartSeries';
import { checkpointStatsAt, type CheckpointStat } from './checkpointStats';
import { ExportButtons } from './ExportButtons';
import { PerCheckpointChart, type CheckpointSeries } from './PerCheckpointChart';
import { StorageChart } from './StorageChart';
import { UploadsChart } from './UploadsChart';
import { useDerived } from './memoByRevision';
import { useElementSize } from './useElementSize';
import { typeScaleStyle, useTypeScale } from './useTypeScale';
import type { LegendItem } from './ChartFrame';
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
const CHECKPOINTED = '#0284c7';
const STATE_SIZE = '#94a3b8';

const SIZE_SERIES: CheckpointSeries[] = [
  {
    key: 'checkpointed',
    label: 'checkpointed_size',
    color: () => CHECKPOINTED,
    value: (s) => s.checkpointedSize,
    maxOf: (b) => (b.end?.status === 'completed' ? b.end.checkpointedSize : 0),
  },
  {
    key: 'state',
    label: 'state_size',
    color: () => STATE_SIZE,
    value: (s) => s.stateSize,
    maxOf: (b) => (b.end?.status === 'completed' ? b.end.stateSize : 0),
  },
];

const DURATION_SERIES: CheckpointSeries[] = [
  {
    key: 'duration',
    label: 'end_to_end_duration',
    color: (s) => STATUS_COLORS[s.status === 'subsumed' ? 'completed' : s.status],
    value: (s) => s.durationMs,
    maxOf: (b) => (b.end?.atMs ?? b.lastMs) - b.triggerMs,
  },
];

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

  const sizesLegend: LegendItem[] = [
    { label: t('chartCheckpointedLegend'), color: CHECKPOINTED, shape: 'rect' },
    { label: t('chartStateSizeLegend'), color: STATE_SIZE, shape: 'rect' },
  ];
  const durationLegend: LegendItem[] = [
    { label: t('tlStatusCompleted'), color: STATUS_COLORS.completed, shape: 'rect' },
    { label: t('tlStatusAborted'), color: STATUS_COLORS.aborted, shape: 'rect' },
    { label: t('tlStatusInProgress'), color: STATUS_COLORS.inProgress, shape: 'rect' },
  ];
  const sizeLines = (s: CheckpointStat) =>
    s.checkpointedSize === null
      ? []
      : [
          t('chartTipSizes', {
            c: formatBytes(s.checkpointedSize),
            s: formatBytes(s.stateSize ?? 0),
          }),
        ];

  let body: React.ReactNode = null;
  if (size.width > 0 && size.height > 0) {
    if (chart === 'sizes' || chart === 'duration') {
      body = (
        <PerCheckpointChart
          {...common}
          title={chart === 'sizes' ? t('chartSizesTitle') : t('chartDurationTitle')}
          testId={`chart-${chart}`}
          legend={chart === 'sizes' ? sizesLegend : durationLegend}
          series={chart === 'sizes' ? SIZE_SERIES : DURATION_SERIES}
          allBars={data.bars}
          stats={stats}
          formatValue={chart === 'sizes' ? formatBytes : (v) => `${v} ms`}
          bytes={chart === 'sizes'}
          tooltipLines={
            chart === 'sizes'
              ? sizeLines
              : (s) => [t('chartTipDuration', { d: s.durationMs }), ...sizeLines(s)]
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
