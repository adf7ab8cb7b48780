/**
 * The d3-owned layer of moving things in the job graph: records and barriers, keyed by their
 * identity on a channel, so a record tweens from a cell in the sender's output queue to a dot on
 * the wire to a cell in the receiver's input queue, and a priority barrier visibly jumps over the
 * buffers it overtakes. React never renders into this layer's node.
 */
import { useEffect, type RefObject } from 'react';
import { easeCubicOut, select, type Selection } from 'd3';
import '../d3Transitions';
import type { Translate } from '../../i18n/useT';
import type { DrawnItem } from './itemGeometry';
import { BARRIER_COLOR, CANCEL_MARKER_COLOR, PRIORITY_BARRIER_COLOR, SAVEPOINT_COLOR, checkpointColor } from './jobColors';

const DURATION_MS = 220;

function transform(x: number, y: number, angle: number): string {
  return `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${angle.toFixed(1)})`;
}

function fillOf(d: DrawnItem, color: (kg: number) => string): string {
  if (d.kind === 'record') return color(d.keyGroup!);
  if (d.kind === 'cancel') return CANCEL_MARKER_COLOR;
  if (d.priority) return PRIORITY_BARRIER_COLOR;
  return d.isSavepoint ? SAVEPOINT_COLOR : BARRIER_COLOR;
}

function strokeOf(d: DrawnItem): string {
  if (d.persistedIn !== null) return checkpointColor(d.persistedIn);
  if (d.recordingFor !== null) return checkpointColor(d.recordingFor);
  if (d.blocked) return BARRIER_COLOR;
  return '#ffffff';
}

function classOf(d: DrawnItem): string {
  const c = ['item', d.kind, d.place];
  if (d.priority) c.push('priority');
  if (d.persistedIn !== null) c.push('persisted');
  if (d.recordingFor !== null) c.push('recording');
  if (d.blocked) c.push('blocked');
  return c.join(' ');
}

function titleOf(d: DrawnItem, t: Translate): string {
  if (d.kind === 'barrier') return t(d.priority ? 'jgPriorityTitle' : 'jgBarrierTitle', { id: d.checkpointId! });
  if (d.kind === 'cancel') return t('jgCancelTitle', { id: d.checkpointId! });
  const v = { key: String(d.recordKey), value: d.recordValue! };
  if (d.persistedIn !== null) return t('jgPersistedTitle', { ...v, id: d.persistedIn });
  if (d.recordingFor !== null) return t('jgRecordingTitle', { ...v, id: d.recordingFor });
  return t('jgRecordTitle', { ...v, kg: d.keyGroup! });
}

/** Draws `items` into the layer at `ref`, tweening from the previous step's positions. */
export function useItemsLayer(
  ref: RefObject<SVGGElement | null>,
  items: DrawnItem[],
  color: (kg: number) => string,
  t: Translate,
  reduced: boolean,
): void {
  useEffect(() => {
    if (!ref.current) return;
    const duration = reduced ? 0 : DURATION_MS;
    const style = (s: Selection<SVGGElement, DrawnItem, SVGGElement, unknown>) => {
      s.attr('class', classOf)
        .attr('data-testid', (d) => (d.kind === 'cancel' ? 'cancel-marker' : d.kind === 'barrier' && d.priority ? 'priority-barrier' : d.persistedIn !== null ? 'persisted-buffer' : d.place === 'wire' ? null : `buffer-${d.place}`))
        .attr('data-checkpoint', (d) => d.checkpointId ?? d.persistedIn ?? null);
      s.select('title').text((d) => titleOf(d, t));
      s.select<SVGRectElement>('rect.body')
        // Inline styles: the app stylesheet colors `.barrier rect`, and a style beats it.
        .style('fill', (d) => fillOf(d, color))
        .style('fill-opacity', (d) => (d.blocked ? 0.45 : 1))
        .style('stroke', strokeOf)
        .style('stroke-width', (d) => (d.persistedIn !== null || d.recordingFor !== null ? 2.4 : d.blocked ? 1.6 : 1))
        .style('stroke-dasharray', (d) => (d.recordingFor !== null || d.blocked ? '2.5 1.5' : null));
      s.select('path.chevron').attr('display', (d) => (d.priority ? null : 'none'));
      s.select<SVGTextElement>('text.label')
        .text((d) => d.label ?? '')
        .attr('display', (d) => (d.kind !== 'record' && (d.place === 'wire' || d.place === 'gate') ? null : 'none'))
        .style('fill', (d) => (d.kind === 'cancel' ? CANCEL_MARKER_COLOR : d.priority ? PRIORITY_BARRIER_COLOR : BARRIER_COLOR))
        .attr('y', (d) => -d.h / 2 - 3);
    };
    const shapeAttrs: [string, (d: DrawnItem) => number][] = [
      ['x', (d) => -d.w / 2],
      ['y', (d) => -d.h / 2],
      ['width', (d) => d.w],
      ['height', (d) => d.h],
      // A record on the wire is a dot; in a queue, a cell.
      ['rx', (d) => (d.kind === 'record' && d.place === 'wire' ? d.w / 2 : 1.5)],
    ];

    select(ref.current)
      .selectAll<SVGGElement, DrawnItem>('g.item')
      .data(items, (d) => d.id)
      .join(
        (enter) => {
          const g = enter
            .append('g')
            .attr('transform', (d) => transform(d.enter[0], d.enter[1], d.angle))
            .attr('opacity', 0);
          g.append('title');
          const body = g.append('rect').attr('class', 'body');
          for (const [name, f] of shapeAttrs) body.attr(name, f);
          // A priority barrier carries an arrow head in its direction of travel.
          g.append('path').attr('class', 'chevron').attr('d', 'M3,-6 L9,0 L3,6 Z').attr('fill', PRIORITY_BARRIER_COLOR);
          g.append('text').attr('class', 'label').attr('text-anchor', 'middle');
          return g;
        },
        (update) => update,
        (exit) =>
          reduced
            ? exit.remove()
            : exit.call((x) =>
                x
                  .transition()
                  .duration(duration)
                  .ease(easeCubicOut)
                  .attr('transform', (d) => transform(d.exit[0], d.exit[1], 0))
                  .attr('opacity', 0)
                  .remove(),
              ),
      )
      .call(style)
      .call((s) => {
        if (reduced) {
          // No tween: set the end values at once. A zero-length transition still schedules a d3
          // timer per item and starts and stops it a frame later (measured: d3-timer's start, stop
          // and timerFlush were a visible share of each frame while the scale run played fast).
          s.interrupt()
            .attr('transform', (d) => transform(d.x, d.y, d.angle))
            .attr('opacity', (d) => (d.hidden ? 0 : 1));
          const body = s.select<SVGRectElement>('rect.body').interrupt();
          for (const [name, f] of shapeAttrs) body.attr(name, f);
          return;
        }
        s.transition()
          .duration(duration)
          .ease(easeCubicOut)
          .attr('transform', (d) => transform(d.x, d.y, d.angle))
          .attr('opacity', (d) => (d.hidden ? 0 : 1));
        const body = s.select<SVGRectElement>('rect.body').transition().duration(duration).ease(easeCubicOut);
        for (const [name, f] of shapeAttrs) body.attr(name, f);
      });
  }, [ref, items, color, t, reduced]);
}
