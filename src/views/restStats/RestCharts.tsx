/**
 * A real job's checkpoints in the simulator's per-checkpoint charts (PerCheckpointChart with the
 * same series): sizes (checkpointed_size, state_size) and end_to_end_duration, one band per
 * checkpoint id. No cursor line; choosing a checkpoint selects it instead of jumping to a step.
 */
import { useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { formatBytes } from '../format';
import { DURATION_SERIES, SIZE_SERIES, durationLegend, sizeLines, sizesLegend } from '../charts/checkpointSeries';
import { ExportButtons } from '../charts/ExportButtons';
import { PerCheckpointChart } from '../charts/PerCheckpointChart';
import { useElementSize } from '../charts/useElementSize';
import { REST_CURSOR, type RestView } from './restAdapter';
import '../charts/charts.css';

const CHARTS = ['sizes', 'duration'] as const;
type ChartId = (typeof CHARTS)[number];
const LABELS: Record<ChartId, MessageKey> = { sizes: 'chartSizes', duration: 'chartDuration' };

export function RestCharts({ view, onSelect }: { view: RestView; onSelect: (id: number) => void }) {
  const t = useT();
  const [chart, setChart] = useState<ChartId>('sizes');
  const svgRef = useRef<SVGSVGElement>(null);
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  const bars = view.stats.map((s) => s.bar);
  return (
    <div className="charts-panel rest-charts" data-testid="rest-charts">
      <div className="chart-toolbar">
        <div className="chart-picker" role="group" aria-label={t('chartPicker')}>
          {CHARTS.map((c) => (
            <button key={c} type="button" aria-pressed={chart === c} onClick={() => setChart(c)} data-testid={`chart-pick-${c}`}>
              {t(LABELS[c])}
            </button>
          ))}
        </div>
        <ExportButtons svgRef={svgRef} name={`flink-rest-${chart}`} title={t(LABELS[chart])} />
      </div>
      <div className="chart-area" ref={boxRef}>
        {size.width > 0 && size.height > 0 && (
          <PerCheckpointChart
            svgRef={svgRef}
            width={size.width}
            height={size.height}
            k={1}
            cursor={REST_CURSOR}
            cursorLabel={null}
            title={chart === 'sizes' ? t('restChartSizesTitle') : t('restChartDurationTitle')}
            testId={`chart-${chart}`}
            legend={chart === 'sizes' ? sizesLegend(t) : durationLegend(t)}
            series={chart === 'sizes' ? SIZE_SERIES : DURATION_SERIES}
            allBars={bars}
            stats={view.stats}
            formatValue={chart === 'sizes' ? formatBytes : (v) => `${v} ms`}
            bytes={chart === 'sizes'}
            tooltipLines={chart === 'sizes' ? (s) => sizeLines(t, s) : (s) => [t('chartTipDuration', { d: s.durationMs }), ...sizeLines(t, s)]}
            onPick={(s) => onSelect(s.id)}
          />
        )}
      </div>
    </div>
  );
}
