/**
 * What the DSTL tape needs from the recording rather than from engine state: which checkpoint
 * first carried each change set (the `changelog.persisted` ranges), which materialization ended
 * at which sync point, and where a restore started a new log. Engine state only holds the
 * present; these facts are scattered over past steps, so the recording is indexed once per
 * revision and filtered by the cursor.
 */
import type { StepRecord } from '../../engine';

/** A checkpoint's persist: it carried the change sets [from, to). */
export interface PersistedRange {
  step: number;
  checkpointId: number;
  from: number;
  to: number;
}

/** A completed materialization and its sync point. */
export interface MaterializedAt {
  step: number;
  materializationId: number;
  upTo: number;
}

export interface TaskChangelogHistory {
  persisted: PersistedRange[];
  materialized: MaterializedAt[];
}

export interface ChangelogHistoryIndex {
  /** Steps of `restore.started`: every keyed subtask gets a new log (SQN 0) after one. */
  restoreSteps: number[];
  byTask: Record<string, TaskChangelogHistory>;
  /** Per DSTL file: its ordinal on its TaskManager (1 = the first file that TaskManager wrote). */
  fileOrdinals: Record<string, number>;
}

const EMPTY: TaskChangelogHistory = { persisted: [], materialized: [] };

/** Indexes the changelog facts of a whole recording (done once per revision). */
export function indexChangelogHistory(records: readonly StepRecord[]): ChangelogHistoryIndex {
  const index: ChangelogHistoryIndex = { restoreSteps: [], byTask: {}, fileOrdinals: {} };
  const filesPerTm: Record<string, number> = {};
  const of = (task: string): TaskChangelogHistory =>
    (index.byTask[task] ??= { persisted: [], materialized: [] });
  for (const r of records) {
    for (const e of r.events) {
      if (e.type === 'restore.started') index.restoreSteps.push(e.step);
      else if (e.type === 'changelog.persisted' && e.task && e.checkpointId !== null) {
        of(e.task).persisted.push({
          step: e.step,
          checkpointId: e.checkpointId,
          from: e.fromSqn,
          to: e.toSqn,
        });
      } else if (e.type === 'changelog.materialization.completed' && e.task) {
        of(e.task).materialized.push({
          step: e.step,
          materializationId: e.materializationId,
          upTo: e.upToSqn,
        });
      } else if (e.type === 'dstl.uploadStarted' && !(e.file in index.fileOrdinals)) {
        // Every attempt writes a new file, so the ordinal counts files, not batches.
        filesPerTm[e.taskManager] = (filesPerTm[e.taskManager] ?? 0) + 1;
        index.fileOrdinals[e.file] = filesPerTm[e.taskManager]!;
      }
    }
  }
  return index;
}

/**
 * The task's history of its current log at `position`: only steps up to the cursor, and only
 * since the last restore (a restored subtask's writer starts again at SQN 0, so older ranges
 * would describe another log).
 */
export function taskHistoryAt(
  index: ChangelogHistoryIndex,
  task: string,
  position: number,
): TaskChangelogHistory {
  let since = 0;
  for (const s of index.restoreSteps) if (s <= position && s > since) since = s;
  const h = index.byTask[task] ?? EMPTY;
  const inLog = (step: number) => step > since && step <= position;
  return {
    persisted: h.persisted.filter((p) => inLog(p.step)),
    materialized: h.materialized.filter((m) => inLog(m.step)),
  };
}

/** The checkpoint that first carried change set `sqn`, or null if none has yet. */
export function firstCheckpointOf(history: TaskChangelogHistory, sqn: number): number | null {
  for (const p of history.persisted) if (p.from <= sqn && sqn < p.to) return p.checkpointId;
  return null;
}
