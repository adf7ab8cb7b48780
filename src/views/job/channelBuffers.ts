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
import { arrivingRecords, HOP_LATENCY_MS, recordsPerBuffer, type EngineState } from '../../engine';

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

/** Origins persisted as channel state by `task`'s running unaligned snapshots, per checkpoint. */
function persistedOrigins(state: EngineState, task: string, side: 'input' | 'output', channel: string): { checkpointId: number; origins: Set<string> }[] {
  const running: Running[] = state.job.checkpointing[task]?.running ?? [];
  return running.flatMap((r) => {
    const list = r.channelState?.[side].find((c) => c.channel === channel);
    return list ? [{ checkpointId: r.checkpointId, origins: new Set(list.records.map((x) => x.origin)) }] : [];
  });
}

function persistedIn(sets: { checkpointId: number; origins: Set<string> }[], origin: string): number | null {
  return sets.find((s) => s.origins.has(origin))?.checkpointId ?? null;
}

/** Gives repeated origins on one channel (a record read again after a restore) distinct ids. */
function idMaker(prefix: string): (origin: string) => string {
  const seen = new Map<string, number>();
  return (origin) => {
    const n = seen.get(origin) ?? 0;
    seen.set(origin, n + 1);
    return n === 0 ? `${prefix}|${origin}` : `${prefix}|${origin}#${n}`;
  };
}

/** Every channel of the topology with its buffers, in topology order. */
export function channelViews(state: EngineState): ChannelView[] {
  const { job } = state;
  // Credit in records: channelCapacity buffers of recordsPerBuffer records (1 unless network buffers are on).
  const capacity = state.scenario.job.channelCapacity * recordsPerBuffer(state.scenario);
  const exactlyOnce = state.scenario.checkpointing.mode === 'exactly_once';
  type Sent = { seq: number; atMs: number; el: Omit<ChannelRecordView, 'id'> | Omit<ChannelBarrierView, 'id'> | Omit<ChannelCancelView, 'id'> };
  const wireByChannel = new Map<string, Sent[]>();
  const push = <T,>(m: Map<string, T[]>, k: string, v: T) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  for (const e of state.queue.heap) {
    const it = e.item;
    if (it.kind === 'record.arrive') {
      for (const r of arrivingRecords(it)) {
        const rec = { kind: 'record' as const, key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin, persistedIn: null, blocked: false };
        push(wireByChannel, `${it.from}->${it.task}`, { seq: e.seq, atMs: e.atMs, el: rec });
      }
    } else if (it.kind === 'cancelMarker.arrive') {
      push(wireByChannel, `${it.from}->${it.task}`, { seq: e.seq, atMs: e.atMs, el: { kind: 'cancel', checkpointId: it.checkpointId } });
    } else if (it.kind === 'barrier.arrive') {
      push(wireByChannel, `${it.from}->${it.task}`, { seq: e.seq, atMs: e.atMs, el: { kind: 'barrier', checkpointId: it.checkpointId, isSavepoint: it.isSavepoint, priority: !!it.priority, gate: false } });
    }
  }

  const out: ChannelView[] = [];
  for (const [from, tos] of Object.entries(job.topology.outputs)) {
    for (const to of tos) {
      const key = `${from}->${to}`;
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
      const barrierSeq = (id: number) => sent.find((x) => x.el.kind === 'barrier' && x.el.checkpointId === id)?.seq ?? Infinity;
      const wire: WireElement[] = sent.map(({ seq, atMs, el }): WireElement => {
        const progress = Math.max(0, Math.min(1, 1 - (atMs - state.nowMs) / HOP_LATENCY_MS));
        if (el.kind === 'barrier') return { ...el, id: barrierId(el.checkpointId), progress, recordingFor: null };
        if (el.kind === 'cancel') return { ...el, id: cancelId(el.checkpointId), progress, recordingFor: null };
        // Sent before the barrier of a checkpoint the receiver took unaligned: it will be channel state.
        const rec = waiting.find((r) => seq < barrierSeq(r.checkpointId));
        return { ...el, id: recId(el.origin), progress, recordingFor: rec?.checkpointId ?? null };
      });

      const aligning = exactlyOnce && cp?.aligning?.arrived.includes(from) ? cp.aligning : null;
      const inQueue: QueuedElement[] = [];
      if (aligning) inQueue.push({ kind: 'barrier', id: barrierId(aligning.checkpointId), checkpointId: aligning.checkpointId, isSavepoint: aligning.isSavepoint, priority: false, gate: true });
      for (const e of job.flow[to]?.queue ?? []) {
        if (e.from !== from) continue;
        inQueue.push(
          e.kind === 'barrier'
            ? { kind: 'barrier', id: barrierId(e.checkpointId), checkpointId: e.checkpointId, isSavepoint: e.isSavepoint, priority: false, gate: false }
            : e.kind === 'cancel'
              ? { kind: 'cancel', id: cancelId(e.checkpointId), checkpointId: e.checkpointId }
              : { kind: 'record', id: recId(e.origin), key: e.key, keyGroup: e.keyGroup, value: e.value, origin: e.origin, persistedIn: persistedIn(inPersisted, e.origin), blocked: false },
        );
      }

      const inTransit = ch?.inTransit ?? 0;
      const queuedRecords = (job.flow[to]?.queue ?? []).filter((e) => e.from === from && e.kind === 'record').length;
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
  }
  return out;
}
