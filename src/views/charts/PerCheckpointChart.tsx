/**
 * Bars per checkpoint id, like the history of Flink's web UI: one band per checkpoint of the
 * whole recording (so bands keep their place while the cursor moves), filled for those the
 * cursor has reached. A failed checkpoint without a value gets a cross; hovering or inspecting
 * with the keyboard shows the figures, and clicking (or Enter) goes to the checkpoint's end.
 */
import { useMemo, type RefObject } from 'react';
import { axisBottom, axisLeft, max, scaleBand, scaleLinear, type ScaleBand } from 'd3';
import { useT } from '../../i18n/useT';
import { STATUS_COLORS } from '../timeline/ganttColors';
import { jumpToCheckpoint } from '../timeline/jumpToCheckpoint';
import type { CheckpointBar } from '../timeline/checkpointBars';
import { frameLayout, type LegendItem } from './ChartFrame';
import { InspectableChart } from './InspectableChart';
import { CursorLine } from './CursorLine';
import { D3Axis } from './D3Axis';
import type { CheckpointStat } from './checkpointStats';
import { byteScale } from './byteScale';
import { spacedTicks } from './spacedTicks';
import { barPathsByFill, DENSE_BARS, slotAt, type DenseBar } from './denseBars';
import { useInspector } from './useInspector';
import { useStatusLabel } from '../timeline/useStatusLabel';

export interface CheckpointSeries {
  key: string;
  label: string;
  /** A fixed color, or one by status (the duration chart colors by outcome). */
  color: (s: CheckpointStat) => string;
  value: (s: CheckpointStat) => number | null;
  /** The largest value over the whole recording, for an axis that does not jump. */
  maxOf: (bar: CheckpointBar) => number;
}

const MARGIN = { left: 62, right: 24, bottom: 22 };

export function PerCheckpointChart(props: {
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  /** Type scale (useTypeScale): text-bound geometry grows with it. */
  k: number;
  title: string;
  testId: string;
  legend: LegendItem[];
  series: CheckpointSeries[];
  allBars: readonly CheckpointBar[];
  stats: CheckpointStat[];
  cursor: number;
  formatValue: (v: number) => string;
  /** Values are bytes: ticks on round B/KB/MB. */
  bytes: boolean;
  tooltipLines: (s: CheckpointStat) => string[];
  /** What clicking (or Enter on) a checkpoint does; by default, go to the step where it ended. */
  onPick?: (s: CheckpointStat) => void;
  /** The cursor line's label; null: no cursor line (REST statistics have no recorded steps). */
  cursorLabel?: string | null;
}) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const { width, height, title, legend, series, allBars, stats, k } = props;
  const layout = frameLayout(width, height, title, legend, MARGIN, k);
  const { w, h } = layout;
  const x = useMemo(
    () =>
      scaleBand<number>()
        .domain(allBars.map((b) => b.id))
        .range([0, w])
        .paddingInner(0.25)
        .paddingOuter(0.15),
    [allBars, w],
  );
  const inner = useMemo(
    () =>
      scaleBand<string>()
        .domain(series.map((s) => s.key))
        .range([0, x.bandwidth()])
        .padding(0.06),
    [series, x],
  );
  const yMax = useMemo(
    () => max(allBars, (b) => max(series, (s) => s.maxOf(b))) ?? 0,
    [allBars, series],
  );
  const tickCount = Math.max(2, Math.floor(h / (36 * k)));
  const { y, ticks: niceTicks } = useMemo(() => {
    if (props.bytes) return byteScale(yMax, h, tickCount);
    const linear = scaleLinear()
      .domain([0, Math.max(1, yMax)])
      .nice(tickCount)
      .range([h, 0]);
    return { y: linear, ticks: linear.ticks(tickCount) };
  }, [props.bytes, yMax, h, tickCount]);
  // Labels 1.25 em apart at least: a short plot shows fewer labels, not overlapping ones.
  const ticks = spacedTicks(niceTicks, y, 15 * k);
  const pick = props.onPick ?? ((s: CheckpointStat) => void jumpToCheckpoint(s.bar));
  const inspector = useInspector(stats.length, (i) => pick(stats[i]!));
  const spOf = useMemo(() => new Map(allBars.map((b) => [b.id, b.isSavepoint])), [allBars]);
  // Thin the labels so they never overlap: the widest label's characters (about 8 px each at the
  // normal type size) plus a gap, so three-digit ids of a big run do not run into each other.
  const widest = String(allBars.at(-1)?.id ?? 0).length + (allBars.some((b) => b.isSavepoint) ? 2 : 0);
  const every = Math.max(1, Math.ceil(((widest * 8 + 16) * k) / Math.max(1, x.step())));
  const xAxis = axisBottom(x)
    .tickValues(x.domain().filter((_, i) => i % every === 0))
    .tickFormat((id) => `${spOf.get(id) ? 'SP' : ''}${id}`)
    .tickSizeOuter(0);
  const yAxis = axisLeft(y)
    .tickValues(ticks)
    .tickFormat((v) => props.formatValue(Number(v)))
    .tickSizeOuter(0);
  // A big run: bars as a few paths and one hit area (denseBars.ts); the inspector works as before.
  const dense = allBars.length > DENSE_BARS;
  const leftEdges = useMemo(() => (dense ? stats.map((s) => x(s.id)! - (x.step() - x.bandwidth()) / 2) : []), [dense, stats, x]);
  const last = stats.at(-1);
  const cursorX =
    last === undefined
      ? null
      : last.status === 'inProgress'
        ? x(last.id)! + x.bandwidth() / 2
        : x(last.id)! + x.bandwidth() + (x.step() - x.bandwidth()) / 2;
  const active = inspector.index === null ? null : stats[inspector.index]!;
  const tip = active && {
    x: layout.left + x(active.id)! + x.bandwidth() / 2,
    y: layout.top + 4 * k,
    title: `${active.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} ${active.id} · ${statusLabel(active.status)}`,
    lines: [...props.tooltipLines(active), ...(active.reason ? [active.reason] : [])],
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
      testId={props.testId}
      inspector={inspector}
      tip={tip}
    >
      {ticks.map((v) => (
        <line key={v} className="grid-line" x1={0} x2={w} y1={y(v)} y2={y(v)} />
      ))}
      {active && (
        <rect
          className="inspect-band"
          x={x(active.id)! - (x.step() - x.bandwidth()) / 2}
          width={x.step()}
          y={0}
          height={h}
        />
      )}
      {dense && <DenseBarPaths stats={stats} series={series} x={x} inner={inner} y={y} h={h} />}
      {!dense && stats.map((s) => (
        <g key={s.id} transform={`translate(${x(s.id)},0)`} data-testid="checkpoint-bar-group">
          {series.map((ser) => {
            const v = ser.value(s);
            if (v === null) return null;
            const top = y(v);
            return (
              <rect
                key={ser.key}
                className="data-bar"
                x={inner(ser.key)}
                width={inner.bandwidth()}
                y={top}
                height={Math.max(v > 0 ? 1 : 0, h - top)}
                fill={ser.color(s)}
              />
            );
          })}
          {s.status === 'aborted' && series.every((ser) => ser.value(s) === null) && (
            <path
              className="fail-cross"
              d={`M${x.bandwidth() / 2 - 5 * k},${h - 12 * k} l${10 * k},${10 * k} m0,${-10 * k} l${-10 * k},${10 * k}`}
              stroke={STATUS_COLORS.aborted}
            />
          )}
          {s.status === 'inProgress' && series.every((ser) => ser.value(s) === null) && (
            <text className="pending-mark" x={x.bandwidth() / 2} y={h - 4} textAnchor="middle">
              …
            </text>
          )}
        </g>
      ))}
      <D3Axis axis={yAxis} />
      <D3Axis axis={xAxis} transform={`translate(0,${h})`} />
      {stats.length === 0 && (
        <text className="chart-empty" x={w / 2} y={h / 2} textAnchor="middle">
          {t('tlEmpty')}
        </text>
      )}
      {cursorX !== null && props.cursorLabel !== null && (
        <CursorLine
          x={cursorX}
          w={w}
          h={h}
          label={props.cursorLabel ?? t('tlCursorStep', { n: props.cursor })}
          k={k}
        />
      )}
      {dense && (
        <rect
          className="hit"
          x={0}
          width={w}
          y={0}
          height={h}
          data-testid="chart-dense-hit"
          onMouseMove={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            inspector.setIndex(slotAt(leftEdges, e.clientX - box.left));
          }}
          onClick={() => {
            if (inspector.index !== null) pick(stats[inspector.index]!);
          }}
        />
      )}
      {!dense && stats.map((s, i) => (
        <rect
          key={s.id}
          className="hit"
          x={x(s.id)! - (x.step() - x.bandwidth()) / 2}
          width={x.step()}
          y={0}
          height={h}
          onMouseEnter={() => inspector.setIndex(i)}
          onClick={() => pick(s)}
          data-testid={`chart-band-${s.id}`}
        />
      ))}
    </InspectableChart>
  );
}

/** All bars of a big run, one path per fill (a failed checkpoint without a value has none). */
function DenseBarPaths(props: {
  stats: readonly CheckpointStat[];
  series: readonly CheckpointSeries[];
  x: ScaleBand<number>;
  inner: ScaleBand<string>;
  y: (v: number) => number;
  h: number;
}) {
  const { stats, series, x, inner, y, h } = props;
  const bars: DenseBar[] = [];
  const width = Math.max(0.6, inner.bandwidth());
  for (const s of stats) {
    for (const ser of series) {
      const v = ser.value(s);
      if (v === null) continue;
      const top = y(v);
      bars.push({ x: x(s.id)! + inner(ser.key)!, y: top, w: width, h: Math.max(v > 0 ? 1 : 0, h - top), fill: ser.color(s) });
    }
  }
  // A failed checkpoint without a value: a small cross at its foot, all of them one path.
  const half = Math.min(5, Math.max(1.5, x.bandwidth() / 2));
  const crosses = stats
    .filter((s) => s.status === 'aborted' && series.every((ser) => ser.value(s) === null))
    .map((s) => {
      const cx = x(s.id)! + x.bandwidth() / 2;
      return `M${cx - half},${h - 2 * half - 2}l${2 * half},${2 * half}m0,${-2 * half}l${-2 * half},${2 * half}`;
    })
    .join('');
  return (
    <g data-testid="checkpoint-bars-dense">
      {barPathsByFill(bars).map(([fill, d]) => (
        <path key={fill} className="data-bar" d={d} fill={fill} />
      ))}
      {crosses && <path className="fail-cross" d={crosses} stroke={STATUS_COLORS.aborted} />}
    </g>
  );
}
