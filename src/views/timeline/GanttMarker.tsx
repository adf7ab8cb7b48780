/**
 * A marker on the checkpoint timeline: a job failure (a cross and a line), a restore (a band
 * from restore.started until the job runs again), or, in the changelog lane, a materialization
 * (a band) or a changelog truncation (a diamond). Each is a button in the markers' row (one Tab
 * stop, see GanttOverview): hovering or focusing shows its tooltip, clicking or Enter goes to its
 * step. An invisible hit area makes the thin shapes easy to point at and carries the focus ring.
 */
import type { KeyboardEvent } from 'react';
import { MARKER_COLORS } from './ganttColors';
import type { MarkerKind, TimelineMarker } from './timelineMarkers';

export interface MarkerGeometry {
  x: (ms: number) => number;
  top: number;
  lanesBottom: number;
  plotBottom: number;
  /** Type scale (useTypeScale): the symbols grow with the text around them. */
  k: number;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a marker can be pointed at (its shapes themselves take no pointer events): the symbol
 * plus a margin; a restore's band over the lanes too. A failure's small area is drawn over the
 * restore it starts (GanttOverview draws points last), so each can be hovered.
 */
function hitArea(kind: MarkerKind, x0: number, x1: number, laneY: number, g: MarkerGeometry): Rect {
  const { k } = g;
  const top = Math.max(2, g.top - 13 * k);
  switch (kind) {
    case 'materialization':
      return {
        x: x0 - 3 * k,
        y: laneY - 2 * k,
        width: Math.max(4 * k, x1 - x0) + 6 * k,
        height: 14 * k,
      };
    case 'truncation':
      return { x: x0 - 7 * k, y: laneY - 2 * k, width: 14 * k, height: 14 * k };
    case 'restore':
      return {
        x: x0 - 5 * k,
        y: top,
        width: Math.max(10 * k, x1 - x0 + 10 * k),
        height: g.plotBottom - top,
      };
    default:
      return { x: x0 - 7 * k, y: top, width: 14 * k, height: g.top - top + 1 };
  }
}

export function GanttMarker(props: {
  m: TimelineMarker;
  index: number;
  g: MarkerGeometry;
  cursorMs: number;
  ended: boolean;
  name: string;
  focusable: boolean;
  /** Where the tooltip points (null: hide it). */
  onHover: (at: { x: number; y: number } | null) => void;
  onFocus: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  onActivate: () => void;
}) {
  const { m, g } = props;
  const { k } = g;
  const color =
    MARKER_COLORS[m.failed ? (m.kind === 'restore' ? 'restoreFailed' : m.kind) : m.kind];
  const x0 = g.x(m.atMs);
  const x1 = g.x(props.ended ? m.endMs! : props.cursorMs);
  const inLane = m.kind === 'materialization' || m.kind === 'truncation';
  const y = g.lanesBottom + 3 * k;
  const bandW = Math.max(4 * k, x1 - x0);
  const hit = hitArea(m.kind, x0, x1, y, g);
  const tipAt = {
    x: m.kind === 'materialization' ? x0 + bandW / 2 : x0,
    y: inLane ? y : g.top,
  };
  return (
    <g
      className={`gantt-marker ${m.kind}`}
      role="button"
      tabIndex={props.focusable ? 0 : -1}
      aria-label={props.name}
      data-testid={`gantt-marker-${m.kind}`}
      data-marker-index={props.index}
      onClick={props.onActivate}
      onKeyDown={props.onKeyDown}
      onFocus={() => {
        props.onFocus();
        props.onHover(tipAt);
      }}
      onBlur={() => props.onHover(null)}
      onMouseEnter={() => props.onHover(tipAt)}
      onMouseLeave={() => props.onHover(null)}
    >
      <rect className="hit" {...hit} rx={3} />
      {m.kind === 'materialization' && (
        <rect
          x={x0}
          y={y}
          width={bandW}
          height={10 * k}
          rx={2}
          fill={color}
          opacity={m.failed ? 0.45 : 0.85}
        />
      )}
      {m.kind === 'truncation' && (
        <path
          d={`M${x0},${y} l${5 * k},${5 * k} l${-5 * k},${5 * k} l${-5 * k},${-5 * k} z`}
          fill={color}
        />
      )}
      {!inLane && m.kind === 'restore' && (
        <rect
          x={x0}
          y={g.top}
          width={Math.max(2, x1 - x0)}
          height={g.lanesBottom - g.top}
          fill={color}
          opacity={0.14}
        />
      )}
      {!inLane && (
        <line
          x1={x0}
          x2={x0}
          y1={g.top - 2}
          y2={g.plotBottom}
          stroke={color}
          strokeWidth={1.5}
          strokeDasharray={m.kind === 'restore' ? '3 2' : undefined}
        />
      )}
      {!inLane &&
        (m.kind === 'restore' ? (
          // On the time axis, pointing up: the failure's ✕ that starts a restore sits at the same
          // time at the top, so the two symbols never cover each other.
          <path
            d={`M${x0 - 5 * k},${g.plotBottom} l${5 * k},${-8 * k} l${5 * k},${8 * k} z`}
            fill={color}
          />
        ) : (
          <path
            d={`M${x0 - 4 * k},${g.top - 11 * k} l${8 * k},${8 * k} m0,${-8 * k} l${-8 * k},${8 * k}`}
            stroke={color}
            strokeWidth={2.2}
          />
        ))}
    </g>
  );
}
