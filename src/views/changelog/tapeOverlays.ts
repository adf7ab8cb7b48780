/** What the DSTL tape draws over its cells: the "+N older" sign, the last checkpoint's bracket, and the markers (truncation cut, materialization sync points). */
import '../d3Transitions';
import { type ScaleLinear } from 'd3';
import type { DstlTapeModel } from './dstlTape';
import { bottomLabels, bracketLabelX, textWidth, type Span } from './tapeLabels';
import {
  BOTTOM_TEXT_Y,
  BRACKET_Y,
  CELL_H,
  CELL_Y,
  LABEL_PX,
  MARKER_BOTTOM,
  MARKER_TOP,
  TOP_TEXT_Y,
  cutVisible,
  visibleOnTape,
  type G,
  type TapeText,
} from './tapeGeometry';

export function drawOlder(
  l: G,
  model: DstlTapeModel,
  x: ScaleLinear<number, number>,
  text: TapeText,
): void {
  const data = model.hiddenOlder > 0 ? [model.hiddenOlder] : [];
  const older = l
    .selectAll<SVGGElement, number>('g.cl-older-sign')
    .data(data)
    .join((enter) => {
      const o = enter.append('g').attr('class', 'cl-older-sign').attr('data-testid', 'dstl-older');
      o.append('title');
      o.append('text').attr('y', CELL_Y + CELL_H / 2 + 5);
      return o;
    });
  older.select('title').text((n) => text.olderTitle(n));
  older
    .select('text')
    .attr('x', (x(model.start - 1) + x(model.start)) / 2)
    .text((n) => `+${n}`);
}

export function drawBracket(
  l: G,
  model: DstlTapeModel,
  x: ScaleLinear<number, number>,
  text: TapeText,
  cut: Span | null,
  width: number,
  duration: number,
): void {
  const cp = model.checkpoint;
  const data = cp ? [cp] : [];
  const first = model.start - (model.hiddenOlder > 0 ? 1 : 0);
  const bracket = l
    .selectAll<SVGGElement, NonNullable<DstlTapeModel['checkpoint']>>('g.cl-cp')
    .data(data)
    .join((enter) => {
      const b = enter.append('g').attr('class', 'cl-cp').attr('data-testid', 'dstl-checkpoint');
      b.append('path');
      b.append('text').attr('y', TOP_TEXT_Y);
      return b;
    });
  bracket
    .attr('data-cp', (d) => d.checkpointId)
    .attr('data-from', (d) => d.from)
    .attr('data-to', (d) => d.to)
    .attr('data-status', (d) => d.status ?? '')
    .classed('in-progress', (d) => d.status === 'IN_PROGRESS')
    .classed('failed', (d) => d.status === 'FAILED');
  const x0 = (d: { from: number }) => x(Math.max(d.from, first)) + 1;
  const x1 = (d: { from: number; to: number }) => Math.max(x(Math.max(d.to, first)) - 1, x0(d));
  bracket
    .select('path')
    .transition()
    .duration(duration)
    .attr('d', (d) => `M${x0(d)},${CELL_Y - 2}V${BRACKET_Y}H${x1(d)}V${CELL_Y - 2}`);
  bracket
    .select('text')
    .text((d) => text.checkpoint(d.checkpointId))
    .transition()
    .duration(duration)
    .attr('x', (d) =>
      bracketLabelX(x0(d), textWidth(text.checkpoint(d.checkpointId), LABEL_PX), cut, width),
    );
}

export interface Marker {
  key: 'cut' | 'sync' | 'running';
  sqn: number;
  label: string;
  /** Used when the sync point's and the running materialization's labels would overlap. */
  short: string;
  title: string;
  id: number;
}

export function drawMarkers(
  l: G,
  model: DstlTapeModel,
  x: ScaleLinear<number, number>,
  text: TapeText,
  cut: Span | null,
  width: number,
  duration: number,
): void {
  const markers: Marker[] = [];
  const first = model.start - (model.hiddenOlder > 0 ? 1 : 0);
  const visible = (sqn: number) => visibleOnTape(model, sqn);
  if (model.syncPoint && visible(model.syncPoint.sqn)) {
    markers.push({
      key: 'sync',
      sqn: model.syncPoint.sqn,
      label: text.syncPoint(model.syncPoint.materializationId),
      short: `m${model.syncPoint.materializationId}`,
      title: text.syncPoint(model.syncPoint.materializationId),
      id: model.syncPoint.materializationId,
    });
  }
  if (model.running && visible(model.running.sqn)) {
    markers.push({
      key: 'running',
      sqn: model.running.sqn,
      label: text.running(model.running.materializationId),
      short: `m${model.running.materializationId} ↑`,
      title: text.running(model.running.materializationId),
      id: model.running.materializationId,
    });
  }
  // Last, so the cut is drawn over a sync point at the same sequence number (truncation usually cuts right there).
  if (cutVisible(model))
    markers.push({
      key: 'cut',
      sqn: model.lowest,
      label: text.cut,
      short: text.cut,
      title: text.cutTitle(model.lowest),
      id: 0,
    });
  const TEST_IDS = { cut: 'dstl-cut', sync: 'dstl-sync-point', running: 'dstl-running' } as const;
  const sel = l
    .selectAll<SVGGElement, Marker>('g.cl-marker')
    .data(markers, (d) => d.key)
    .join(
      (enter) => {
        const m = enter
          .append('g')
          .attr('data-testid', (d) => TEST_IDS[d.key])
          // The first cut slides in from the tape's left end, over what it cut off; sync points fade in where they are.
          .attr('transform', (d) => `translate(${d.key === 'cut' ? x(first) : x(d.sqn)},0)`)
          .style('opacity', (d) => (d.key === 'cut' ? 1 : 0));
        m.append('title');
        m.append('line').attr('y1', MARKER_TOP).attr('y2', MARKER_BOTTOM);
        m.append('text');
        return m;
      },
      (update) => update,
      (exit) =>
        exit
          .attr('class', 'cl-marker-exit')
          .transition()
          .duration(duration)
          .style('opacity', 0)
          .remove(),
    );
  sel
    .attr('class', (d) => `cl-marker ${d.key}`)
    .attr('data-sqn', (d) => d.sqn)
    .attr('data-m', (d) => d.id || null);
  sel.select('title').text((d) => d.title);
  sel
    .transition()
    .duration(duration)
    .style('opacity', 1)
    .attr('transform', (d) => `translate(${x(d.sqn)},0)`);
  // The cut's label sits in the top row over the truncated sets (placed with the bracket's); the
  // sync point's and the running materialization's share the bottom row (see tapeLabels.ts).
  const input = (m: Marker | undefined) =>
    m
      ? { x: x(m.sqn), w: textWidth(m.label, LABEL_PX), shortW: textWidth(m.short, LABEL_PX) }
      : null;
  const bottom = bottomLabels(
    input(markers.find((m) => m.key === 'sync')),
    input(markers.find((m) => m.key === 'running')),
    width,
  );
  const place = (d: Marker) =>
    d.key === 'cut'
      ? { left: cut !== null && cut.to <= x(d.sqn), short: false }
      : d.key === 'sync'
        ? bottom.sync
        : bottom.running;
  sel
    .select<SVGTextElement>('text')
    .text((d) => (place(d).short ? d.short : d.label))
    .attr('y', (d) => (d.key === 'cut' ? TOP_TEXT_Y : BOTTOM_TEXT_Y))
    .attr('text-anchor', (d) => (place(d).left ? 'end' : 'start'))
    .attr('x', (d) => (place(d).left ? -4 : 4));
}
