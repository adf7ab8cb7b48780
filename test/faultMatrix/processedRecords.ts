/**
 * Watches which input records (by origin, `p<i>:l<offset>`) each keyed subtask has applied to its
 * state, so a restore can be compared with exactly what the operators held when they took the
 * restored checkpoint's snapshot, and each snapshot with where the sources' barriers stood.
 *
 * - Which record a task processed: only from events, never from the engine's queues. Channels are
 *   FIFO, so each channel's records are processed in the order they were sent; `state.updated`
 *   names the key and the input value, and the value names the channel (cases.ts:
 *   `sourceOfValue`); the record is that channel's oldest unprocessed one with that key and value
 *   (a younger one is noted in `reorders`). Records a keyed task processed travel on to its sink
 *   the same way (`sink.received` names its channel). A failover empties every channel.
 * - A keyed task's "content" is the multiset of records its state is the sum of: what it was
 *   restored with plus what it processed since.
 * - Barrier offsets: when a source injects barrier n, its partitions' offsets are checkpoint n's.
 * - Overtakers of n at task T: records T processed from a channel whose barrier n had already
 *   arrived while T still waited for barrier n on another channel (possible only at-least-once).
 * - In-flight records of n at T (unaligned only): read before the barriers, routed to T, not yet
 *   processed when T snapshotted; they belong to the checkpoint as channel state and are
 *   processed again first thing after a restore from n.
 */
import type { EngineEvent } from '../../src/engine/events';
import type { Simulation } from '../../src/engine/simulation';
import { sourceOfValue, type CheckpointMode } from './cases';

export type Multiset = Map<string, number>;

export interface RecordInfo {
  key: string | number;
  value: number;
  keyGroup: number;
  /** `p<i>:g` or `p<i>:l`: the input stream (partition and generator/log). */
  stream: string;
  offset: number;
  /** The keyed subtask keyBy routed it to. */
  to: string;
}

export interface Snapshot {
  /** Records the task's state held at its synchronous snapshot. */
  content: Multiset;
  /** Unaligned: records before the barriers that had not reached the task's state (channel state). */
  inFlight: string[];
}

interface Attempt {
  /** Records each keyed task processed in this attempt (since the last (re)start). */
  processed: Map<string, Multiset>;
  /** Records the sources read in this attempt, by origin. */
  emitted: Set<string>;
  /** Per channel (`from->to`): the records sent on it in this attempt and not processed yet, oldest first. */
  channels: Map<string, string[]>;
  /** Per keyed task: restored in-flight records (unaligned channel state) not processed again yet. */
  restoredInFlight: Map<string, string[]>;
}

interface PendingCapture {
  task: string;
  id: number;
  step: number;
  processed: Multiset;
  overtook: Set<string>;
  notReplayed: string[];
}

function newAttempt(): Attempt {
  return { processed: new Map(), emitted: new Set(), channels: new Map(), restoredInFlight: new Map() };
}

export class ProcessedRecords {
  readonly records = new Map<string, RecordInfo>();
  /** Per checkpoint id: each source stream's offset when the barrier was injected. */
  readonly barrierOffsets = new Map<number, Map<string, number>>();
  /** Per checkpoint id and keyed task: what its synchronous snapshot held. */
  readonly snapshots = new Map<number, Map<string, Snapshot>>();
  /** Problems found (a record before the barrier missing from a snapshot, processed twice, …). */
  readonly problems: string[] = [];
  /** Records processed ahead of older records of their channel (channels should be FIFO). */
  readonly reorders: string[] = [];
  /** Counters for the report. */
  readonly stats = { processed: 0, overtakers: 0, snapshots: 0, inFlight: 0, replayed: 0 };

  private content = new Map<string, Multiset>();
  private attempt: Attempt = newAttempt();
  private alignment = new Map<string, { checkpointId: number; arrived: Set<string> }>();
  private overtakers = new Map<string, Map<number, Set<string>>>();
  /** Per checkpoint id: the sources that injected its barrier (in the running attempt). */
  private injectedBy = new Map<number, Set<string>>();
  /** Snapshots taken before every source injected their barrier: judged once all have. */
  private pendingCaptures: PendingCapture[] = [];

  constructor(private readonly mode: CheckpointMode) {}

  /** The multiset of records behind every keyed task's state (union over tasks). */
  currentContent(): Multiset {
    const out: Multiset = new Map();
    for (const m of this.content.values()) addAll(out, m);
    return out;
  }

  /** Restored in-flight records not processed again yet (empty once a restore's replay is done). */
  pendingReplay(): string[] {
    return [...this.attempt.restoredInFlight.values()].flat();
  }

  /** Feeds one step's events (or an applied action's). */
  onStep(sim: Simulation, events: readonly EngineEvent[]): void {
    for (const e of events) {
      switch (e.type) {
        case 'source.emitted': {
          const stream = `p${e.partition}:${e.fromLog ? 'l' : 'g'}`;
          const origin = `${stream}${e.offset}`;
          this.records.set(origin, { key: e.key, value: e.value, keyGroup: e.keyGroup, stream, offset: e.offset, to: e.to });
          this.attempt.emitted.add(origin);
          this.send(`${e.task}->${e.to}`, origin);
          break;
        }
        case 'barrier.injected': {
          const offsets = this.barrierOffsets.get(e.checkpointId) ?? new Map<string, number>();
          for (const p of sim.state.job.sources[e.task!]?.partitions ?? []) {
            offsets.set(`p${p.partition}:g`, p.offset);
            offsets.set(`p${p.partition}:l`, p.logOffset);
          }
          this.barrierOffsets.set(e.checkpointId, offsets);
          getOrCreate(this.injectedBy, e.checkpointId, () => new Set<string>()).add(e.task!);
          this.judgeCaptures(sim);
          break;
        }
        case 'barrier.received': {
          const a = this.alignment.get(e.task!);
          if (!a || a.checkpointId !== e.checkpointId) this.alignment.set(e.task!, { checkpointId: e.checkpointId, arrived: new Set([e.from]) });
          else a.arrived.add(e.from);
          break;
        }
        case 'barrier.aligned':
          this.alignment.delete(e.task!);
          break;
        case 'state.updated':
          this.onStateUpdated(sim, e.step, e.task!, e.key, e.input);
          break;
        case 'sink.received':
          // Restored channel state (unaligned) comes on a pseudo-channel: the verdict judges what the sinks make of it.
          if (!e.from.startsWith('restored:')) this.receive(sim, e.step, e.from, e.task!, e.key, e.value);
          break;
        case 'checkpoint.syncSnapshot':
          // Savepoints too: under Flink ≤1.14 a savepoint joins the completed store and a failover may restore it.
          if (sim.state.job.keyed[e.task!]) this.captureSnapshot(sim, e.task!, e.checkpointId, e.step);
          // The snapshot ends the window in which records count as overtaking its barrier.
          this.alignment.delete(e.task!);
          break;
        case 'restore.started':
          this.alignment.clear();
          this.attempt.channels.clear();
          break;
        case 'job.failed':
          // Every task is cancelled: whatever was in flight is gone.
          this.alignment.clear();
          this.attempt.channels.clear();
          // Without a completed checkpoint the job restarts from scratch at once: empty state, sources at 0.
          if (e.restartFrom === null) this.startAttempt(new Map(), new Map());
          break;
        case 'job.running':
          this.onRestored(sim, e.restoredFrom);
          break;
        default:
          break;
      }
    }
  }

  private onStateUpdated(sim: Simulation, step: number, task: string, key: string | number, value: number): void {
    const from = sourceOfValue(value);
    // Restored in-flight records are processed before any new input.
    const replay = this.attempt.restoredInFlight.get(task);
    const i = replay?.findIndex((o) => this.records.get(o)!.key === key && this.records.get(o)!.value === value) ?? -1;
    const origin = replay && i >= 0 ? replay.splice(i, 1)[0]! : this.receive(sim, step, from, task, key, value);
    if (origin === null) return;
    if (replay && i >= 0) this.stats.replayed += 1;
    inc(getOrCreate(this.content, task), origin);
    inc(getOrCreate(this.attempt.processed, task), origin);
    this.stats.processed += 1;
    for (const to of sim.state.job.topology.outputs[task] ?? []) this.send(`${task}->${to}`, origin);
    const a = this.alignment.get(task);
    if (a?.arrived.has(from)) {
      const byCp = getOrCreate(this.overtakers, task, () => new Map<number, Set<string>>());
      getOrCreate(byCp, a.checkpointId, () => new Set<string>()).add(origin);
      this.stats.overtakers += 1;
    }
  }

  /** The job runs again from checkpoint `id`: each keyed task starts from what the snapshots of `id` held for its key groups. */
  private onRestored(sim: Simulation, id: number): void {
    const snap = this.snapshots.get(id);
    const content = new Map<string, Multiset>();
    const inFlight = new Map<string, string[]>();
    for (const s of sim.state.job.topology.subtasks) {
      if (!s.keyGroupRange) continue;
      const range = s.keyGroupRange;
      const mine = (origin: string) => {
        const kg = this.records.get(origin)!.keyGroup;
        return kg >= range.startKeyGroup && kg <= range.endKeyGroup;
      };
      const c: Multiset = new Map();
      const f: string[] = [];
      for (const part of snap?.values() ?? []) {
        for (const [origin, n] of part.content) if (mine(origin)) c.set(origin, (c.get(origin) ?? 0) + n);
        f.push(...part.inFlight.filter(mine));
      }
      content.set(s.name, c);
      if (f.length > 0) inFlight.set(s.name, f);
    }
    this.startAttempt(content, inFlight);
  }

  private send(channel: string, origin: string): void {
    getOrCreate(this.attempt.channels, channel, () => [] as string[]).push(origin);
  }

  /**
   * Task `to` processed a record with `key` and `value` from channel `from->to`: the oldest record
   * sent on it in the running attempt with that key and value. A failover drops every record in
   * flight, and nothing is processed while the job is being restored. Returns the record's
   * origin, or null (a problem).
   */
  private receive(sim: Simulation, step: number, from: string, to: string, key: string | number, value: number): string | null {
    const where = `step ${step}: ${to} processed a record (key ${key}, value ${value}) from ${from}`;
    if (!sim.state.job.running) this.problems.push(`${where} while the job was being restored`);
    const pending = this.attempt.channels.get(`${from}->${to}`) ?? [];
    const i = pending.findIndex((o) => this.records.get(o)!.key === key && this.records.get(o)!.value === value);
    if (i < 0) {
      this.problems.push(`${where} that no task of the running attempt sent on that channel (it was in flight before the failover)`);
      return null;
    }
    if (i > 0) this.reorders.push(`step ${step}: ${to} processed ${pending[i]} from ${from} before ${pending.slice(0, i).join(', ')}, sent earlier on the same channel`);
    return pending.splice(i, 1)[0]!;
  }

  private startAttempt(content: Map<string, Multiset>, inFlight: Map<string, string[]>): void {
    this.content = content;
    this.attempt = newAttempt();
    this.attempt.restoredInFlight = inFlight;
    this.alignment.clear();
    this.overtakers.clear();
    this.injectedBy.clear();
    this.pendingCaptures = [];
  }

  /**
   * Task `task` snapshots checkpoint `id`: remember what it held, and judge it once every source
   * has injected barrier `id` (unaligned, a task can snapshot before a slow source's barrier is
   * even sent; a failover before that leaves the checkpoint incomplete and unjudged).
   */
  private captureSnapshot(sim: Simulation, task: string, id: number, step: number): void {
    this.stats.snapshots += 1;
    this.pendingCaptures.push({
      task,
      id,
      step,
      processed: new Map(this.attempt.processed.get(task) ?? []),
      overtook: new Set(this.overtakers.get(task)?.get(id) ?? []),
      notReplayed: [...(this.attempt.restoredInFlight.get(task) ?? [])],
    });
    getOrCreate(this.snapshots, id, () => new Map<string, Snapshot>()).set(task, { content: new Map(this.content.get(task) ?? []), inFlight: [] });
    this.judgeCaptures(sim);
  }

  /**
   * Judges the snapshots whose barriers every source has injected. Of the records routed to the
   * task, what it processed in this attempt must be every one its source read before barrier n,
   * exactly once, plus (at-least-once only) the records that overtook barrier n, i.e. came on a
   * channel whose barrier n had arrived. Unaligned: records read before the barriers may still be
   * in flight (they are the checkpoint's channel state), and nothing after a barrier is in the snapshot.
   */
  private judgeCaptures(sim: Simulation): void {
    const sources = Object.keys(sim.state.job.sources).length;
    const ready = this.pendingCaptures.filter((c) => (this.injectedBy.get(c.id)?.size ?? 0) >= sources);
    this.pendingCaptures = this.pendingCaptures.filter((c) => !ready.includes(c));
    for (const { task, id, step, processed, overtook, notReplayed } of ready) {
      const offsets = this.barrierOffsets.get(id)!;
      const where = `step ${step}: checkpoint ${id} at ${task}`;
      const before = (r: RecordInfo) => r.offset < (offsets.get(r.stream) ?? 0);
      for (const [origin, n] of processed) {
        const r = this.records.get(origin)!;
        if (n > 1) this.problems.push(`${where}: record ${origin} was applied ${n} times in one attempt`);
        if (r.to !== task) this.problems.push(`${where}: record ${origin} was routed to ${r.to}`);
        if (!before(r) && !overtook.has(origin)) this.problems.push(`${where}: record ${origin} is after the barrier but did not overtake it`);
      }
      // Restored in-flight records not processed again yet are still in flight.
      const inFlight = [...notReplayed];
      for (const origin of this.attempt.emitted) {
        const r = this.records.get(origin)!;
        if (r.to !== task || !before(r) || processed.has(origin)) continue;
        if (this.mode === 'unaligned') inFlight.push(origin);
        else this.problems.push(`${where}: record ${origin} (key ${r.key}) was read before the barrier but is missing from the snapshot`);
      }
      this.stats.inFlight += inFlight.length;
      for (const origin of overtook) {
        if (before(this.records.get(origin)!)) this.problems.push(`${where}: record ${origin} before the barrier arrived after it (channels are FIFO)`);
      }
      if (this.mode !== 'at_least_once' && overtook.size > 0) this.problems.push(`${where}: ${overtook.size} records overtook the barrier under exactly_once`);
      this.snapshots.get(id)!.get(task)!.inFlight = inFlight;
    }
  }
}

function inc(m: Multiset, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

export function addAll(into: Multiset, from: Multiset): void {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
}

function getOrCreate<K, V>(m: Map<K, V>, k: K, make?: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    v = make ? make() : (new Map() as V);
    m.set(k, v);
  }
  return v;
}
