/**
 * The restores of a recording, found once per recording in its events: each one from its
 * `restore.started` to `job.running` (or `restore.failed`), with every subtask's
 * `restore.taskRestored`, the changelog reads and replays, the sink's recovered transactions and
 * the re-delivered in-flight data, each with the step (position) that produced it. Pure: the
 * view cuts a span at the cursor (restoreProgress.ts).
 */
import type { EventOf, StepRecord } from '../../engine';

export interface At<T> {
  /** Position (1-based step) whose events include it. */
  pos: number;
  event: T;
}

/** What set the restore off. */
export type RestoreCause = 'action' | 'failover' | 'submit';

export interface RestoreSpan {
  /** Position of `restore.started` (or of `restore.failed` for a restore that never started). */
  startPos: number;
  started: EventOf<'restore.started'> | null;
  cause: RestoreCause;
  /** One per new subtask, in the order they finished. */
  tasks: At<EventOf<'restore.taskRestored'>>[];
  reads: At<EventOf<'changelog.restore.read'>>[];
  replays: At<EventOf<'changelog.restore.replayed'>>[];
  sink: At<EventOf<'sink.recoverAndCommit'> | EventOf<'sink.abort'>>[];
  channelState: At<EventOf<'restore.channelState'>>[];
  /** Local recovery: where each keyed subtask's state came from (local disk or remote), with the bytes. */
  sources: At<EventOf<'restore.localState'>>[];
  /** What each new subtask received of each operator state, by mode. */
  operatorStates: At<EventOf<'restore.operatorState'>>[];
  /** Position of `job.running`, null while it has not come (or never came). */
  runningPos: number | null;
  failed: At<EventOf<'restore.failed'>> | null;
}

function causeOf(events: StepRecord['events'], pos: number): RestoreCause {
  if (events.some((e) => e.type === 'job.failed')) return 'failover';
  // A job submitted with a retained checkpoint restores in its very first step; any other restore
  // is the `restore` action (from the script, or applied at the cursor as a `user.action` step).
  if (pos === 1 && !events.some((e) => e.type === 'user.action')) return 'submit';
  return 'action';
}

function emptySpan(
  startPos: number,
  started: RestoreSpan['started'],
  cause: RestoreCause,
): RestoreSpan {
  return {
    startPos,
    started,
    cause,
    tasks: [],
    reads: [],
    replays: [],
    sink: [],
    channelState: [],
    sources: [],
    operatorStates: [],
    runningPos: null,
    failed: null,
  };
}

/** The restores found so far, and the one still open (started, not yet running or failed). */
export interface RestoreScan {
  spans: RestoreSpan[];
  open: RestoreSpan | null;
}

export const emptyRestoreScan = (): RestoreScan => ({ spans: [], open: null });

/**
 * Adds the step at `pos` (1-based) to `scan`, in place. Steps must come in order; the app feeds
 * only the steps appended since its last read (runIndex), so a growing recording is not
 * rescanned from step 1 on every update.
 */
export function addRestoreStep(scan: RestoreScan, rec: StepRecord, pos: number): void {
  const spans = scan.spans;
  for (const e of rec.events) {
    switch (e.type) {
      case 'restore.started':
        scan.open = emptySpan(pos, e, causeOf(rec.events, pos));
        spans.push(scan.open);
        break;
      case 'restore.failed':
        if (scan.open) {
          scan.open.failed = { pos, event: e };
          scan.open = null;
        } else {
          // Refused before anything started (no retained checkpoint, unreadable _metadata).
          const s = emptySpan(pos, null, causeOf(rec.events, pos));
          s.failed = { pos, event: e };
          spans.push(s);
        }
        break;
      case 'restore.taskRestored':
        scan.open?.tasks.push({ pos, event: e });
        break;
      case 'restore.localState':
        scan.open?.sources.push({ pos, event: e });
        break;
      case 'changelog.restore.read':
        scan.open?.reads.push({ pos, event: e });
        break;
      case 'restore.operatorState':
        scan.open?.operatorStates.push({ pos, event: e });
        break;
      case 'changelog.restore.replayed':
        scan.open?.replays.push({ pos, event: e });
        break;
      case 'sink.recoverAndCommit':
        scan.open?.sink.push({ pos, event: e });
        break;
      case 'sink.abort':
        if (scan.open && e.reason !== 'close') scan.open.sink.push({ pos, event: e });
        break;
      case 'job.running':
        if (scan.open) scan.open.runningPos = pos;
        break;
      case 'restore.channelState': {
        // In-flight data is re-delivered in the step the job runs again, right after job.running.
        const last = spans[spans.length - 1];
        if (last && last.runningPos === pos) last.channelState.push({ pos, event: e });
        break;
      }
      default:
        break;
    }
  }
  if (scan.open && scan.open.runningPos !== null) scan.open = null;
}

/**
 * A copy of the scan's spans that later steps will not change (the open span keeps growing in
 * the scan): what views hold and memoize on.
 */
export function copySpans(spans: readonly RestoreSpan[]): RestoreSpan[] {
  return spans.map((s) => ({
    ...s,
    tasks: [...s.tasks],
    reads: [...s.reads],
    replays: [...s.replays],
    sink: [...s.sink],
    channelState: [...s.channelState],
    sources: [...s.sources],
    operatorStates: [...s.operatorStates],
  }));
}

/** Every restore of the recorded steps, in order. */
export function restoreSpansOf(records: readonly StepRecord[]): RestoreSpan[] {
  const scan = emptyRestoreScan();
  records.forEach((rec, i) => addRestoreStep(scan, rec, i + 1));
  return scan.spans;
}

/** The restore the cursor is in or has passed last (started at or before the cursor), or null. */
export function spanAtCursor(spans: readonly RestoreSpan[], cursor: number): RestoreSpan | null {
  let found: RestoreSpan | null = null;
  for (const s of spans) if (s.startPos <= cursor) found = s;
  return found;
}

/** The first restore that starts after the cursor, or null. */
export function nextSpanAfter(spans: readonly RestoreSpan[], cursor: number): RestoreSpan | null {
  return spans.find((s) => s.startPos > cursor) ?? null;
}

/** The last restore that starts before `span` (for "previous restore"), or null. */
export function previousSpanBefore(spans: readonly RestoreSpan[], pos: number): RestoreSpan | null {
  let found: RestoreSpan | null = null;
  for (const s of spans) if (s.startPos < pos) found = s;
  return found;
}

/** Whether the cursor is inside a restore that is still going on (started, job not running yet). */
export function restoringAt(span: RestoreSpan | null, cursor: number): boolean {
  if (!span || !span.started) return false;
  const end = span.runningPos ?? span.failed?.pos ?? Infinity;
  return cursor >= span.startPos && cursor < end;
}
