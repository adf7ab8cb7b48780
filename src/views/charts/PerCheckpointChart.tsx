/**
 * Bars per checkpoint id, like the history of Flink's web UI: one band per checkpoint of the
 * whole recording (so bands keep their place while the cursor moves), filled for those the
 * cursor has reached. A failed checkpoint without a value gets a cross; hovering or inspecting
 * with the keyboard shows the figures, and clicking (or Enter) goes to the checkpoint's end.
 */
import { useMemo, type RefObject } from 'react';
import { axisBottom, axisLeft, max, scaleBand, scaleLinear } from 'd3';
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
  // Thin the labels so they never overlap: about 26 px per label at the normal type size.
  const every = Math.max(1, Math.ceil((26 * k) / Math.max(1, x.step())));
  const xAxis = axisBottom(x)
    .tickValues(x.domain().filter((_, i) => i % every === 0))
    .tickFormat((id) => `${spOf.get(id) ? 'SP' : ''}${id}`)
    .tickSizeOuter(0);
  const yAxis = axisLeft(y)
    .tickValues(ticks)
    .tickFormat((v) => props.formatValue(Number(v)))
    .tickSizeOuter(0);
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
      {stats.map((s) => (
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
      {stats.map((s, i) => (
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
