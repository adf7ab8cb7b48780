/**
 * The timeline's bars for a big run (issue 17 §4): past DENSE_BARS checkpoints, the bars are one
 * path per status (denseBars.ts), one hit area finds the bar under the pointer by its trigger
 * time, and the row stays one keyboard stop: ← → move a focus ring over the bars, Enter goes to
 * the focused checkpoint's end. A few hundred bars are then a few dozen nodes, not thousands.
 */
import type { ScaleLinear } from 'd3';
import { barPathsByFill, slotAt, type DenseBar } from '../charts/denseBars';
import type { BarAtCursor } from './barAtCursor';
import { STATUS_COLORS } from './ganttColors';
import { onRovingKey } from './rovingFocus';

export interface DenseGeometry {
  x: ScaleLinear<number, number>;
  markerRow: number;
  laneH: number;
  barH: number;
  k: number;
}

export function GanttDenseBars(props: {
  views: readonly BarAtCursor[];
  laneOf: (id: number) => number;
  g: DenseGeometry;
  focusIndex: number;
  label: (v: BarAtCursor) => string;
  onFocusBar: (v: BarAtCursor) => void;
  onHover: (v: BarAtCursor | null, at: { x: number; y: number }) => void;
  onActivate: (v: BarAtCursor) => void;
}) {
  const { views, g } = props;
  const place = (v: BarAtCursor) => {
    const x1 = g.x(v.bar.triggerMs);
    const w = Math.max(2, g.x(v.endMs) - x1);
    const y = g.markerRow + (props.laneOf(v.bar.id) + 1) * g.laneH - g.barH - 2;
    return { x1, w, y };
  };
  const bars: DenseBar[] = views.map((v) => {
    const p = place(v);
    return { x: p.x1, y: p.y, w: p.w, h: g.barH, fill: STATUS_COLORS[v.status] };
  });
  // Bars are in trigger order, so their left edges are sorted for the pointer's lookup.
  const leftEdges = bars.map((b) => b.x);
  const focused = views[props.focusIndex];
  const ring = focused && place(focused);
  const lanesTop = g.markerRow;
  const lanesBottom = Math.max(lanesTop, ...bars.map((b) => b.y + b.h + 2));
  const hoverAt = (i: number) => {
    const v = views[i]!;
    const p = place(v);
    props.onHover(v, { x: p.x1 + p.w / 2, y: p.y });
  };
  return (
    <g
      className="gantt-dense"
      role="button"
      tabIndex={0}
      aria-label={focused ? props.label(focused) : undefined}
      data-testid="gantt-bars-dense"
      onKeyDown={(e) =>
        onRovingKey(
          e,
          props.focusIndex,
          views.length,
          (next) => {
            props.onFocusBar(views[next]!);
            hoverAt(next);
          },
          () => focused && props.onActivate(focused),
        )
      }
      onBlur={() => props.onHover(null, { x: 0, y: 0 })}
    >
      {barPathsByFill(bars).map(([fill, d]) => (
        <path key={fill} className="bar" d={d} fill={fill} />
      ))}
      {ring && <rect className="gantt-dense-ring" x={ring.x1 - 2} y={ring.y - 2} width={ring.w + 4} height={g.barH + 4} rx={3} />}
      <rect
        className="hit"
        x={g.x.range()[0]}
        width={g.x.range()[1]! - g.x.range()[0]!}
        y={lanesTop}
        height={lanesBottom - lanesTop}
        onMouseMove={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const i = slotAt(leftEdges, g.x.range()[0]! + e.clientX - box.left);
          if (i === null) props.onHover(null, { x: 0, y: 0 });
          else hoverAt(i);
        }}
        onMouseLeave={() => props.onHover(null, { x: 0, y: 0 })}
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const i = slotAt(leftEdges, g.x.range()[0]! + e.clientX - box.left);
          if (i !== null) props.onActivate(views[i]!);
        }}
      />
    </g>
  );
}
