/**
 * The whole run on one time axis: each checkpoint and savepoint as a bar from its trigger to its
 * end (or to the cursor while it runs), colored by status; job failures, restores and changelog
 * materializations/truncations as markers; a line at the cursor's simulated time. The markers
 * and the bars are one keyboard stop each (roving focus): ← → move within the row, Enter goes to
 * the marker's step or to the checkpoint's end. Markers come first, as they are drawn: top row first.
 */
import { useRef, useState } from 'react';
import { axisBottom, format, scaleLinear } from 'd3';
import { useT } from '../../i18n/useT';
import { D3Axis } from '../charts/D3Axis';
import { barAtCursor, type BarAtCursor } from './barAtCursor';
import { STATUS_COLORS } from './ganttColors';
import { GanttMarker } from './GanttMarker';
import { GanttDenseBars } from './GanttDenseBars';
import { DENSE_BARS } from '../charts/denseBars';
import { markerEnded, markerName } from './markerText';
import { onRovingKey } from './rovingFocus';
import type { TimelineData } from './timelineData';
import type { TimelineMarker } from './timelineMarkers';
import { useStatusLabel } from './useStatusLabel';

/**
 * Row heights: compact for a 1280×720 screen, roomier when the tab has the height (1920×1080),
 * times the type scale `k` (presenter mode), since the rows hold text.
 */
function geometry(roomy: boolean, k: number) {
  const g = roomy
    ? { markerRow: 16, laneH: 30, barH: 13, changelogLane: 20, axisH: 22 }
    : { markerRow: 12, laneH: 21, barH: 9, changelogLane: 16, axisH: 20 };
  return {
    markerRow: g.markerRow * k,
    laneH: g.laneH * k,
    barH: g.barH * k,
    changelogLane: g.changelogLane * k,
    axisH: g.axisH * k,
  };
}
// The right padding leaves room for half of the last tick label.
const PAD = { left: 10, right: 24 };

/** Whether a recording has changelog markers, which get a lane of their own. */
function hasChangelog(data: TimelineData): boolean {
  return data.markers.some((m) => m.kind === 'materialization' || m.kind === 'truncation');
}

export function overviewHeight(data: TimelineData, roomy: boolean, k: number): number {
  const g = geometry(roomy, k);
  return (
    g.markerRow + data.laneCount * g.laneH + (hasChangelog(data) ? g.changelogLane : 0) + g.axisH
  );
}

/** Spans (restores, materializations) first, points after: a point's small hit area then lies on top. */
function drawOrder(markers: readonly TimelineMarker[]): [TimelineMarker, number][] {
  const isSpan = (m: TimelineMarker) => m.kind === 'restore' || m.kind === 'materialization';
  return markers
    .map((m, i): [TimelineMarker, number] => [m, i])
    .sort(([a], [b]) => Number(isSpan(b)) - Number(isSpan(a)));
}

export type OverviewHover =
  | { what: 'bar'; id: number; x: number; y: number }
  | { what: 'marker'; index: number; x: number; y: number };

export function GanttOverview(props: {
  data: TimelineData;
  cursor: number;
  cursorMs: number;
  width: number;
  roomy: boolean;
  /** Type scale (useTypeScale). */
  k: number;
  focusId: number | null;
  onFocusBar: (view: BarAtCursor) => void;
  onHover: (hover: OverviewHover | null) => void;
  onActivate: (view: BarAtCursor) => void;
  onActivateMarker: (index: number) => void;
  /**
   * The time axis: the simulator's run in simulated ms (the default), or another clock (REST
   * statistics: wall-clock time), with its unit's name; `cursor: false` draws no cursor line.
   */
  axis?: { unit: string; tickFormat: (ms: number) => string; cursor: boolean; /** Room for half of a wide first tick label. */ padLeft: number };
}) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const { data, cursor, cursorMs, width, k } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  // The marker that holds the markers' Tab stop: the last one focused, else the newest.
  const [markerFocus, setMarkerFocus] = useState<number | null>(null);
  const g = geometry(props.roomy, k);
  const height = overviewHeight(data, props.roomy, k);
  const changelog = hasChangelog(data);
  const lanesBottom = g.markerRow + data.laneCount * g.laneH;
  const plotBottom = lanesBottom + (changelog ? g.changelogLane : 0);
  const padRight = PAD.right * k;
  const padLeft = props.axis?.padLeft ?? PAD.left;
  const x = scaleLinear()
    .domain([0, Math.max(1, data.endMs)])
    .range([padLeft, Math.max(padLeft + 10, width - padRight)]);

  const views: BarAtCursor[] = [];
  for (const bar of data.bars) {
    const v = barAtCursor(bar, cursor, cursorMs);
    if (v) views.push(v);
  }
  const focusId = props.focusId ?? views.at(-1)?.bar.id ?? null;
  // Markers are sorted by position, so the visible ones are a prefix: indexes stay put as the cursor moves.
  const markers = data.markers.filter((m) => m.pos <= cursor);
  const markerStop =
    markerFocus !== null && markerFocus < markers.length ? markerFocus : markers.length - 1;

  const nameOf = (v: BarAtCursor) =>
    `${v.bar.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} ${v.bar.id}`;
  const describe = (v: BarAtCursor) =>
    [nameOf(v), statusLabel(v.status), v.reason, t('tlMs', { n: v.endMs - v.bar.triggerMs })]
      .filter(Boolean)
      .join(' · ');
  const focusAt = (attr: string, index: number) =>
    svgRef.current?.querySelector<SVGGElement>(`[${attr}="${index}"]`)?.focus();

  // Label bars only where their ids do not collide with the previous label in the same lane.
  const lastLabelX = new Map<number, number>();
  // A big run: bars as paths (GanttDenseBars), labels spaced by the widest id.
  const dense = data.bars.length > DENSE_BARS;
  const labels = dense ? denseLabels(views, data, x, g, k) : [];
  return (
    <svg
      ref={svgRef}
      className="gantt-overview"
      width={width}
      height={height}
      data-testid="gantt-overview"
      role="group"
      aria-label={`${t('tlTitle')}. ${t('tlHint')}`}
    >
      {/* On the marker row's floor: higher, its ascent would be cut off by the top edge. */}
      <text className="gantt-axis-unit" x={width - 4} y={g.markerRow - k} textAnchor="end">
        {props.axis?.unit ?? t('tlAxisSim')}
      </text>
      {Array.from({ length: data.laneCount }, (_, i) => (
        <rect
          key={i}
          className="gantt-lane"
          x={padLeft}
          width={Math.max(0, width - padLeft - padRight)}
          y={g.markerRow + i * g.laneH + 2}
          height={g.laneH - 4}
        />
      ))}
      {markers.length > 0 && (
        <g className="gantt-markers" role="group" aria-label={t('tlMarkersLabel')}>
          {drawOrder(markers).map(([m, i]) => (
            <GanttMarker
              key={i}
              m={m}
              index={i}
              g={{ x, top: g.markerRow, lanesBottom, plotBottom, k }}
              cursorMs={cursorMs}
              ended={markerEnded(m, cursor)}
              name={markerName(m, cursor, t)}
              focusable={i === markerStop}
              onHover={(at) => props.onHover(at && { what: 'marker', index: i, ...at })}
              onFocus={() => setMarkerFocus(i)}
              onKeyDown={(e) =>
                onRovingKey(
                  e,
                  i,
                  markers.length,
                  (next) => focusAt('data-marker-index', next),
                  () => props.onActivateMarker(i),
                )
              }
              onActivate={() => props.onActivateMarker(i)}
            />
          ))}
        </g>
      )}
      {dense && (
        <GanttDenseBars
          views={views}
          laneOf={(id) => data.lanes.get(id) ?? 0}
          g={{ x, markerRow: g.markerRow, laneH: g.laneH, barH: g.barH, k }}
          focusIndex={Math.max(0, views.findIndex((v) => v.bar.id === focusId))}
          label={describe}
          onFocusBar={props.onFocusBar}
          onHover={(v, at) => props.onHover(v && { what: 'bar', id: v.bar.id, ...at })}
          onActivate={props.onActivate}
        />
      )}
      {dense && labels.map((l) => (
        <text key={l.id} className="gantt-dense-label" x={l.x} y={l.y} textAnchor="middle">
          {l.text}
        </text>
      ))}
      {!dense && views.map((v, i) => {
        const lane = data.lanes.get(v.bar.id) ?? 0;
        const x1 = x(v.bar.triggerMs);
        const w = Math.max(5, x(v.endMs) - x1);
        // Bar at the lane's bottom, its id label above it.
        const y = g.markerRow + (lane + 1) * g.laneH - g.barH - 2;
        const showLabel = x1 + w / 2 - (lastLabelX.get(lane) ?? -Infinity) >= 20 * k;
        if (showLabel) lastLabelX.set(lane, x1 + w / 2);
        const hover = () => props.onHover({ what: 'bar', id: v.bar.id, x: x1 + w / 2, y });
        return (
          <g
            key={v.bar.id}
            className={`gantt-bar ${v.status}${v.bar.isSavepoint ? ' savepoint' : ''}${v.bar.id === focusId ? ' current' : ''}`}
            role="button"
            tabIndex={v.bar.id === focusId ? 0 : -1}
            aria-label={describe(v)}
            data-testid={`gantt-bar-${v.bar.id}`}
            data-bar-index={i}
            onClick={() => props.onActivate(v)}
            onKeyDown={(e) =>
              onRovingKey(
                e,
                i,
                views.length,
                (next) => focusAt('data-bar-index', next),
                () => props.onActivate(v),
              )
            }
            onFocus={() => {
              props.onFocusBar(v);
              hover();
            }}
            onBlur={() => props.onHover(null)}
            onMouseEnter={hover}
            onMouseLeave={() => props.onHover(null)}
          >
            {/* A wider, invisible target: a 5 px bar is hard to hit with a mouse. */}
            <rect
              className="hit"
              x={x1 - 4}
              y={y - g.laneH + g.barH + 3}
              width={w + 8}
              height={g.laneH - 2}
            />
            <rect
              className="bar"
              x={x1}
              y={y}
              width={w}
              height={g.barH}
              rx={2}
              fill={STATUS_COLORS[v.status]}
            />
            {showLabel && (
              <text className="bar-label" x={x1 + w / 2} y={y - 2} textAnchor="middle">
                {v.bar.isSavepoint ? `SP${v.bar.id}` : v.bar.id}
              </text>
            )}
          </g>
        );
      })}
      {props.axis?.cursor !== false && (
        <g
          className="gantt-cursor"
          data-testid="gantt-cursor"
          transform={`translate(${x(cursorMs)},0)`}
        >
          <line y1={g.markerRow - 2} y2={plotBottom} />
        </g>
      )}
      <D3Axis
        axis={axisBottom(x)
          .ticks(Math.max(2, Math.floor(width / (90 * k))))
          .tickFormat(props.axis ? (v) => props.axis!.tickFormat(Number(v)) : format(','))
          .tickSizeOuter(0)}
        transform={`translate(0,${plotBottom})`}
      />
    </svg>
  );
}

/** Labels of a big run's bars: at least the widest id's width apart in each lane. */
function denseLabels(views: readonly BarAtCursor[], data: TimelineData, x: (ms: number) => number, g: ReturnType<typeof geometry>, k: number) {
  const gap = (String(data.bars.at(-1)?.id ?? 0).length * 7 + 10) * k;
  const last = new Map<number, number>();
  const out: { id: number; x: number; y: number; text: string }[] = [];
  for (const v of views) {
    const lane = data.lanes.get(v.bar.id) ?? 0;
    const cx = (x(v.bar.triggerMs) + x(v.endMs)) / 2;
    if (cx - (last.get(lane) ?? -Infinity) < gap) continue;
    last.set(lane, cx);
    out.push({ id: v.bar.id, x: cx, y: g.markerRow + (lane + 1) * g.laneH - g.barH - 4, text: v.bar.isSavepoint ? `SP${v.bar.id}` : String(v.bar.id) });
  }
  return out;
}
