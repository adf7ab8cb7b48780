/**
 * Checkpoints as bars for the Gantt view, derived from the recorded events alone: each bar runs
 * from `checkpoint.triggered` to `checkpoint.completed` / `checkpoint.aborted`, and each subtask
 * row is split into the phases Flink's web UI reports per subtask (start delay, alignment,
 * sync, async, ack). Derived once per recording over the whole run; `barAtCursor` cuts it.
 *
 * Positions are timeline positions: the events of record i are visible from position i + 1.
 */
import type { StepRecord } from '../../engine';

/** Start delay (trigger → first barrier), alignment, synchronous part, asynchronous part (upload), acknowledgement. */
export type PhaseKind = 'delay' | 'alignment' | 'sync' | 'async' | 'ack';
export const PHASE_KINDS: readonly PhaseKind[] = ['delay', 'alignment', 'sync', 'async', 'ack'];

export interface Phase {
  kind: PhaseKind;
  startMs: number;
  startPos: number;
  /** Null while the recording never finishes it (the run ended first). */
  endMs: number | null;
  endPos: number | null;
  /** Ended by the checkpoint's abort, not by the subtask finishing it. */
  cutShort: boolean;
}

export interface SubtaskRow {
  task: string;
  phases: Phase[];
  declined: { atMs: number; pos: number; reason: string } | null;
}

export type CheckpointEnd =
  | { status: 'completed'; atMs: number; pos: number; checkpointedSize: number; stateSize: number }
  | { status: 'aborted'; atMs: number; pos: number; reason: string };

export interface CheckpointBar {
  id: number;
  isSavepoint: boolean;
  triggerMs: number;
  triggerPos: number;
  /** Subtasks the coordinator waits for. */
  tasks: number;
  end: CheckpointEnd | null;
  subsumed: { atMs: number; pos: number; by: number } | null;
  rows: SubtaskRow[];
  /** Time and position of the last event that concerns this checkpoint (late acks included). */
  lastMs: number;
  lastPos: number;
}

interface Mark {
  ms: number;
  pos: number;
}

/** What one subtask did for one checkpoint, as marks in time. */
interface TaskMarks {
  task: string;
  order: number;
  injected?: Mark;
  firstBarrier?: Mark;
  aligned?: Mark;
  sync?: Mark;
  asyncDone?: Mark;
  acked?: Mark;
  declined?: Mark & { reason: string };
}

interface Building {
  bar: CheckpointBar;
  marks: Map<string, TaskMarks>;
}

function markOf(e: { atMs: number }, pos: number): Mark {
  return { ms: e.atMs, pos };
}

/** Rows in topology order: operators in the order they first took part, then by subtask index. */
function rowOrder(marks: TaskMarks[]): TaskMarks[] {
  const operatorRank = new Map<string, number>();
  for (const m of [...marks].sort((a, b) => a.order - b.order)) {
    const op = m.task.split('#')[0]!;
    if (!operatorRank.has(op)) operatorRank.set(op, operatorRank.size);
  }
  const index = (task: string) => Number(task.split('#')[1] ?? 0);
  return [...marks].sort(
    (a, b) =>
      operatorRank.get(a.task.split('#')[0]!)! - operatorRank.get(b.task.split('#')[0]!)! ||
      index(a.task) - index(b.task),
  );
}

/**
 * The phases of one subtask, as a chain of marks. Sources start at their barrier injection and
 * have no alignment; other subtasks align from the first barrier until all barriers are in (or
 * until the snapshot starts, when it starts earlier, as with unaligned checkpoints). The first
 * phase that never ended is open; the checkpoint's end (an abort) closes it.
 */
function phasesOf(m: TaskMarks, bar: CheckpointBar): Phase[] {
  const trigger: Mark = { ms: bar.triggerMs, pos: bar.triggerPos };
  const isSource = m.injected !== undefined && m.firstBarrier === undefined;
  const firstIn = m.injected ?? m.firstBarrier;
  const alignEnd = isSource ? undefined : earliest(m.aligned, m.sync);
  const chain: [PhaseKind, Mark | undefined, Mark | undefined][] = [
    ['delay', trigger, firstIn],
    ...(isSource
      ? []
      : ([['alignment', firstIn, alignEnd]] as [PhaseKind, Mark | undefined, Mark | undefined][])),
    ['sync', isSource ? firstIn : alignEnd, m.sync],
    ['async', m.sync, m.asyncDone],
    ['ack', m.asyncDone, m.acked],
  ];
  const phases: Phase[] = [];
  for (const [kind, start, end] of chain) {
    if (!start) break;
    if (end) {
      phases.push({
        kind,
        startMs: start.ms,
        startPos: start.pos,
        endMs: end.ms,
        endPos: end.pos,
        cutShort: false,
      });
      continue;
    }
    // Never finished: the abort (if any) cuts it; a phase that would start after the abort did not happen.
    const stop = bar.end;
    if (!stop)
      phases.push({
        kind,
        startMs: start.ms,
        startPos: start.pos,
        endMs: null,
        endPos: null,
        cutShort: false,
      });
    else if (stop.pos >= start.pos && stop.status === 'aborted')
      phases.push({
        kind,
        startMs: start.ms,
        startPos: start.pos,
        endMs: Math.max(start.ms, stop.atMs),
        endPos: stop.pos,
        cutShort: true,
      });
    break;
  }
  return phases;
}

function earliest(a: Mark | undefined, b: Mark | undefined): Mark | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.pos < a.pos ? b : a;
}

/** Every checkpoint and savepoint of the recording, by id, with its subtask phases. */
export function deriveCheckpointBars(records: readonly StepRecord[]): CheckpointBar[] {
  const byId = new Map<number, Building>();
  let order = 0;
  const touch = (b: Building, e: { atMs: number }, pos: number) => {
    if (pos >= b.bar.lastPos) {
      b.bar.lastPos = pos;
      b.bar.lastMs = e.atMs;
    }
  };
  const marksOf = (b: Building, task: string): TaskMarks => {
    let m = b.marks.get(task);
    if (!m) b.marks.set(task, (m = { task, order: order++ }));
    return m;
  };
  records.forEach((r, i) => {
    const pos = i + 1;
    for (const e of r.events) {
      if (e.type === 'checkpoint.triggered') {
        const bar: CheckpointBar = {
          id: e.checkpointId,
          isSavepoint: e.isSavepoint,
          triggerMs: e.atMs,
          triggerPos: pos,
          tasks: e.tasks,
          end: null,
          subsumed: null,
          rows: [],
          lastMs: e.atMs,
          lastPos: pos,
        };
        byId.set(e.checkpointId, { bar, marks: new Map() });
        continue;
      }
      // Some events name no checkpoint (or null, e.g. changelog uploads between checkpoints).
      if (!('checkpointId' in e) || typeof e.checkpointId !== 'number') continue;
      const b = byId.get(e.checkpointId);
      if (!b) continue;
      const task = e.task ?? '';
      switch (e.type) {
        case 'barrier.injected':
          marksOf(b, task).injected ??= markOf(e, pos);
          break;
        case 'barrier.received':
          marksOf(b, task).firstBarrier ??= markOf(e, pos);
          break;
        case 'barrier.aligned':
          marksOf(b, task).aligned ??= markOf(e, pos);
          break;
        case 'checkpoint.syncSnapshot':
          marksOf(b, task).sync ??= markOf(e, pos);
          break;
        case 'checkpoint.asyncCompleted':
          marksOf(b, task).asyncDone ??= markOf(e, pos);
          break;
        case 'checkpoint.acknowledged':
          marksOf(b, task).acked ??= markOf(e, pos);
          break;
        case 'checkpoint.declined':
          marksOf(b, task).declined ??= { ...markOf(e, pos), reason: e.reason };
          break;
        case 'checkpoint.completed':
          b.bar.end ??= {
            status: 'completed',
            atMs: e.atMs,
            pos,
            checkpointedSize: e.checkpointedSize,
            stateSize: e.stateSize,
          };
          break;
        case 'checkpoint.aborted':
          b.bar.end ??= { status: 'aborted', atMs: e.atMs, pos, reason: e.reason };
          break;
        case 'checkpoint.subsumed':
          // Subsumption happens long after the checkpoint's own life: it does not extend the bar.
          b.bar.subsumed ??= { atMs: e.atMs, pos, by: e.by };
          continue;
        default:
          continue;
      }
      touch(b, e, pos);
    }
  });
  const bars = [...byId.values()].map(({ bar, marks }) => {
    bar.rows = rowOrder([...marks.values()]).map((m) => ({
      task: m.task,
      phases: phasesOf(m, bar),
      declined: m.declined
        ? { atMs: m.declined.ms, pos: m.declined.pos, reason: m.declined.reason }
        : null,
    }));
    return bar;
  });
  return bars.sort((a, b) => a.triggerPos - b.triggerPos || a.id - b.id);
}

/** Where "go to this checkpoint" lands: the step that completed or aborted it (else its last event). */
export function jumpPositionOf(bar: CheckpointBar): number {
  return bar.end?.pos ?? bar.lastPos;
}
