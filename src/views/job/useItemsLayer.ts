/**
 * The d3-owned layer of moving things in the job graph: records and barriers, keyed by their
 * identity on a channel, so a record tweens from a cell in the sender's output queue to a dot on
 * the wire to a cell in the receiver's input queue, and a priority barrier visibly jumps over the
 * buffers it overtakes. React never renders into this layer's node.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { easeCubicOut, select, type Selection } from 'd3';
import '../d3Transitions';
import { afterThisTask } from '../afterThisTask';
import type { Translate } from '../../i18n/useT';
import type { DrawnItem } from './itemGeometry';
import {
  BARRIER_COLOR,
  CANCEL_MARKER_COLOR,
  PRIORITY_BARRIER_COLOR,
  SAVEPOINT_COLOR,
  checkpointColor,
} from './jobColors';

const DURATION_MS = 220;
/**
 * Without a tween, at most this many items' nodes are created per task: the rest in the tasks
 * after. A far seek in the scale run drew ~1,300 items into a layer that had few, creating five
 * elements each in one task of 80 ms of script (docs/long-tasks.md, "Session 17").
 */
const CREATE_PER_TASK = 300;

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
  if (d.kind === 'barrier')
    return t(d.priority ? 'jgPriorityTitle' : 'jgBarrierTitle', { id: d.checkpointId! });
  if (d.kind === 'cancel') return t('jgCancelTitle', { id: d.checkpointId! });
  const v = { key: String(d.recordKey), value: d.recordValue! };
  if (d.persistedIn !== null) return t('jgPersistedTitle', { ...v, id: d.persistedIn });
  if (d.recordingFor !== null) return t('jgRecordingTitle', { ...v, id: d.recordingFor });
  return t('jgRecordTitle', { ...v, kg: d.keyGroup! });
}

/**
 * An item node's parts, and what was last written to each attribute, style and text of them: a
 * frame writes only what differs. While a big run plays fast, the layer's nodes are reused for
 * other records every frame (joined by index), and rewriting every attribute, style and title of
 * every node was most of a frame's DOM work.
 */
interface ItemNode {
  title: SVGTitleElement;
  body: SVGRectElement;
  chevron: SVGPathElement;
  label: SVGTextElement;
  written: Map<string, string | null>;
}
const itemNodes = new WeakMap<SVGGElement, ItemNode>();

function nodeOf(g: SVGGElement): ItemNode {
  let n = itemNodes.get(g);
  if (!n) {
    n = {
      title: g.querySelector<SVGTitleElement>('title')!,
      body: g.querySelector('rect.body')!,
      chevron: g.querySelector('path.chevron')!,
      label: g.querySelector('text.label')!,
      written: new Map(),
    };
    itemNodes.set(g, n);
  }
  return n;
}

type Part = 'g' | 'title' | 'body' | 'chevron' | 'label';

function partOf(g: SVGGElement, n: ItemNode, part: Part): SVGElement {
  return part === 'g' ? g : n[part];
}

/**
 * Sets an attribute (`@`) or an inline style (`:`) of a part, null removing it, unless it already
 * holds `value` (what was last written is remembered per node).
 */
function write(
  g: SVGGElement,
  n: ItemNode,
  part: Part,
  how: '@' | ':',
  name: string,
  value: string | number | null,
): void {
  const v = value === null ? null : String(value);
  const key = `${part}${how}${name}`;
  if (n.written.get(key) === v) return;
  n.written.set(key, v);
  const el = partOf(g, n, part);
  if (how === ':') {
    if (v === null) el.style.removeProperty(name);
    else el.style.setProperty(name, v);
  } else if (v === null) el.removeAttribute(name);
  else el.setAttribute(name, v);
}

const attr = (
  g: SVGGElement,
  n: ItemNode,
  part: Part,
  name: string,
  value: string | number | null,
) => write(g, n, part, '@', name, value);
const style = (
  g: SVGGElement,
  n: ItemNode,
  part: Part,
  name: string,
  value: string | number | null,
) => write(g, n, part, ':', name, value);

function text(g: SVGGElement, n: ItemNode, part: Part, value: string): void {
  const key = `${part}#text`;
  if (n.written.get(key) === value) return;
  n.written.set(key, value);
  partOf(g, n, part).textContent = value;
}

/** Attributes a tween moves: once one runs, what was written last no longer says what the node shows. */
const TWEENED = [
  'g@transform',
  'g@opacity',
  'body@x',
  'body@y',
  'body@width',
  'body@height',
  'body@rx',
];

/**
 * Without a tween, a node no item needs this frame is hidden, not removed: the next frame that
 * needs more nodes shows it again instead of creating one (joined by index, the hidden ones come
 * last). Played fast, a big run's items come and go by the thousand from one frame to the next
 * (the scale run at 50×: 0 to 1,875 items, 409 on average between frames, five elements each);
 * created and removed, they were a visible share of the frames' long tasks. Hidden by
 * `visibility`, not `display`: a node shown again by `display` has its layout objects built anew
 * (about a hundred nodes a frame while the scale run played fast). What identifies an item to
 * tests and the cut line goes with it.
 */
function hide(this: SVGGElement): void {
  const n = nodeOf(this);
  attr(this, n, 'g', 'visibility', 'hidden');
  attr(this, n, 'g', 'data-testid', null);
  attr(this, n, 'g', 'data-checkpoint', null);
}

/**
 * Draws `items` into the layer at `ref`, tweening from the previous step's positions (not when
 * `reduced`); with their tooltips unless `titled` is false (playing fast).
 */
export function useItemsLayer(
  ref: RefObject<SVGGElement | null>,
  items: DrawnItem[],
  color: (kg: number) => string,
  t: Translate,
  reduced: boolean,
  titled = true,
): void {
  // What was last drawn: a change of `reduced` alone (playing fast stopped, items unchanged) draws
  // nothing anew; redrawn with tweens, every item would start one to where it already is.
  const drawn = useRef<{ items: DrawnItem[]; color: (kg: number) => string; t: Translate; titled: boolean } | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const last = drawn.current;
    if (last && last.items === items && last.color === color && last.t === t && last.titled === titled) return;
    // Without a tween (fast playback, reduced motion) the layer is drawn in a task of its own after
    // the frame's: a frame of a big run played fast then renders the graph, and the hundreds of
    // items are a second short task rather than half of one long one. Nodes it lacks are created
    // CREATE_PER_TASK at a time, a task each (joined by index, the first items are drawn first).
    if (reduced) {
      let cancel = afterThisTask(function slice() {
        const nodes = ref.current?.childElementCount ?? 0;
        const upto = Math.min(items.length, nodes + CREATE_PER_TASK);
        drawItems(upto < items.length ? items.slice(0, upto) : items);
        if (upto < items.length) cancel = afterThisTask(slice);
      });
      return () => cancel();
    }
    drawItems(items);

    /** Draws `data`: all of `items`, or their first ones while the nodes are created in slices. */
    function drawItems(data: DrawnItem[]): void {
      if (!ref.current) return;
      drawn.current = data === items ? { items, color, t, titled } : null;
      const duration = reduced ? 0 : DURATION_MS;
      const draw = (s: Selection<SVGGElement, DrawnItem, SVGGElement, unknown>) => {
        s.each(function (d) {
          const n = nodeOf(this);
          attr(this, n, 'g', 'visibility', null);
          attr(this, n, 'g', 'class', classOf(d));
          attr(
            this,
            n,
            'g',
            'data-testid',
            d.kind === 'cancel'
              ? 'cancel-marker'
              : d.kind === 'barrier' && d.priority
                ? 'priority-barrier'
                : d.persistedIn !== null
                  ? 'persisted-buffer'
                  : d.place === 'wire'
                    ? null
                    : `buffer-${d.place}`,
          );
          attr(this, n, 'g', 'data-checkpoint', d.checkpointId ?? d.persistedIn ?? null);
          // Playing fast, no one reads a dot's tooltip before the next frame moves it on: each
          // title rewritten was a text node replaced, ~330 a frame in the scale run at 50×.
          text(this, n, 'title', titled ? titleOf(d, t) : '');
          // Inline styles: the app stylesheet colors `.barrier rect`, and a style beats it.
          style(this, n, 'body', 'fill', fillOf(d, color));
          style(this, n, 'body', 'fill-opacity', d.blocked ? 0.45 : 1);
          style(this, n, 'body', 'stroke', strokeOf(d));
          style(
            this,
            n,
            'body',
            'stroke-width',
            d.persistedIn !== null || d.recordingFor !== null ? 2.4 : d.blocked ? 1.6 : 1,
          );
          style(
            this,
            n,
            'body',
            'stroke-dasharray',
            d.recordingFor !== null || d.blocked ? '2.5 1.5' : null,
          );
          attr(this, n, 'chevron', 'display', d.priority ? null : 'none');
          text(this, n, 'label', d.label ?? '');
          attr(
            this,
            n,
            'label',
            'display',
            d.kind !== 'record' && (d.place === 'wire' || d.place === 'gate') ? null : 'none',
          );
          style(
            this,
            n,
            'label',
            'fill',
            d.kind === 'cancel'
              ? CANCEL_MARKER_COLOR
              : d.priority
                ? PRIORITY_BARRIER_COLOR
                : BARRIER_COLOR,
          );
          attr(this, n, 'label', 'y', -d.h / 2 - 3);
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
        .data(data, reduced ? (_d, i) => String(i) : (d) => d.id)
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
            g.append('path')
              .attr('class', 'chevron')
              .attr('d', 'M3,-6 L9,0 L3,6 Z')
              .attr('fill', PRIORITY_BARRIER_COLOR);
            g.append('text').attr('class', 'label').attr('text-anchor', 'middle');
            return g;
          },
          (update) => update,
          (exit) =>
            reduced
              ? exit.each(hide)
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
        .call(draw)
        .call((s) => {
          if (reduced) {
            // No tween: set the end values at once, and only where they changed. A zero-length
            // transition still schedules a d3 timer per item and starts and stops it a frame later
            // (measured: d3-timer's start, stop and timerFlush were a visible share of each frame
            // while the scale run played fast).
            s.interrupt().each(function (d) {
              const n = nodeOf(this);
              attr(this, n, 'g', 'transform', transform(d.x, d.y, d.angle));
              attr(this, n, 'g', 'opacity', d.hidden ? 0 : 1);
              for (const [name, f] of shapeAttrs) attr(this, n, 'body', name, f(d));
            });
            return;
          }
          // Tweened: what was written last no longer says what the node shows.
          s.each(function () {
            const n = nodeOf(this);
            for (const key of TWEENED) n.written.delete(key);
          });
          s.transition()
            .duration(duration)
            .ease(easeCubicOut)
            .attr('transform', (d) => transform(d.x, d.y, d.angle))
            .attr('opacity', (d) => (d.hidden ? 0 : 1));
          const body = s
            .select<SVGRectElement>('rect.body')
            .transition()
            .duration(duration)
            .ease(easeCubicOut);
          for (const [name, f] of shapeAttrs) body.attr(name, f);
        });
    }
  }, [ref, items, color, t, reduced, titled]);
}
