/**
 * What each network channel holds at one recorded step, for the job graph: the sender's output
 * queue (buffers waiting for credit, or behind an aligned barrier that blocked the subpartition
 * until the receiver resumes consumption; barriers and cancellation markers among them), the
 * records, barriers and CancelCheckpointMarkers on the wire, and the receiver's input queue with
 * the credit it has granted. Pure: engine state in, plain lists out; the view turns them into
 * cells and dots.
 *
 * Records are identified by channel and origin (the input position a record was read from), so
 * a record keeps its identity from the output queue over the wire into the input queue and the
 * view can animate it along the way.
 */
import { HOP_LATENCY_MS, recordsPerBuffer, type EngineState } from '../../engine';

/** A record in a queue or on the wire. */
export interface ChannelRecordView {
  kind: 'record';
  /** Stable while the record travels this channel. */
  id: string;
  key: string | number;
  keyGroup: number;
  value: number;
  origin: string;
  /** The unaligned checkpoint whose channel state holds this record (persisted in-flight data). */
  persistedIn: number | null;
  /** Waits at the sender behind an aligned barrier that blocked the channel. */
  blocked: boolean;
}

/** A `CancelCheckpointMarker`: tells the receiver not to wait for barrier `checkpointId` on this channel. */
export interface ChannelCancelView {
  kind: 'cancel';
  id: string;
  checkpointId: number;
}

export interface ChannelBarrierView {
  kind: 'barrier';
  id: string;
  checkpointId: number;
  isSavepoint: boolean;
  /** Sent as a priority event (unaligned): it overtook the buffers waiting in the output queue. */
  priority: boolean;
  /** Already taken in by the receiver and blocking the channel until alignment completes. */
  gate: boolean;
}

export type QueuedElement = ChannelRecordView | ChannelBarrierView | ChannelCancelView;

export type WireElement = (ChannelRecordView | ChannelBarrierView | ChannelCancelView) & {
  /** 0 = just sent, 1 = arriving. */
  progress: number;
  /** Records only: an unaligned checkpoint waiting for this channel's barrier will persist it on arrival. */
  recordingFor: number | null;
};

export interface ChannelView {
  key: string;
  from: string;
  to: string;
  /** The receiver's credit for this channel (`job.channelCapacity`). */
  capacity: number;
  /** Credit in use: records on the wire or queued at the receiver. */
  creditUsed: number;
  inTransit: number;
  /** Sender side, head (next to send) first. */
  outQueue: QueuedElement[];
  /** Output queue full: the sender must stop (back-pressure). */
  outFull: boolean;
  wire: WireElement[];
  /** Receiver side, head (next to process) first; a blocking barrier comes first. */
  inQueue: QueuedElement[];
  /** The checkpoint whose aligned barrier blocked this channel at the sender (until the receiver resumes it), or null. */
  blockedBy: number | null;
  /** The checkpoint the receiver is aligning with this channel's barrier already taken in, or null. */
  aligningBy: number | null;
}

type Running = EngineState['job']['checkpointing'][string]['running'][number];
type Persisted = { checkpointId: number; origins: Set<string> }[];
const NONE: Persisted = [];

/** Origins persisted as channel state by `task`'s running unaligned snapshots, per checkpoint. */
function persistedOrigins(state: EngineState, task: string, side: 'input' | 'output', channel: string): Persisted {
  const running: Running[] | undefined = state.job.checkpointing[task]?.running;
  if (!running || running.length === 0) return NONE;
  return running.flatMap((r) => {
    const list = r.channelState?.[side].find((c) => c.channel === channel);
    return list ? [{ checkpointId: r.checkpointId, origins: new Set(list.records.map((x) => x.origin)) }] : [];
  });
}

function persistedIn(sets: Persisted, origin: string): number | null {
  return sets.find((s) => s.origins.has(origin))?.checkpointId ?? null;
}

/**
 * Gives repeated origins on one channel (a record read again after a restore) distinct ids. Every
 * record of the channel is counted, also those thinned out (`keep` false: no id string is made), so
 * a record has the same id whether or not the frame is thinned.
 */
function idMaker(prefix: string): (origin: string, keep?: boolean) => string {
  let seen: Map<string, number> | null = null;
  return (origin, keep = true) => {
    seen ??= new Map();
    const n = seen.get(origin) ?? 0;
    seen.set(origin, n + 1);
    if (!keep) return '';
    return n === 0 ? `${prefix}|${origin}` : `${prefix}|${origin}#${n}`;
  };
}

type QueueItem = EngineState['queue']['heap'][number];
/** A record of a network buffer on the wire (the engine's ChannelRecord). */
type ChannelRecord = Pick<ChannelRecordView, 'key' | 'keyGroup' | 'value' | 'origin'>;

/** Adds `value` to the list under `key`, in order. */
function append<T>(lists: Map<string, T[]>, key: string, value: T): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}
type FlowElement = EngineState['job']['flow'][string]['queue'][number];

/** Each input queue's elements by the channel they came over (`from`), in queue order. */
function inputsByChannel(state: EngineState): Map<string, FlowElement[]> {
  const out = new Map<string, FlowElement[]>();
  for (const [to, flow] of Object.entries(state.job.flow)) {
    for (const e of flow.queue) append(out, `${e.from}->${to}`, e);
  }
  return out;
}

export interface ChannelViewsOptions {
  /** Only these channels get a view: the job graph's drawn wires (a grouped column's hidden subtasks have none). */
  drawn?: { has(key: string): boolean };
  /**
   * At most this many items in all, counted as `placeItems` draws them (one per queued element,
   * wire element and blocking barrier): the records on the wires are thinned to an even share of
   * each wire's records, by their order on it, so every wire keeps its density relative to the
   * others. Barriers, cancel markers and queue cells are all kept. A thinned record gets no view:
   * the scale run at 50× has thousands on its wires each frame, and making a view of each before
   * dropping most was a large share of what the page allocated while playing.
   */
  maxItems?: number;
}

export interface ChannelViews {
  channels: ChannelView[];
  /** Items the channels would draw unthinned. */
  total: number;
  /** Records on the wires left out by `maxItems`. */
  omitted: number;
}

/** Every channel of the topology with its buffers, in topology order, none thinned. */
export function channelViews(state: EngineState): ChannelView[] {
  return channelViewsFor(state, {}).channels;
}

/** The barrier blocking `from`'s channel at the receiver `cp` (exactly-once alignment), or null. */
function alignedGate(exactlyOnce: boolean, cp: EngineState['job']['checkpointing'][string] | undefined, from: string) {
  return exactlyOnce && cp?.aligning?.arrived.includes(from) ? cp.aligning : null;
}

/**
 * Items unthinned and records on the wires of `keys`: counted first, so the records kept can be
 * chosen as their views are made.
 */
function countItems(state: EngineState, keys: [string, string, string][], wireByChannel: Map<string, QueueItem[]>, inputs: Map<string, FlowElement[]>, exactlyOnce: boolean): { total: number; onWire: number } {
  let total = 0;
  let onWire = 0;
  for (const [key, from, to] of keys) {
    total += (state.job.channels[key]?.outQueue.length ?? 0) + (inputs.get(key)?.length ?? 0);
    if (alignedGate(exactlyOnce, state.job.checkpointing[to], from)) total++;
    for (const { item } of wireByChannel.get(key) ?? []) {
      const n = item.kind === 'record.arrive' ? 1 + (item.more?.length ?? 0) : 1;
      total += n;
      if (item.kind === 'record.arrive') onWire += n;
    }
  }
  return { total, onWire };
}

/**
 * The channels `options.drawn` of the topology with their buffers, in topology order, the records
 * on their wires thinned to `options.maxItems` items. Called for every step the job graph draws:
 * in the scale run (parallelism 16, 272 channels) it walks the event queue and the input queues
 * once each rather than once per channel.
 */
export function channelViewsFor(state: EngineState, options: ChannelViewsOptions): ChannelViews {
  const { job } = state;
  const { drawn, maxItems = Infinity } = options;
  // Credit in records: channelCapacity buffers of recordsPerBuffer records (1 unless network buffers are on).
  const capacity = state.scenario.job.channelCapacity * recordsPerBuffer(state.scenario);
  const exactlyOnce = state.scenario.checkpointing.mode === 'exactly_once';
  const keys: [string, string, string][] = [];
  for (const [from, tos] of Object.entries(job.topology.outputs)) {
    for (const to of tos) {
      const key = `${from}->${to}`;
      if (!drawn || drawn.has(key)) keys.push([key, from, to]);
    }
  }
  // What is on each wire: the queued arrivals (records, barriers, cancel markers) of that channel.
  const wireByChannel = new Map<string, QueueItem[]>();
  for (const e of state.queue.heap) {
    const kind = e.item.kind;
    if (kind !== 'record.arrive' && kind !== 'cancelMarker.arrive' && kind !== 'barrier.arrive') continue;
    const key = `${e.item.from}->${e.item.task}`;
    if (!drawn || drawn.has(key)) append(wireByChannel, key, e);
  }
  const inputs = inputsByChannel(state);

  // Keep record k of the wire records when it crosses the next multiple of onWire/room.
  const { total, onWire } = countItems(state, keys, wireByChannel, inputs, exactlyOnce);
  const room = Math.max(0, maxItems - (total - onWire));
  let seen = 0;
  let taken = 0;
  const keepRecord = (): boolean => {
    if (onWire <= room) return true;
    if (Math.floor(((seen++ + 1) * room) / onWire) <= taken) return false;
    taken++;
    return true;
  };

  const out: ChannelView[] = [];
  for (const [key, from, to] of keys) {
    const ch = job.channels[key];
    const recId = idMaker(key);
    const barrierId = (id: number) => `${key}|b${id}`;
    const cancelId = (id: number) => `${key}|c${id}`;
    const outPersisted = persistedOrigins(state, from, 'output', to);
    const inPersisted = persistedOrigins(state, to, 'input', from);
    const senderBlocked = exactlyOnce ? (ch?.blockedBy ?? null) : null;

    const outQueue: QueuedElement[] = (ch?.outQueue ?? []).map((e): QueuedElement =>
      e.kind === 'barrier'
        ? { kind: 'barrier', id: barrierId(e.checkpointId), checkpointId: e.checkpointId, isSavepoint: e.isSavepoint, priority: !!e.priority, gate: false }
        : e.kind === 'cancel'
          ? { kind: 'cancel', id: cancelId(e.checkpointId), checkpointId: e.checkpointId }
          : { kind: 'record', id: recId(e.origin), key: e.key, keyGroup: e.keyGroup, value: e.value, origin: e.origin, persistedIn: persistedIn(outPersisted, e.origin), blocked: senderBlocked !== null },
    );

    // Wire, oldest send first (the queue sequence is the send order on a channel).
    const sent = (wireByChannel.get(key) ?? []).sort((a, b) => a.seq - b.seq);
    const cp = job.checkpointing[to];
    const waiting = (cp?.running ?? []).filter((r) => r.channelState?.waitingFor.includes(from));
    const barrierSeq = (id: number) => sent.find((x) => x.item.kind === 'barrier.arrive' && x.item.checkpointId === id)?.seq ?? Infinity;
    const wire: WireElement[] = [];
    for (const { seq, atMs, item } of sent) {
      const progress = Math.max(0, Math.min(1, 1 - (atMs - state.nowMs) / HOP_LATENCY_MS));
      if (item.kind === 'barrier.arrive') {
        wire.push({ kind: 'barrier', checkpointId: item.checkpointId, isSavepoint: item.isSavepoint, priority: !!item.priority, gate: false, id: barrierId(item.checkpointId), progress, recordingFor: null });
      } else if (item.kind === 'cancelMarker.arrive') {
        wire.push({ kind: 'cancel', checkpointId: item.checkpointId, id: cancelId(item.checkpointId), progress, recordingFor: null });
      } else if (item.kind === 'record.arrive') {
        // Sent before the barrier of a checkpoint the receiver took unaligned: it will be channel state.
        const recordingFor = waiting.length === 0 ? null : (waiting.find((r) => seq < barrierSeq(r.checkpointId))?.checkpointId ?? null);
        const add = (r: ChannelRecord) => {
          const keep = keepRecord();
          const id = recId(r.origin, keep);
          if (keep) wire.push({ kind: 'record', key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin, persistedIn: null, blocked: false, id, progress, recordingFor });
        };
        // The buffer's records in the engine's order (arrivingRecords), without copying them into a list.
        add(item);
        for (const r of item.more ?? []) add(r);
      }
    }

    const aligning = alignedGate(exactlyOnce, cp, from);
    const inQueue: QueuedElement[] = [];
    if (aligning) inQueue.push({ kind: 'barrier', id: barrierId(aligning.checkpointId), checkpointId: aligning.checkpointId, isSavepoint: aligning.isSavepoint, priority: false, gate: true });
    let queuedRecords = 0;
    for (const e of inputs.get(key) ?? []) {
      if (e.kind === 'record') queuedRecords++;
      inQueue.push(
        e.kind === 'barrier'
          ? { kind: 'barrier', id: barrierId(e.checkpointId), checkpointId: e.checkpointId, isSavepoint: e.isSavepoint, priority: false, gate: false }
          : e.kind === 'cancel'
            ? { kind: 'cancel', id: cancelId(e.checkpointId), checkpointId: e.checkpointId }
            : { kind: 'record', id: recId(e.origin), key: e.key, keyGroup: e.keyGroup, value: e.value, origin: e.origin, persistedIn: persistedIn(inPersisted, e.origin), blocked: false },
      );
    }

    const inTransit = ch?.inTransit ?? 0;
    out.push({
      key,
      from,
      to,
      capacity,
      creditUsed: inTransit + queuedRecords,
      inTransit,
      outQueue,
      outFull: (ch?.outQueue.length ?? 0) >= capacity,
      wire,
      inQueue,
      blockedBy: senderBlocked,
      aligningBy: aligning?.checkpointId ?? null,
    });
  }
  return { channels: out, total, omitted: onWire <= room ? 0 : onWire - taken };
}
