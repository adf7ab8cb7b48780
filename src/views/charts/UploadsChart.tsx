/**
 * Bytes uploaded to remote storage per interval of simulated time, stacked by file kind: the
 * spike after a compaction (many new SSTs) shows as a tall bar. Bins span the whole recording;
 * only uploads the cursor has reached are counted.
 */
import { useMemo, type RefObject } from 'react';
import { axisBottom, axisLeft, format, max, scaleLinear } from 'd3';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { uploadKindColor } from '../timeline/ganttColors';
import { frameLayout, type LegendItem } from './ChartFrame';
import { InspectableChart } from './InspectableChart';
import { CursorLine } from './CursorLine';
import { D3Axis } from './D3Axis';
import { binUploads, uploadKinds } from './binUploads';
import { upTo, type UploadPoint } from './chartSeries';
import { byteScale } from './byteScale';
import { spacedTicks } from './spacedTicks';
import { useInspector } from './useInspector';

const MARGIN = { left: 62, right: 24, bottom: 22 };
const BINS = 40;

export function UploadsChart(props: {
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  /** Type scale (useTypeScale): text-bound geometry grows with it. */
  k: number;
  uploads: readonly UploadPoint[];
  endMs: number;
  cursor: number;
  cursorMs: number;
}) {
  const t = useT();
  const { width, height, uploads, endMs, cursor, cursorMs, k } = props;
  const allBins = useMemo(() => binUploads(uploads, endMs, BINS), [uploads, endMs]);
  const kinds = useMemo(() => uploadKinds(uploads), [uploads]);
  const visible = upTo(uploads, cursor);
  const bins = useMemo(() => binUploads(visible, endMs, BINS), [visible, endMs]);
  const binMs = allBins.length > 0 ? allBins[0]!.x1 - allBins[0]!.x0 : endMs;
  const title = t('chartUploadsTitle', { ms: format(',')(binMs) });
  const legend: LegendItem[] = kinds.map((k) => ({
    label: k,
    color: uploadKindColor(k),
    shape: 'rect',
  }));
  const layout = frameLayout(width, height, title, legend, MARGIN, k);
  const { w, h } = layout;
  const end = allBins.at(-1)?.x1 ?? Math.max(1, endMs);
  const x = useMemo(() => scaleLinear().domain([0, end]).range([0, w]), [end, w]);
  const yTicks = Math.max(2, Math.floor(h / (36 * k)));
  const { y, ticks: niceTicks } = useMemo(
    () => byteScale(max(allBins, (b) => b.total) ?? 0, h, yTicks),
    [allBins, h, yTicks],
  );
  // Labels 1.25 em apart at least: a short plot shows fewer labels, not overlapping ones.
  const ticks = spacedTicks(niceTicks, y, 15 * k);
  // Inspect the bins the cursor has reached.
  const reached = bins.filter((b) => b.x0 <= cursorMs);
  const inspector = useInspector(reached.length);
  const active = inspector.index === null ? null : reached[inspector.index]!;
  const tip = active && {
    x: layout.left + x((active.x0 + active.x1) / 2),
    y: layout.top + 4 * k,
    title: t('chartTipUploads', {
      from: format(',')(active.x0),
      to: format(',')(active.x1),
      bytes: formatBytes(active.total),
      files: active.files,
    }),
    lines: kinds
      .filter((k) => active.byKind[k])
      .map((k) => `${k}: ${formatBytes(active.byKind[k]!)}`),
  };
  return (
    <InspectableChart
      svgRef={props.svgRef}
      width={width}
      height={height}
      title={title}
      legend={legend}
      layout={layout}
      k={k}
      testId="chart-uploads"
      inspector={inspector}
      tip={tip}
    >
      {ticks.map((v) => (
        <line key={v} className="grid-line" x1={0} x2={w} y1={y(v)} y2={y(v)} />
      ))}
      {active && (
        <rect
          className="inspect-band"
          x={x(active.x0)}
          width={x(active.x1) - x(active.x0)}
          y={0}
          height={h}
        />
      )}
      {bins.map((b) => {
        let base = 0;
        const bw = Math.max(1, x(b.x1) - x(b.x0) - 1);
        return (
          <g key={b.x0} transform={`translate(${x(b.x0) + 0.5},0)`}>
            {kinds.map((k) => {
              const v = b.byKind[k] ?? 0;
              if (v === 0) return null;
              const y0 = y(base);
              base += v;
              return (
                <rect
                  key={k}
                  className="data-bar"
                  x={0}
                  width={bw}
                  y={y(base)}
                  height={Math.max(1, y0 - y(base))}
                  fill={uploadKindColor(k)}
                />
              );
            })}
          </g>
        );
      })}
      <D3Axis
        axis={axisLeft(y)
          .tickValues(ticks)
          .tickFormat((v) => formatBytes(Number(v)))
          .tickSizeOuter(0)}
      />
      <D3Axis
        axis={axisBottom(x)
          .ticks(Math.max(2, Math.floor(w / (80 * k))))
          .tickFormat(format(','))
          .tickSizeOuter(0)}
        transform={`translate(0,${h})`}
      />
      <CursorLine
        x={x(Math.min(cursorMs, end))}
        w={w}
        h={h}
        label={t('tlCursorStep', { n: cursor })}
        k={k}
      />
      {reached.map((b, i) => (
        <rect
          key={b.x0}
          className="hit"
          x={x(b.x0)}
          width={x(b.x1) - x(b.x0)}
          y={0}
          height={h}
          onMouseEnter={() => inspector.setIndex(i)}
        />
      ))}
    </InspectableChart>
  );
}
