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

/** Everything an item's look is drawn from, apart from the language and the colour scale. */
function lookOf(d: DrawnItem): string {
  return `${d.kind}|${d.place}|${d.priority}|${d.isSavepoint}|${d.persistedIn}|${d.recordingFor}|${d.blocked}|${d.checkpointId}|${d.keyGroup}|${d.recordKey}|${d.recordValue}|${d.label}|${d.h}`;
}

/** What each item node was last drawn with: a frame writes only what differs. */
interface ItemMemo {
  look: string;
  t: Translate;
  color: (kg: number) => string;
  /** Transform and opacity set without a tween ('' when unknown). */
  at: string;
  /** The body's geometry set without a tween ('' when unknown). */
  shape: string;
}
const memos = new WeakMap<SVGGElement, ItemMemo>();

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
      s.each(function (d) {
        // Most items look the same from one frame to the next: rewriting their attributes, styles
        // and titles anyway was most of a frame's DOM work while a big run played fast.
        const look = lookOf(d);
        const memo = memos.get(this);
        if (memo && memo.look === look && memo.t === t && memo.color === color) return;
        memos.set(this, { look, t, color, at: memo?.at ?? '', shape: memo?.shape ?? '' });
        const g = select<SVGGElement, DrawnItem>(this);
        g.attr('class', classOf)
          .attr('data-testid', (d) => (d.kind === 'cancel' ? 'cancel-marker' : d.kind === 'barrier' && d.priority ? 'priority-barrier' : d.persistedIn !== null ? 'persisted-buffer' : d.place === 'wire' ? null : `buffer-${d.place}`))
          .attr('data-checkpoint', (d) => d.checkpointId ?? d.persistedIn ?? null);
        g.select('title').text(titleOf(d, t));
        g.select<SVGRectElement>('rect.body')
          // Inline styles: the app stylesheet colors `.barrier rect`, and a style beats it.
          .style('fill', fillOf(d, color))
          .style('fill-opacity', d.blocked ? 0.45 : 1)
          .style('stroke', strokeOf(d))
          .style('stroke-width', d.persistedIn !== null || d.recordingFor !== null ? 2.4 : d.blocked ? 1.6 : 1)
          .style('stroke-dasharray', () => (d.recordingFor !== null || d.blocked ? '2.5 1.5' : null));
        g.select('path.chevron').attr('display', d.priority ? null : 'none');
        g.select<SVGTextElement>('text.label')
          .text(d.label ?? '')
          .attr('display', d.kind !== 'record' && (d.place === 'wire' || d.place === 'gate') ? null : 'none')
          .style('fill', d.kind === 'cancel' ? CANCEL_MARKER_COLOR : d.priority ? PRIORITY_BARRIER_COLOR : BARRIER_COLOR)
          .attr('y', -d.h / 2 - 3);
      });
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
      // Tweened, an item is joined by its identity, so it moves from where it was. Without a tween
      // (fast playback, reduced motion) identity buys nothing: join by index, and the nodes of the
      // previous frame are reused instead of hundreds created and removed per frame.
      .data(items, reduced ? (_d, i) => String(i) : (d) => d.id)
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
          // No tween: set the end values at once, and only where they changed. A zero-length
          // transition still schedules a d3 timer per item and starts and stops it a frame later
          // (measured: d3-timer's start, stop and timerFlush were a visible share of each frame
          // while the scale run played fast).
          s.interrupt().each(function (d) {
            const memo = memos.get(this)!;
            const at = `${transform(d.x, d.y, d.angle)}|${d.hidden ? 0 : 1}`;
            if (memo.at !== at) {
              memo.at = at;
              this.setAttribute('transform', transform(d.x, d.y, d.angle));
              this.setAttribute('opacity', d.hidden ? '0' : '1');
            }
            const shape = shapeAttrs.map(([, f]) => f(d)).join('|');
            if (memo.shape !== shape) {
              memo.shape = shape;
              const body = select(this).select<SVGRectElement>('rect.body').interrupt();
              for (const [name, f] of shapeAttrs) body.attr(name, f(d));
            }
          });
          return;
        }
        // Tweened: the memo no longer says what the node shows once a transition moves it.
        s.each(function () {
          const memo = memos.get(this);
          if (memo) memo.at = memo.shape = '';
        });
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
