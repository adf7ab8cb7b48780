/**
 * Flink's `StateChangeUploadScheduler.UploadTask`: the change sets one writer asks to upload in one
 * persist call. Flink's task carries success and failure callbacks; here the results are routed
 * back to the writer by `logId` (see writerUploadCallbacks.ts), so the task stays plain data.
 */
import type { StateChangeSet } from './stateChangeSet';

/** `UploadTask` as plain data. */
export interface UploadTask {
  readonly logId: string;
  /** In sequence-number order. */
  readonly changeSets: readonly StateChangeSet[];
  /** `UploadTask#getSize`: the summed size of the change sets. */
  readonly sizeBytes: number;
}

/** `new UploadTask(changeSets, …)`: all change sets must come from the writer `logId`. */
export function uploadTask(logId: string, changeSets: readonly StateChangeSet[]): UploadTask {
  if (changeSets.length === 0)
    throw new RangeError(`UploadTask of '${logId}': no change sets to upload`);
  let size = 0;
  for (const s of changeSets) {
    if (s.logId !== logId) {
      throw new Error(
        `UploadTask of '${logId}': change set ${s.sequenceNumber} belongs to writer '${s.logId}'`,
      );
    }
    size += s.sizeBytes;
  }
  const sorted = changeSets.slice().sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  return { logId, changeSets: sorted, sizeBytes: size };
}
