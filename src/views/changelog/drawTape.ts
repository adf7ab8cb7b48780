/**
 * Draws the DSTL tape into a `<g>` that d3 owns (React never renders into it): change sets as
 * cells on a sequence-number scale, the files they are in as bars below, the truncation cut,
 * the materialization sync points and the last checkpoint's bracket. Elements are keyed by
 * sequence number, so stepping slides the tape, greys out what truncation cut off and moves
 * the cut, all as d3 transitions (zero-length when the user prefers reduced motion).
 */
import '../d3Transitions';
import { select, type ScaleLinear } from 'd3';
import type { DstlTapeModel, TapeCell, TapeFileRun } from './dstlTape';
import { cutLabelSpan, textWidth } from './tapeLabels';
import {
  BAR_H,
  BAR_Y,
  CELL_H,
  CELL_Y,
  DURATION_MS,
  LABEL_PX,
  checkpointFill,
  cutVisible,
  layer,
  tapeScale,
  type G,
  type TapeOptions,
  type TapeText,
} from './tapeGeometry';
import { drawBracket, drawMarkers, drawOlder } from './tapeOverlays';

export { checkpointFill, MIN_CELL, TAPE_HEIGHT, type TapeText } from './tapeGeometry';

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

export function drawCells(
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

export function drawFiles(
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
