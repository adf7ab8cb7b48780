/**
 * Where each record and barrier of the job graph is drawn: cells in the lanes beside the
 * subtasks, dots and bars on the wire, and the barrier that blocks a channel at the receiver's
 * edge. Also where an item comes from when it appears and goes to when it is consumed, so the
 * view can animate it. Pure geometry over the layout and the channel views.
 */
import type { ChannelView, QueuedElement, WireElement } from './channelBuffers';
import type { Cut } from './checkpointCut';
import { cellX, type JobLayout, type Lane } from './jobLayout';

export type ItemPlace = 'out' | 'wire' | 'in' | 'gate';

export interface DrawnItem {
  id: string;
  channel: string;
  kind: 'record' | 'barrier' | 'cancel';
  place: ItemPlace;
  x: number;
  y: number;
  /** Degrees; a barrier on the wire stands across it. */
  angle: number;
  w: number;
  h: number;
  /** Folded into the lane's "+n" (more than the lane shows). */
  hidden: boolean;
  keyGroup: number | null;
  recordKey: string | number | null;
  recordValue: number | null;
  label: string | null;
  checkpointId: number | null;
  priority: boolean;
  isSavepoint: boolean;
  persistedIn: number | null;
  recordingFor: number | null;
  blocked: boolean;
  enter: [number, number];
  exit: [number, number];
}

export interface LaneOverflow {
  channel: string;
  side: 'out' | 'in';
  count: number;
  x: number;
  y: number;
  anchor: 'start' | 'end';
}

const DOT = 11;

function base(ch: ChannelView, e: QueuedElement | WireElement, place: ItemPlace, enter: [number, number], exit: [number, number]): Omit<DrawnItem, 'x' | 'y' | 'angle' | 'w' | 'h' | 'hidden'> {
  const isRec = e.kind === 'record';
  return {
    id: e.id,
    channel: ch.key,
    kind: e.kind,
    place,
    keyGroup: isRec ? e.keyGroup : null,
    recordKey: isRec ? e.key : null,
    recordValue: isRec ? e.value : null,
    label: isRec ? null : e.kind === 'cancel' ? `✕${e.checkpointId}` : String(e.checkpointId),
    checkpointId: isRec ? null : e.checkpointId,
    priority: e.kind === 'barrier' && e.priority,
    isSavepoint: e.kind === 'barrier' && e.isSavepoint,
    persistedIn: isRec ? e.persistedIn : null,
    recordingFor: 'recordingFor' in e ? e.recordingFor : null,
    blocked: isRec && e.blocked,
    enter,
    exit,
  };
}

/** Lays out one lane's elements; more than the lane holds fold into the last slot's "+n". */
function laneItems(ch: ChannelView, lane: Lane, list: QueuedElement[], place: 'out' | 'in', cells: number, enter: [number, number], exit: [number, number], overflow: LaneOverflow[], wireEnd: [number, number]): DrawnItem[] {
  const shown = list.length > cells ? cells - 1 : list.length;
  if (list.length > shown) {
    overflow.push({ channel: ch.key, side: place, count: list.length - shown, x: place === 'in' ? wireEnd[0] - 2 : wireEnd[0] + 2, y: lane.y, anchor: place === 'in' ? 'end' : 'start' });
  }
  return list.map((e, i) => {
    const slot = Math.min(i, Math.max(0, shown - 1));
    const bar = e.kind !== 'record';
    return { ...base(ch, e, place, enter, exit), x: cellX(lane, slot), y: lane.y, angle: 0, w: bar ? 4 : lane.cellW, h: bar ? lane.cellH + 8 : lane.cellH, hidden: i >= shown };
  });
}

export function placeItems(layout: JobLayout, channels: ChannelView[]): { items: DrawnItem[]; overflow: LaneOverflow[] } {
  const items: DrawnItem[] = [];
  const overflow: LaneOverflow[] = [];
  for (const ch of channels) {
    const outLane = layout.outLanes.get(ch.key);
    const inLane = layout.inLanes.get(ch.key);
    const wire = layout.wires.get(ch.key);
    if (!outLane || !inLane || !wire) continue; // a channel of another topology (restarted at another parallelism)
    const start: [number, number] = [outLane.boxX, outLane.y];
    const consumed: [number, number] = [inLane.boxX, inLane.y];
    items.push(...laneItems(ch, outLane, ch.outQueue, 'out', layout.laneCells, start, consumed, overflow, wire.a));
    const [a, b] = [wire.a, wire.b];
    const angle = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    for (const e of ch.wire) {
      const x = a[0] + (b[0] - a[0]) * e.progress;
      const y = a[1] + (b[1] - a[1]) * e.progress;
      const bar = e.kind !== 'record';
      items.push({ ...base(ch, e, 'wire', start, consumed), x, y, angle: bar ? angle : 0, w: bar ? 6 : DOT, h: bar ? 24 : DOT, hidden: false });
    }
    const gate = ch.inQueue[0]?.kind === 'barrier' && ch.inQueue[0].gate ? ch.inQueue[0] : null;
    if (gate) items.push({ ...base(ch, gate, 'gate', start, consumed), x: inLane.boxX - 1, y: inLane.y, angle: 0, w: 5, h: inLane.cellH + 10, hidden: false });
    const queued = gate ? ch.inQueue.slice(1) : ch.inQueue;
    items.push(...laneItems(ch, inLane, queued, 'in', layout.laneCells, wire.b, consumed, overflow, wire.b));
  }
  return { items, overflow };
}

/**
 * Most items drawn per frame while a run plays fast (selectFastPlayback). A frame's style, layout
 * and paint grow with the layer's elements (five per item); with the scale run at 50× a frame held
 * up to 1,875 items, and the frames over 50 ms were those (docs/long-tasks.md, "Session 11").
 */
export const FAST_ITEMS_MAX = 400;

/**
 * After playing fast stops, the graph draws FAST_ITEMS_MAX more items a frame until it draws them
 * all (Infinity): the items left out were hundreds to a thousand (the scale run), and creating all
 * their elements at once made the pause's frame a long task.
 */
export function grownItemsCap(cap: number, total: number): number {
  const next = cap + FAST_ITEMS_MAX;
  return next >= total ? Infinity : next;
}

/**
 * The cut as a polyline from the top of the graph to the bottom, through its points ordered top
 * to bottom (then left to right). Null when it has no point on this layout.
 */
export function cutPolyline(layout: JobLayout, cut: Cut, items: DrawnItem[]): [number, number][] | null {
  // Only the barriers the cut passes through are looked up: a map of every item (thousands as a
  // far seek lands in the scale run) was a visible share of the landing task.
  const wanted = new Set<string>();
  for (const p of cut.points) if (p.kind === 'barrier') wanted.add(p.itemId);
  const byId = new Map<string, DrawnItem>();
  if (wanted.size > 0) for (const i of items) if (wanted.has(i.id)) byId.set(i.id, i);
  const pts: [number, number][] = [];
  for (const p of cut.points) {
    if (p.kind === 'barrier') {
      const it = byId.get(p.itemId);
      if (it) pts.push([it.x, it.y]);
      continue;
    }
    const box = layout.nodes.get(p.task);
    if (!box) continue;
    pts.push([p.side === 'before' ? box.x - 10 : box.x + box.w + 10, box.y + box.h / 2]);
  }
  if (pts.length === 0) return null;
  pts.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  const first = pts[0]!;
  const last = pts[pts.length - 1]!;
  return [[first[0], 32], ...pts, [last[0], layout.height - 2]];
}
