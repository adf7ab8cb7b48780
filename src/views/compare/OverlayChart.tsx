/**
 * One figure of every run on one simulated time axis: a line per run (steps for storage, which
 * holds its value until the next change; dots joined for per-checkpoint figures), the shared cursor,
 * and SVG/PNG export. d3 makes the scales, the line shapes and the axes; React owns the rest.
 */
import { useMemo, useRef } from 'react';
import { axisBottom, axisLeft, curveLinear, curveStepAfter, line, max, scaleLinear } from 'd3';
import { useElementSize } from '../charts/useElementSize';
import { D3Axis } from '../charts/D3Axis';
import { CursorLine } from '../charts/CursorLine';
import { ExportButtons } from '../charts/ExportButtons';
import { byteScale } from '../charts/byteScale';
import { spacedTicks } from '../charts/spacedTicks';
import { formatBytes } from '../format';

export interface OverlaySeries {
  label: string;
  color: string;
  points: { x: number; y: number }[];
}

export type ValueKind = 'bytes' | 'ms' | 'count';

export function formatValue(kind: ValueKind, v: number): string {
  if (kind === 'bytes') return formatBytes(Math.round(v));
  if (kind === 'ms') return v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
  return String(Math.round(v));
}

export function formatTime(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 2)} s` : `${ms} ms`;
}

const M = { left: 64, right: 14, top: 26, bottom: 24 };
const HEIGHT = 190;

export function OverlayChart(props: {
  title: string;
  testId: string;
  series: OverlaySeries[];
  kind: ValueKind;
  step: boolean;
  xMax: number;
  cursorMs: number;
}) {
  const { title, testId, series, kind, step, xMax, cursorMs } = props;
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const w = Math.max(40, size.width - M.left - M.right);
  const h = HEIGHT - M.top - M.bottom;
  const x = useMemo(() => scaleLinear().domain([0, Math.max(1, xMax)]).range([0, w]), [xMax, w]);
  const yMax = max(series, (s) => max(s.points, (p) => p.y)) ?? 0;
  const { y, ticks } = useMemo(() => {
    if (kind === 'bytes') return byteScale(yMax, h, 4);
    const s = scaleLinear().domain([0, Math.max(1, yMax)]).nice(4).range([h, 0]);
    return { y: s, ticks: s.ticks(4).filter((t) => kind !== 'count' || Number.isInteger(t)) };
  }, [kind, yMax, h]);
  // Everything but the cursor depends on the runs and the size only: stepping redraws just the cursor.
  const layers = useMemo(() => {
    const path = line<{ x: number; y: number }>()
      .x((p) => x(p.x))
      .y((p) => y(p.y))
      .curve(step ? curveStepAfter : curveLinear);
    const yTicks = spacedTicks(ticks, y, 16);
    return {
      under: yTicks.map((t) => <line key={t} className="grid-line" x1={0} x2={w} y1={y(t)} y2={y(t)} />),
      lines: series.map((s) => (
        <g key={s.label}>
          <path className="series-line" d={path(s.points) ?? ''} stroke={s.color} />
          {!step && s.points.length <= 120 && s.points.map((p, i) => <circle key={i} cx={x(p.x)} cy={y(p.y)} r={2.2} fill={s.color} />)}
        </g>
      )),
      axes: (
        <>
          <D3Axis axis={axisLeft(y).tickValues(yTicks).tickFormat((v) => formatValue(kind, Number(v)))} />
          <D3Axis axis={axisBottom(x).ticks(Math.max(2, Math.floor(w / 90))).tickFormat((v) => formatTime(Number(v)))} transform={`translate(0,${h})`} />
        </>
      ),
    };
  }, [series, step, kind, x, y, ticks, w, h]);
  return (
    <figure className="cmp-chart" data-testid={testId}>
      {/* The title is drawn inside the SVG, so an exported chart keeps it; the caption holds only the export buttons. */}
      <figcaption className="cmp-chart-head cmp-chart-head-over">
        <ExportButtons svgRef={svgRef} name={`comparison-${testId}`} title={title} />
      </figcaption>
      <div ref={boxRef} className="cmp-chart-box">
        {size.width > 0 && (
          <svg ref={svgRef} className="chart-svg" width={size.width} height={HEIGHT} role="img" aria-label={title}>
            <text className="chart-title" x={M.left} y={14}>
              {title}
            </text>
            <g transform={`translate(${M.left},${M.top})`}>
              {layers.under}
              {layers.lines}
              <CursorLine x={x(Math.min(cursorMs, xMax))} w={w} h={h} label={formatTime(cursorMs)} k={1} />
              {layers.axes}
            </g>
          </svg>
        )}
      </div>
    </figure>
  );
}
