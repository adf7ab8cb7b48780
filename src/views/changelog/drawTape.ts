/**
 * Draws the DSTL tape into a `<g>` that d3 owns (React never renders into it): change sets as
 * cells on a sequence-number scale, the files they are in as bars below, the truncation cut,
 * the materialization sync points and the last checkpoint's bracket. Elements are keyed by
 * sequence number, so stepping slides the tape, greys out what truncation cut off and moves
 * the cut, all as d3 transitions (zero-length when the user prefers reduced motion).
 */
import { scaleLinear, select, type ScaleLinear, type Selection } from 'd3';
import '../d3Transitions';
import type { DstlTapeModel, TapeCell, TapeFileRun } from './dstlTape';
import { bottomLabels, bracketLabelX, cutLabelSpan, textWidth, type Span } from './tapeLabels';

export const TAPE_HEIGHT = 100;
/** Narrowest cell: a three-digit change set number in 13px bold still fits. */
export const MIN_CELL = 28;
/** Widest cell: a short log on a wide screen stays a tape, not a row of slabs. */
const MAX_CELL = 60;
const PAD = 2;
const TOP_TEXT_Y = 12;
const BRACKET_Y = 19;
const CELL_Y = 25;
const CELL_H = 30;
const BAR_Y = 58;
const BAR_H = 16;
const BOTTOM_TEXT_Y = 92;
const MARKER_TOP = 16;
const MARKER_BOTTOM = 80;
const DURATION_MS = 450;
/** Font size of the tape's labels (changelog.css says the same). */
const LABEL_PX = 12;

/** Light fills so dark numbers stay readable; consecutive checkpoint ids get different ones. */
const CHECKPOINT_FILLS = [
  '#a5d8ff',
  '#ffd8a8',
  '#b2f2bb',
  '#eebefa',
  '#ffec99',
  '#99e9f2',
  '#ffc9c9',
  '#d0bfff',
];

export function checkpointFill(checkpointId: number | null): string {
  if (checkpointId === null) return '#ffffff';
  return CHECKPOINT_FILLS[
    (checkpointId - 1 + CHECKPOINT_FILLS.length * 1000) % CHECKPOINT_FILLS.length
  ]!;
}

export interface TapeText {
  cut: string;
  cutTitle: (sqn: number) => string;
  syncPoint: (id: number) => string;
  running: (id: number) => string;
  olderTitle: (n: number) => string;
  checkpoint: (id: number) => string;
  /** The whole description of a change set, for its accessible name. */
  describe: (cell: TapeCell) => string;
  fileLabel: (file: string) => string;
  fileTitle: (file: string) => string;
}

export interface TapeOptions {
  width: number;
  reducedMotion: boolean;
  onFocus: (sqn: number | null) => void;
}

type G = Selection<SVGGElement, unknown, null, undefined>;

function layer(root: G, name: string): G {
  const found = root.select<SVGGElement>(`g.${name}`);
  return found.empty() ? root.append('g').attr('class', name) : found;
}

/** The x scale: one slot per visible sequence number, plus one for the "+N older" sign. */
export function tapeScale(model: DstlTapeModel, width: number): ScaleLinear<number, number> {
  const first = model.start - (model.hiddenOlder > 0 ? 1 : 0);
  const slots = Math.max(1, model.end - first);
  const cell = Math.max(Math.min((width - 2 * PAD) / slots, MAX_CELL), 1);
  return scaleLinear()
    .domain([first, model.end])
    .range([PAD, PAD + slots * cell]);
}

export function drawTape(
  g: SVGGElement,
  model: DstlTapeModel,
  text: TapeText,
  opts: TapeOptions,
): void {
  const root = select(g) as G;
  const x = tapeScale(model, opts.width);
  const cellW = x(model.start + 1) - x(model.start);
  const duration = opts.reducedMotion ? 0 : DURATION_MS;
  drawFiles(layer(root, 'cl-files'), model.files, x, text, duration);
  drawCells(layer(root, 'cl-cells'), model, x, cellW, text, opts, duration);
  drawOlder(layer(root, 'cl-older'), model, x, text);
  const cut = cutVisible(model)
    ? cutLabelSpan(x(model.lowest), textWidth(text.cut, LABEL_PX))
    : null;
  drawBracket(layer(root, 'cl-bracket'), model, x, text, cut, opts.width, duration);
  drawMarkers(layer(root, 'cl-markers'), model, x, text, cut, opts.width, duration);
}

function visibleOnTape(model: DstlTapeModel, sqn: number): boolean {
  return sqn >= model.start && sqn <= model.end;
}

function cutVisible(model: DstlTapeModel): boolean {
  return model.lowest > 0 && visibleOnTape(model, model.lowest);
}

function drawCells(
  l: G,
  model: DstlTapeModel,
  x: ScaleLinear<number, number>,
  cellW: number,
  text: TapeText,
  opts: TapeOptions,
  duration: number,
): void {
  const w = Math.max(cellW - 2, 1);
  const cells = l
    .selectAll<SVGGElement, TapeCell>('g.cl-cell')
    .data(model.cells, (d) => d.sqn)
    .join(
      (enter) => {
        const c = enter
          .append('g')
          .attr('tabindex', 0)
          .attr('role', 'img')
          .attr('data-testid', 'dstl-cell')
          .attr('transform', (d) => `translate(${x(d.sqn) + 1},${CELL_Y})`)
          .style('opacity', 0);
        c.append('rect').attr('class', 'bg').attr('height', CELL_H).attr('rx', 4).attr('width', w);
        // The active change set fills up towards the pre-emptive persist threshold.
        c.append('rect')
          .attr('class', 'grow')
          .attr('rx', 4)
          .attr('height', CELL_H)
          .attr('width', 0);
        c.append('rect')
          .attr('class', 'status')
          .attr('y', BAR_Y - CELL_Y)
          .attr('height', BAR_H)
          .attr('rx', 3)
          .attr('width', w);
        c.append('text')
          .attr('class', 'num')
          .attr('y', CELL_H / 2 + 5)
          .attr('x', w / 2);
        c.append('text')
          .attr('class', 'status-text')
          .attr('y', BAR_Y - CELL_Y + BAR_H / 2 + 4)
          .attr('x', w / 2);
        c.on('mouseenter focus', (_e, d) => opts.onFocus(d.sqn))
          .on('mouseleave blur', () => opts.onFocus(null))
          .on('keydown', (e: KeyboardEvent, d) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (step === 0) return;
            e.preventDefault();
            l.select<SVGGElement>(`g.cl-cell[data-sqn="${d.sqn + step}"]`)
              .node()
              ?.focus();
          });
        return c;
      },
      (update) => update,
      (exit) =>
        // Renamed at once, so the next join does not match an element that is still fading out.
        exit
          .attr('class', 'cl-cell-exit')
          .attr('tabindex', null)
          .transition()
          .duration(duration)
          .style('opacity', 0)
          .attr('transform', (d) => `translate(${x(d.sqn) + 1},${CELL_Y})`)
          .remove(),
    );
  cells
    .attr('class', (d) => `cl-cell ${d.status}`)
    .attr('data-sqn', (d) => d.sqn)
    .attr('data-status', (d) => d.status)
    .attr('data-cp', (d) => d.firstCheckpoint ?? '')
    .attr('aria-label', (d) => text.describe(d));
  cells
    .transition()
    .duration(duration)
    .style('opacity', 1)
    .attr('transform', (d) => `translate(${x(d.sqn) + 1},${CELL_Y})`);
  cells
    .select<SVGRectElement>('rect.bg')
    .transition()
    .duration(duration)
    .attr('width', w)
    .attr('fill', (d) =>
      d.status === 'truncated'
        ? '#f1f5f9'
        : d.status === 'active'
          ? '#ffffff'
          : checkpointFill(d.firstCheckpoint),
    );
  cells
    .select<SVGRectElement>('rect.grow')
    .transition()
    .duration(duration)
    .attr('width', (d) =>
      d.status === 'active' && model.activeThreshold > 0
        ? w * Math.min(1, (d.sizeBytes ?? 0) / model.activeThreshold)
        : 0,
    );
  // Uploaded sets get their file's bar (drawFiles); the others show their state under the cell.
  cells
    .select<SVGRectElement>('rect.status')
    .attr('width', w)
    .attr('visibility', (d) =>
      d.status === 'uploading' || d.status === 'notUploaded' ? 'visible' : 'hidden',
    );
  cells
    .select<SVGTextElement>('text.status-text')
    .attr('x', w / 2)
    .text((d) => (d.status === 'uploading' ? '↑' : ''));
  cells
    .select<SVGTextElement>('text.num')
    .attr('x', w / 2)
    .text((d) => String(d.sqn + 1));
}

function drawFiles(
  l: G,
  files: readonly TapeFileRun[],
  x: ScaleLinear<number, number>,
  text: TapeText,
  duration: number,
): void {
  const bars = l
    .selectAll<SVGGElement, TapeFileRun>('g.cl-file')
    .data(files, (d) => `${d.file}@${d.from}`)
    .join(
      (enter) => {
        const b = enter.append('g').attr('data-testid', 'dstl-file').style('opacity', 0);
        b.append('title');
        b.append('rect').attr('y', BAR_Y).attr('height', BAR_H).attr('rx', 3);
        b.append('text').attr('y', BAR_Y + BAR_H / 2 + 4);
        return b;
      },
      (update) => update,
      (exit) =>
        exit
          .attr('class', 'cl-file-exit')
          .transition()
          .duration(duration)
          .style('opacity', 0)
          .remove(),
    );
  bars.attr('class', 'cl-file').attr('data-file', (d) => d.file);
  bars.select('title').text((d) => text.fileTitle(d.file));
  bars.transition().duration(duration).style('opacity', 1);
  bars
    .select<SVGRectElement>('rect')
    .transition()
    .duration(duration)
    .attr('x', (d) => x(d.from) + 1)
    .attr('width', (d) => Math.max(x(d.to) - x(d.from) - 2, 1));
  bars
    .select<SVGTextElement>('text')
    .text((d) =>
      textWidth(text.fileLabel(d.file), LABEL_PX) + 4 <= x(d.to) - x(d.from)
        ? text.fileLabel(d.file)
        : '',
    )
    .transition()
    .duration(duration)
    .attr('x', (d) => (x(d.from) + x(d.to)) / 2);
}

function drawOlder(
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

function drawBracket(
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

interface Marker {
  key: 'cut' | 'sync' | 'running';
  sqn: number;
  label: string;
  /** Used when the sync point's and the running materialization's labels would overlap. */
  short: string;
  title: string;
  id: number;
}

function drawMarkers(
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
