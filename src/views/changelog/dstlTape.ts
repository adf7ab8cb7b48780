/**
 * The DSTL tape of one keyed subtask as plain data: which change sets (by sequence number) to
 * draw, in what state, where the truncation cut, the materialization sync points and the last
 * checkpoint's range are. Derived from the writer's engine state plus the recorded history
 * (changelogHistory.ts); the drawing (drawTape.ts) only maps this to pixels.
 */
import type { EngineState } from '../../engine';
import { firstCheckpointOf, type TaskChangelogHistory } from './changelogHistory';

export type ChangelogTaskState = NonNullable<EngineState['job']['keyed'][string]['changelog']>;
type CheckpointStatus = EngineState['coordinator']['history'][number]['status'];

/**
 * Where a change set is: cut off by truncation; in a DSTL file (persisted); handed to the
 * uploader; closed but still only in memory; or the active one, still growing.
 */
export type CellStatus = 'truncated' | 'uploaded' | 'uploading' | 'notUploaded' | 'active';

export interface TapeCell {
  sqn: number;
  status: CellStatus;
  /** Null for truncated change sets: the writer no longer knows them. */
  sizeBytes: number | null;
  file: string | null;
  offset: number | null;
  /** The checkpoint whose persist first included this change set. */
  firstCheckpoint: number | null;
}

/** Neighbouring uploaded change sets in one file: drawn as one bar, to show batching. */
export interface TapeFileRun {
  file: string;
  from: number;
  to: number;
}

export interface TapeMarker {
  sqn: number;
  materializationId: number;
}

export interface TapeCheckpoint {
  checkpointId: number;
  from: number;
  to: number;
  /** The materialization in its handle; 0 when it has none (the log alone is the state). */
  materializationId: number;
  /** Change sets from before a restore that it carries as well (no materialization covers them yet). */
  restoredChangeSets: number;
  status: CheckpointStatus | null;
}

export interface DstlTapeModel {
  /** The visible sequence numbers are [start, end); end is one past the active change set. */
  start: number;
  end: number;
  /** Live change sets left of `start` that did not fit. */
  hiddenOlder: number;
  lowest: number;
  active: number;
  activeBytes: number;
  /** The active change set is persisted pre-emptively once it reaches this size. */
  activeThreshold: number;
  cells: TapeCell[];
  files: TapeFileRun[];
  syncPoint: TapeMarker | null;
  running: TapeMarker | null;
  checkpoint: TapeCheckpoint | null;
  restoredChangeSets: number;
  closed: boolean;
}

/**
 * Which part of the log fits in `slots` cells: the newest ones, ending with the active change set.
 * Truncated change sets fill the room left of the cut, so a truncation visibly moves the cut
 * over them; live ones that do not fit are counted in `hiddenOlder` (one slot shows that count).
 */
export function tapeWindow(
  lowest: number,
  active: number,
  slots: number,
): { start: number; hiddenOlder: number } {
  const room = Math.max(2, slots);
  const start = Math.max(0, active + 1 - room);
  if (start <= lowest) return { start, hiddenOlder: 0 };
  const shifted = active + 1 - (room - 1);
  return { start: shifted, hiddenOlder: shifted - lowest };
}

function restoredCount(cl: ChangelogTaskState): number {
  let n = 0;
  for (const h of cl.snapshot.restoredNonMaterialized) n += h.handlesAndOffsets.length;
  return n;
}

/** The materialization whose sync point a checkpoint starting at `from` used. */
function materializationAt(
  cl: ChangelogTaskState,
  history: TaskChangelogHistory,
  from: number,
): number {
  if (from === cl.snapshot.materializedTo) return cl.snapshot.materializationId;
  for (let i = history.materialized.length - 1; i >= 0; i--) {
    const m = history.materialized[i]!;
    if (m.upTo === from) return m.materializationId;
  }
  return 0;
}

function cellsOf(cl: ChangelogTaskState, history: TaskChangelogHistory, start: number): TapeCell[] {
  const w = cl.writer;
  const bySqn = new Map<number, TapeCell>(); // local working index, never stored
  const put = (c: Omit<TapeCell, 'firstCheckpoint'>) =>
    bySqn.set(c.sqn, { ...c, firstCheckpoint: firstCheckpointOf(history, c.sqn) });
  for (const r of w.uploaded)
    put({
      sqn: r.sequenceNumber,
      status: 'uploaded',
      sizeBytes: r.size,
      file: r.file,
      offset: r.offset,
    });
  for (const u of w.uploading)
    if (!bySqn.has(u.sequenceNumber))
      put({
        sqn: u.sequenceNumber,
        status: 'uploading',
        sizeBytes: u.sizeBytes,
        file: null,
        offset: null,
      });
  for (const s of w.notUploaded)
    if (!bySqn.has(s.sequenceNumber))
      put({
        sqn: s.sequenceNumber,
        status: 'notUploaded',
        sizeBytes: s.sizeBytes,
        file: null,
        offset: null,
      });
  const cells: TapeCell[] = [];
  for (let sqn = start; sqn <= w.activeSequenceNumber; sqn++) {
    if (sqn < w.lowestSequenceNumber) {
      cells.push({
        sqn,
        status: 'truncated',
        sizeBytes: null,
        file: null,
        offset: null,
        firstCheckpoint: firstCheckpointOf(history, sqn),
      });
    } else if (sqn === w.activeSequenceNumber) {
      cells.push({
        sqn,
        status: 'active',
        sizeBytes: w.activeChangeSetSize,
        file: null,
        offset: null,
        firstCheckpoint: null,
      });
    } else {
      // A closed writer (cancelled task) forgot its sets; they are shown as in memory, i.e. lost.
      cells.push(
        bySqn.get(sqn) ?? {
          sqn,
          status: 'notUploaded',
          sizeBytes: null,
          file: null,
          offset: null,
          firstCheckpoint: firstCheckpointOf(history, sqn),
        },
      );
    }
  }
  return cells;
}

/** Runs of neighbouring uploaded cells that share a file. */
export function fileRuns(cells: readonly TapeCell[]): TapeFileRun[] {
  const runs: TapeFileRun[] = [];
  for (const c of cells) {
    if (c.status !== 'uploaded' || c.file === null) continue;
    const last = runs[runs.length - 1];
    if (last && last.file === c.file && last.to === c.sqn) last.to = c.sqn + 1;
    else runs.push({ file: c.file, from: c.sqn, to: c.sqn + 1 });
  }
  return runs;
}

/** The tape of a subtask's changelog at the cursor, fitted into `slots` cells. */
export function dstlTapeOf(
  cl: ChangelogTaskState,
  history: TaskChangelogHistory,
  statusOf: (checkpointId: number) => CheckpointStatus | null,
  slots: number,
): DstlTapeModel {
  const w = cl.writer;
  const { start, hiddenOlder } = tapeWindow(w.lowestSequenceNumber, w.activeSequenceNumber, slots);
  const cells = cellsOf(cl, history, start);
  const last = cl.lastCheckpoint;
  const restored = restoredCount(cl);
  return {
    start,
    end: w.activeSequenceNumber + 1,
    hiddenOlder,
    lowest: w.lowestSequenceNumber,
    active: w.activeSequenceNumber,
    activeBytes: w.activeChangeSetSize,
    activeThreshold: w.preEmptivePersistThresholdBytes,
    cells,
    files: fileRuns(cells),
    syncPoint:
      cl.snapshot.materializationId > 0
        ? { sqn: cl.snapshot.materializedTo, materializationId: cl.snapshot.materializationId }
        : null,
    running: cl.running ? { sqn: cl.running.upTo, materializationId: cl.running.id } : null,
    checkpoint: last
      ? {
          checkpointId: last.checkpointId,
          from: last.from,
          to: last.to,
          materializationId: materializationAt(cl, history, last.from),
          restoredChangeSets: last.from === cl.snapshot.materializedTo ? restored : 0,
          status: statusOf(last.checkpointId),
        }
      : null,
    restoredChangeSets: restored,
    closed: w.closed,
  };
}
