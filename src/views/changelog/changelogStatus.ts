/**
 * The figures of the materialization status line: the subtask's materializations and failure
 * count, and its TaskManager's DSTL uploads (one file per batch, so many writers and frequent
 * persists mean many small files, the production problem seed 000 reports).
 */
import type { EngineState } from '../../engine';
import type { ChangelogTaskState } from './dstlTape';

export interface MaterializationFigures {
  /** The materialization the next checkpoint carries (0: none yet). */
  lastId: number;
  syncPoint: number;
  running: { id: number; upTo: number; startedMs: number } | null;
  consecutiveFailures: number;
  maxFailuresAllowed: number;
  /** 0 = materialization only by action. */
  intervalMs: number;
  /** The log kept for checkpoints (not yet truncated): change sets and bytes, uploaded or not. */
  untruncated: { changeSets: number; bytes: number };
}

export interface TaskManagerUploadFigures {
  name: string;
  /** Keyed subtasks on this TaskManager whose change sets share its files. */
  writers: number;
  filesWritten: number;
  uploadRequests: number;
  uploadFailures: number;
  bytesInFlight: number;
  batchesInFlight: number;
  /** Upload tasks waiting for the batch delay or size threshold. */
  waitingTasks: number;
  /** Files the TaskManager still owns (no completed checkpoint took them over yet). */
  ownedFiles: number;
}

export function materializationFigures(
  cl: ChangelogTaskState,
  scenario: EngineState['scenario'],
): MaterializationFigures {
  const r = cl.running;
  return {
    lastId: cl.snapshot.materializationId,
    syncPoint: cl.snapshot.materializedTo,
    running: r ? { id: r.id, upTo: r.upTo, startedMs: r.startedMs } : null,
    consecutiveFailures: cl.consecutiveFailures,
    maxFailuresAllowed: scenario.stateBackend.changelog.maxFailuresAllowed,
    intervalMs: scenario.stateBackend.changelog.materializationIntervalMs,
    untruncated: untruncatedLog(cl),
  };
}

/** Everything the writer still keeps: uploaded, uploading, closed and the active change set (seed 000's extra storage cost). */
export function untruncatedLog(cl: ChangelogTaskState): { changeSets: number; bytes: number } {
  const w = cl.writer;
  const active = w.activeChangeSet.length > 0 ? 1 : 0;
  const bytes =
    w.uploaded.reduce((n, r) => n + r.size, 0) +
    w.uploading.reduce((n, u) => n + u.sizeBytes, 0) +
    w.notUploaded.reduce((n, c) => n + c.sizeBytes, 0) +
    w.activeChangeSetSize;
  return { changeSets: w.uploaded.length + w.uploading.length + w.notUploaded.length + active, bytes };
}

/** The upload figures of the TaskManager `task` runs on, or null if it has no changelog uploader. */
export function taskManagerUploadFigures(
  job: EngineState['job'],
  task: string,
): TaskManagerUploadFigures | null {
  const info = job.topology.subtasks.find((s) => s.name === task);
  if (!info) return null;
  const tm = job.changelogTms[`tm-${info.taskManager}`];
  if (!tm) return null;
  const writers = job.topology.subtasks.filter(
    (s) => s.taskManager === info.taskManager && job.keyed[s.name]?.changelog,
  ).length;
  const s = tm.scheduler;
  return {
    name: tm.name,
    writers,
    filesWritten: tm.filesWritten,
    uploadRequests: s.uploadRequests,
    uploadFailures: s.uploadFailures,
    bytesInFlight: s.inFlightBytes,
    batchesInFlight: s.inFlight.length,
    waitingTasks: s.scheduled.length,
    ownedFiles: Object.keys(tm.registry.entries).length,
  };
}
