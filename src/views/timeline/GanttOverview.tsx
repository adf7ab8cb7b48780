/**
 * The whole run on one time axis: each checkpoint and savepoint as a bar from its trigger to its
 * end (or to the cursor while it runs), colored by status; job failures, restores and changelog
 * materializations/truncations as markers; a line at the cursor's simulated time. Bars are one
 * keyboard stop (roving focus): ← → move between them, Enter goes to the checkpoint's end.
 */
import { useRef, type KeyboardEvent } from 'react';
import { axisBottom, format, scaleLinear } from 'd3';
import { useT } from '../../i18n/useT';
import { D3Axis } from '../charts/D3Axis';
import { barAtCursor, type BarAtCursor } from './barAtCursor';
import { STATUS_COLORS } from './ganttColors';
import { GanttMarker, MARKER_KEYS } from './GanttMarker';
import type { TimelineData } from './timelineData';
import { useStatusLabel } from './useStatusLabel';

/** Row heights: compact for a 1280×720 screen, roomier when the tab has the height (1920×1080). */
function geometry(roomy: boolean) {
  return roomy
    ? { markerRow: 16, laneH: 30, barH: 13, changelogLane: 20, axisH: 22 }
    : { markerRow: 12, laneH: 21, barH: 9, changelogLane: 16, axisH: 20 };
}
// The right padding leaves room for half of the last tick label.
const PAD = { left: 10, right: 24 };

/** Whether a recording has changelog markers, which get a lane of their own. */
function hasChangelog(data: TimelineData): boolean {
  return data.markers.some((m) => m.kind === 'materialization' || m.kind === 'truncation');
}

export function overviewHeight(data: TimelineData, roomy: boolean): number {
  const g = geometry(roomy);
  return (
    g.markerRow + data.laneCount * g.laneH + (hasChangelog(data) ? g.changelogLane : 0) + g.axisH
  );
}

export function GanttOverview(props: {
  data: TimelineData;
  cursor: number;
  cursorMs: number;
  width: number;
  roomy: boolean;
  focusId: number | null;
  onFocusBar: (view: BarAtCursor) => void;
  onHover: (view: BarAtCursor | null, x: number, y: number) => void;
  onActivate: (view: BarAtCursor) => void;
}) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const { data, cursor, cursorMs, width } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const g = geometry(props.roomy);
  const height = overviewHeight(data, props.roomy);
  const changelog = hasChangelog(data);
  const lanesBottom = g.markerRow + data.laneCount * g.laneH;
  const plotBottom = lanesBottom + (changelog ? g.changelogLane : 0);
  const x = scaleLinear()
    .domain([0, Math.max(1, data.endMs)])
    .range([PAD.left, Math.max(PAD.left + 10, width - PAD.right)]);

  const views: BarAtCursor[] = [];
  for (const bar of data.bars) {
    const v = barAtCursor(bar, cursor, cursorMs);
    if (v) views.push(v);
  }
  const focusId = props.focusId ?? views.at(-1)?.bar.id ?? null;
  const markers = data.markers.filter((m) => m.pos <= cursor);

  const nameOf = (v: BarAtCursor) =>
    `${v.bar.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} ${v.bar.id}`;
  const describe = (v: BarAtCursor) =>
    [nameOf(v), statusLabel(v.status), v.reason, t('tlMs', { n: v.endMs - v.bar.triggerMs })]
      .filter(Boolean)
      .join(' · ');

  const moveFocus = (e: KeyboardEvent, index: number) => {
    let next: number | null = null;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = Math.max(0, index - 1);
    else if (e.key === 'ArrowRight' || e.key === 'ArrowDown')
      next = Math.min(views.length - 1, index + 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = views.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') props.onActivate(views[index]!);
    else return;
    // Stop here: the app's global shortcuts would otherwise step the timeline on the same keys.
    e.preventDefault();
    e.stopPropagation();
    if (next !== null)
      svgRef.current?.querySelector<SVGGElement>(`[data-bar-index="${next}"]`)?.focus();
  };

  // Label bars only where their ids do not collide with the previous label in the same lane.
  const lastLabelX = new Map<number, number>();
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
      <text className="gantt-axis-unit" x={width - 4} y={g.markerRow - 3} textAnchor="end">
        {t('tlAxisSim')}
      </text>
      {Array.from({ length: data.laneCount }, (_, i) => (
        <rect
          key={i}
          className="gantt-lane"
          x={PAD.left}
          width={Math.max(0, width - PAD.left - PAD.right)}
          y={g.markerRow + i * g.laneH + 2}
          height={g.laneH - 4}
        />
      ))}
      {markers.map((m, i) => (
        <GanttMarker
          key={i}
          m={m}
          x={x}
          cursorMs={cursorMs}
          cursor={cursor}
          top={g.markerRow}
          lanesBottom={lanesBottom}
          plotBottom={plotBottom}
          label={t(
            m.failed && m.kind === 'materialization'
              ? 'tlMarkerMaterializationFailed'
              : MARKER_KEYS[m.kind],
          )}
        />
      ))}
      {views.map((v, i) => {
        const lane = data.lanes.get(v.bar.id) ?? 0;
        const x1 = x(v.bar.triggerMs);
        const w = Math.max(5, x(v.endMs) - x1);
        // Bar at the lane's bottom, its id label above it.
        const y = g.markerRow + (lane + 1) * g.laneH - g.barH - 2;
        const showLabel = x1 + w / 2 - (lastLabelX.get(lane) ?? -Infinity) >= 20;
        if (showLabel) lastLabelX.set(lane, x1 + w / 2);
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
            onKeyDown={(e) => moveFocus(e, i)}
            onFocus={() => {
              props.onFocusBar(v);
              props.onHover(v, x1 + w / 2, y);
            }}
            onBlur={() => props.onHover(null, 0, 0)}
            onMouseEnter={() => props.onHover(v, x1 + w / 2, y)}
            onMouseLeave={() => props.onHover(null, 0, 0)}
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
      <g
        className="gantt-cursor"
        data-testid="gantt-cursor"
        transform={`translate(${x(cursorMs)},0)`}
      >
        <line y1={g.markerRow - 2} y2={plotBottom} />
      </g>
      <D3Axis
        axis={axisBottom(x)
          .ticks(Math.max(2, Math.floor(width / 90)))
          .tickFormat(format(','))
          .tickSizeOuter(0)}
        transform={`translate(0,${plotBottom})`}
      />
    </svg>
  );
}
