/**
 * When IndexedDB (the remote storage of this app) runs out of quota while storing the files of
 * a step, the model is made to match what a full DFS does to Flink: the upload fails. The first
 * step of the failed batch that uploaded a checkpoint file is found, and the timeline is branched
 * just before it with a `failUploads` action for the task that wrote it, so the task declines
 * and the checkpoint is aborted as CHECKPOINT_ASYNC_EXCEPTION (a DSTL or materialization upload fails the way
 * the changelog backend handles it). Pure: it only reads the recorded timeline.
 */
import type { Timeline, UserAction } from '../engine';

export interface QuotaUploadFailure {
  /** The cursor position to branch at (just before the upload). */
  position: number;
  action: UserAction;
  /** The checkpoint the file was written for (0: a DSTL or materialization file). */
  checkpointId: number;
  path: string;
  task: string;
}

const SUBTASK = /^[A-Za-z][\w-]*#\d+$/;

/** The upload to fail for a batch of steps (first..last, 1-based positions) that hit the quota; null when none uploaded a file. */
export function uploadFailureForQuota(timeline: Timeline, firstStep: number, lastStep: number): QuotaUploadFailure | null {
  for (let p = Math.max(1, firstStep); p <= Math.min(lastStep, timeline.length); p++) {
    const put = timeline.stateAt(p).storage.outbox.find((op) => op.op === 'put' && op.meta.kind !== 'metadata');
    if (!put || put.op !== 'put') continue;
    const task = put.meta.task;
    const action: UserAction = SUBTASK.test(task) ? { do: 'failUploads', count: 1, task } : { do: 'failUploads', count: 1 };
    return { position: p - 1, action, checkpointId: put.meta.checkpointId, path: put.path, task };
  }
  return null;
}
