/**
 * A restore cut at the cursor: which new subtasks have restored so far (and which one in this
 * very step), where the restore stands, and the changelog reads up to the cursor per DSTL file
 * (how often each file was downloaded against how often it was read: the read amplification
 * without the per-TaskManager file cache, seed 000). Pure.
 */
import type { EventOf } from '../../engine';
import type { At, RestoreSpan } from './restoreSpans';

export type RestorePhase = 'restoring' | 'running' | 'failed';

export interface TaskAtCursor {
  task: string;
  /** Step where it restored, null while pending at the cursor. */
  pos: number | null;
  event: EventOf<'restore.taskRestored'> | null;
  /** Restored by the step at the cursor. */
  justNow: boolean;
  /** Step where it will restore (known from the recording), null if it never does. */
  laterPos: number | null;
}

export interface RestoreProgress {
  phase: RestorePhase;
  restored: number;
  total: number;
  tasks: Map<string, TaskAtCursor>;
}

const upTo = <T>(items: readonly At<T>[], cursor: number): At<T>[] =>
  items.filter((x) => x.pos <= cursor);

/** The restore at `cursor` for the new job's subtasks `tasks`. */
export function progressAt(
  span: RestoreSpan,
  tasks: readonly string[],
  cursor: number,
): RestoreProgress {
  const map = new Map<string, TaskAtCursor>();
  for (const t of tasks)
    map.set(t, { task: t, pos: null, event: null, justNow: false, laterPos: null });
  let restored = 0;
  for (const x of span.tasks) {
    const entry = map.get(x.event.task ?? '');
    if (!entry) continue;
    if (x.pos <= cursor) {
      entry.pos = x.pos;
      entry.event = x.event;
      entry.justNow = x.pos === cursor;
      restored += 1;
    } else entry.laterPos = x.pos;
  }
  const phase: RestorePhase =
    span.failed && span.failed.pos <= cursor
      ? 'failed'
      : span.runningPos !== null && span.runningPos <= cursor
        ? 'running'
        : 'restoring';
  return { phase, restored, total: tasks.length, tasks: map };
}

export interface FileReads {
  file: string;
  bytes: number;
  /** (file, offset) reads of change sets in this file. */
  reads: number;
  /** Remote downloads of the whole file. */
  downloads: number;
  /** Reads that moved at this step. */
  justNow: boolean;
  /** Subtasks that read it. */
  readers: string[];
}

export interface ChangelogReads {
  files: FileReads[];
  reads: number;
  downloads: number;
  /** Whether the per-TaskManager file cache (FLINK-27155) was on. */
  cached: boolean;
}

/** Changelog reads of the restore up to `cursor`, per file in the order first read; null if it read none. */
export function changelogReadsAt(span: RestoreSpan, cursor: number): ChangelogReads | null {
  const reads = upTo(span.reads, cursor);
  if (reads.length === 0) return null;
  const byFile = new Map<string, FileReads>();
  for (const { pos, event: e } of reads) {
    let f = byFile.get(e.file);
    if (!f) {
      f = { file: e.file, bytes: e.bytes, reads: 0, downloads: 0, justNow: false, readers: [] };
      byFile.set(e.file, f);
    }
    f.reads += 1;
    if (e.downloaded) f.downloads += 1;
    if (pos === cursor) f.justNow = true;
    if (e.task && !f.readers.includes(e.task)) f.readers.push(e.task);
  }
  const files = [...byFile.values()];
  return {
    files,
    reads: reads.length,
    downloads: files.reduce((n, f) => n + f.downloads, 0),
    cached: reads.some((r) => r.event.cached),
  };
}

/** Change sets and changes replayed per subtask up to `cursor`. */
export function replayedAt(
  span: RestoreSpan,
  cursor: number,
): Map<string, { changeSets: number; changes: number }> {
  const out = new Map<string, { changeSets: number; changes: number }>();
  for (const { event: e } of upTo(span.replays, cursor)) {
    const t = e.task ?? '';
    const cur = out.get(t) ?? { changeSets: 0, changes: 0 };
    out.set(t, { changeSets: cur.changeSets + e.changeSets, changes: cur.changes + e.changes });
  }
  return out;
}

/** The sink's recovered and aborted transactions up to `cursor`. */
export function sinkAt(span: RestoreSpan, cursor: number) {
  return upTo(span.sink, cursor);
}

/** In-flight records re-delivered (unaligned checkpoints) up to `cursor`. */
export function channelStateAt(
  span: RestoreSpan,
  cursor: number,
): { records: number; from: string[] } | null {
  const xs = upTo(span.channelState, cursor);
  if (xs.length === 0) return null;
  return {
    records: xs.reduce((n, x) => n + x.event.records, 0),
    from: xs.flatMap((x) => x.event.from),
  };
}
