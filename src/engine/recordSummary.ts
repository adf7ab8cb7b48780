/**
 * Summary recording (`detail: 'summary'`): a run too big to keep one event per record hop keeps,
 * per step, one `records.summarized` event per (per-record event type, task) in place of the
 * records' own events. Everything else a step emits (barriers, snapshots, uploads, the registry,
 * restores …) is kept exactly, in order. Events are output only: the engine state is the same in
 * both modes (test/summaryMode.test.ts checks it), so only what the event list can show differs.
 */
import { FLINK_REFS, type EngineEvent, type EventOf } from './events';

/** The events emitted once per record per hop (recordFlow.ts, channels.ts, sinkWriter.ts). */
export const PER_RECORD_TYPES = ['source.emitted', 'state.updated', 'sink.received', 'record.held'] as const;
export type PerRecordType = (typeof PER_RECORD_TYPES)[number];

/** How much a recording keeps: every record's events, or a summary of them per step. */
export type RecordingDetail = 'records' | 'summary';

const PER_RECORD: ReadonlySet<string> = new Set(PER_RECORD_TYPES);

export function isPerRecord(e: EngineEvent): e is EventOf<PerRecordType> {
  return PER_RECORD.has(e.type);
}

type Key = string | number;

/** A run of consecutive offsets a source read from one partition (one of its two offset sequences). */
export interface OffsetRun {
  partition: number;
  fromLog: boolean;
  first: number;
  last: number;
}

export interface RecordsSummaryPayload {
  /** The per-record event type summarized. */
  of: PerRecordType;
  /** How many such events the step emitted for this task. */
  count: number;
  firstKey: Key;
  lastKey: Key;
  /** Lowest and highest key group of the records (-1 for sink.received: it has none). */
  minKeyGroup: number;
  maxKeyGroup: number;
  /** The other end: the first receiver (source.emitted, record.held) or sender (sink.received) … */
  peer: string;
  /** … and how many distinct ones there were. */
  peers: number;
  /**
   * source.emitted: the offsets read, as runs of consecutive offsets in reading order, flat
   * (partition, 1 if from the script log else 0, first, last) per run, so replays count exactly;
   * empty for the other types. Flat numbers: a summarized run keeps hundreds of thousands of these.
   */
  offsets: number[];
  /** state.updated: the state written ('' for the other types; the first one if several). */
  state: string;
  /** Sum of the records' values (their inputs for state.updated). */
  valueSum: number;
}

/** The offset runs of a source summary, unpacked. */
export function offsetRuns(offsets: readonly number[]): OffsetRun[] {
  const out: OffsetRun[] = [];
  for (let i = 0; i + 3 < offsets.length; i += 4) out.push({ partition: offsets[i]!, fromLog: offsets[i + 1] === 1, first: offsets[i + 2]!, last: offsets[i + 3]! });
  return out;
}

interface Acc {
  /** The summary event, filled in place (its fields are the payload). */
  p: EventOf<'records.summarized'>;
  peers: Set<string>;
}

function peerOf(e: EventOf<PerRecordType>): string {
  switch (e.type) {
    case 'source.emitted':
    case 'record.held':
      return e.to;
    case 'sink.received':
      return e.from;
    default:
      return '';
  }
}

function start(e: EventOf<PerRecordType>): Acc {
  const kg = 'keyGroup' in e ? e.keyGroup : -1;
  // One literal, always the same fields in the same order: a summarized run holds many of these.
  const p: EventOf<'records.summarized'> = {
    type: 'records.summarized',
    step: e.step,
    atMs: e.atMs,
    task: e.task,
    flinkRef: FLINK_REFS[e.type],
    of: e.type,
    count: 0,
    firstKey: e.key,
    lastKey: e.key,
    minKeyGroup: kg,
    maxKeyGroup: kg,
    peer: peerOf(e),
    peers: 0,
    offsets: [],
    state: e.type === 'state.updated' ? e.state : '',
    valueSum: 0,
  };
  return { p, peers: new Set() };
}

function add(a: Acc, e: EventOf<PerRecordType>): void {
  const p = a.p;
  p.count += 1;
  p.lastKey = e.key;
  if ('keyGroup' in e) {
    if (e.keyGroup < p.minKeyGroup) p.minKeyGroup = e.keyGroup;
    if (e.keyGroup > p.maxKeyGroup) p.maxKeyGroup = e.keyGroup;
  }
  const peer = peerOf(e);
  if (peer) a.peers.add(peer);
  if (e.type === 'state.updated') p.valueSum += e.input;
  else p.valueSum += e.value;
  if (e.type === 'source.emitted') {
    const o = p.offsets;
    const n = o.length;
    const log = e.fromLog ? 1 : 0;
    if (n > 0 && o[n - 4] === e.partition && o[n - 3] === log && o[n - 1]! + 1 === e.offset) o[n - 1] = e.offset;
    else o.push(e.partition, log, e.offset, e.offset);
  }
}

/**
 * A step's events with its per-record events summarized: each (type, task) becomes one
 * `records.summarized` event where its first record event was. A step without any keeps its events.
 */
export function summarizeEvents(events: EngineEvent[]): EngineEvent[] {
  let any = false;
  for (const e of events) {
    if (PER_RECORD.has(e.type)) {
      any = true;
      break;
    }
  }
  // Trimmed (slice): arrays grown by push keep spare capacity, and a summarized run keeps many.
  if (!any) return events.slice();
  const out: EngineEvent[] = [];
  const accs = new Map<string, Acc>();
  for (const e of events) {
    if (!isPerRecord(e)) {
      out.push(e);
      continue;
    }
    const id = `${e.type}|${e.task ?? ''}`;
    let a = accs.get(id);
    if (!a) {
      a = start(e);
      accs.set(id, a);
      out.push(a.p);
    }
    add(a, e);
  }
  for (const a of accs.values()) {
    a.p.peers = a.peers.size;
    a.p.offsets = a.p.offsets.slice();
  }
  return out.slice();
}

/** Records a step's events stand for: a record event counts one, a summary its count (filtered by type). */
export function recordCount(events: readonly EngineEvent[], type: PerRecordType): number {
  let n = 0;
  for (const e of events) {
    if (e.type === type) n += 1;
    else if (e.type === 'records.summarized' && e.of === type) n += e.count;
  }
  return n;
}
