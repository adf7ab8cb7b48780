/**
 * Remote storage over simulated time, as a step line (storage changes at steps, not in
 * between): total bytes or the number of files. It rises with each checkpoint's uploads and
 * falls when subsumed checkpoints' files are deleted; drawn up to the cursor.
 */
import { useMemo, type RefObject } from 'react';
import {
  area,
  axisBottom,
  axisLeft,
  bisector,
  curveStepAfter,
  format,
  line,
  max,
  pointer,
  scaleLinear,
} from 'd3';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { frameLayout, type LegendItem } from './ChartFrame';
import { InspectableChart } from './InspectableChart';
import { CursorLine } from './CursorLine';
import { D3Axis } from './D3Axis';
import { upTo, type StoragePoint } from './chartSeries';
import { byteScale } from './byteScale';
import { spacedTicks } from './spacedTicks';
import { useInspector } from './useInspector';

const MARGIN = { left: 62, right: 24, bottom: 22 };
const byTime = bisector<StoragePoint, number>((p) => p.atMs);

export function StorageChart(props: {
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  /** Type scale (useTypeScale): text-bound geometry grows with it. */
  k: number;
  metric: 'bytes' | 'files';
  series: readonly StoragePoint[];
  endMs: number;
  cursor: number;
  cursorMs: number;
}) {
  const t = useT();
  const { width, height, metric, series, endMs, cursor, cursorMs, k } = props;
  const value = (p: StoragePoint) => (metric === 'bytes' ? p.bytes : p.files);
  const fmt = metric === 'bytes' ? (v: number) => formatBytes(v) : format(',d');
  const title = metric === 'bytes' ? t('chartStoredTitle') : t('chartFilesTitle');
  const color = metric === 'bytes' ? '#0369a1' : '#7c3aed';
  const legend: LegendItem[] = [
    { label: metric === 'bytes' ? t('chartAxisBytes') : t('chartAxisFiles'), color, shape: 'line' },
  ];
  const layout = frameLayout(width, height, title, legend, MARGIN, k);
  const { w, h } = layout;
  const x = useMemo(
    () =>
      scaleLinear()
        .domain([0, Math.max(1, endMs)])
        .range([0, w]),
    [endMs, w],
  );
  const yTicks = Math.max(2, Math.floor(h / (36 * k)));
  const { y, ticks: niceTicks } = useMemo(() => {
    const top = max(series, metric === 'bytes' ? (p) => p.bytes : (p) => p.files) ?? 0;
    if (metric === 'bytes') return byteScale(top, h, yTicks);
    const linear = scaleLinear()
      .domain([0, Math.max(1, top)])
      .nice(yTicks)
      .range([h, 0]);
    // Whole files only.
    return { y: linear, ticks: linear.ticks(yTicks).filter(Number.isInteger) };
  }, [series, metric, h, yTicks]);
  // Labels 1.25 em apart at least: a short plot shows fewer labels, not overlapping ones.
  const ticks = spacedTicks(niceTicks, y, 15 * k);
  const visible = upTo(series, cursor);
  // Extend the last value to the cursor's time: storage holds it until the next change.
  const last = visible.at(-1);
  const drawn = last && cursorMs > last.atMs ? [...visible, { ...last, atMs: cursorMs }] : visible;
  const path =
    line<StoragePoint>()
      .x((p) => x(p.atMs))
      .y((p) => y(value(p)))
      .curve(curveStepAfter)(drawn) ?? '';
  const fill =
    area<StoragePoint>()
      .x((p) => x(p.atMs))
      .y0(h)
      .y1((p) => y(value(p)))
      .curve(curveStepAfter)(drawn) ?? '';
  const inspector = useInspector(visible.length);
  const active = inspector.index === null ? null : visible[inspector.index]!;
  const tip = active && {
    x: layout.left + x(active.atMs),
    y: layout.top + 4 * k,
    title: t('chartTipStored', {
      t: format(',')(active.atMs),
      bytes: formatBytes(active.bytes),
      files: active.files,
    }),
    lines: [t('tlCursorStep', { n: active.pos })],
  };
  const onMove = (e: React.MouseEvent<SVGRectElement>) => {
    const [px] = pointer(e);
    const i = byTime.right(visible, x.invert(px)) - 1;
    inspector.setIndex(i >= 0 ? i : null);
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
      testId={`chart-${metric === 'bytes' ? 'stored' : 'files'}`}
      inspector={inspector}
      tip={tip}
    >
      {ticks.map((v) => (
        <line key={v} className="grid-line" x1={0} x2={w} y1={y(v)} y2={y(v)} />
      ))}
      <path className="series-area" d={fill} fill={color} />
      <path className="series-line" d={path} stroke={color} data-testid="series-line" />
      {active && (
        <circle
          className="inspect-dot"
          cx={x(active.atMs)}
          cy={y(value(active))}
          r={4.5 * k}
          fill={color}
        />
      )}
      <D3Axis
        axis={axisLeft(y)
          .tickValues(ticks)
          .tickFormat((v) => fmt(Number(v)))
          .tickSizeOuter(0)}
      />
      <D3Axis
        axis={axisBottom(x)
          .ticks(Math.max(2, Math.floor(w / (80 * k))))
          .tickFormat(format(','))
          .tickSizeOuter(0)}
        transform={`translate(0,${h})`}
      />
      <CursorLine x={x(cursorMs)} w={w} h={h} label={t('tlCursorStep', { n: cursor })} k={k} />
      <rect className="hit" x={0} y={0} width={w} height={h} onMouseMove={onMove} />
    </InspectableChart>
  );
}
