import { describe, expect, it } from 'vitest';
import { keyGroupRange } from '../../keys/keyGroupRange';
import { VOID_NAMESPACE } from '../../state/namespaces';
import {
  createBatchingUploadScheduler,
  drain,
  drainDue,
  hasCapacity,
  schedule,
  type BatchingStateChangeUploadSchedulerState,
} from './batchingStateChangeUploadScheduler';
import { onUploadFailed, onUploadSucceeded, retryUpload } from './retryingUpload';
import { readChangeSetAt } from './changelogFile';
import { DSTL_FLINK_DEFAULTS, DSTL_TEACHING_DEFAULTS, type DstlOptions } from './dstlOptions';
import { append, persist } from './fsStateChangelogWriter';
import {
  createFsStateChangelogWriter,
  type FsStateChangelogWriterState,
} from './fsStateChangelogWriterState';
import { NO_RETRY } from './retryPolicy';
import { STATE_CHANGE_OPERATION_CODES as OP } from './stateChangeOperation';
import { inFormatOrder, nonPlainPaths } from './testSupport';
import { uploadTask, type UploadTask } from './uploadTask';
import { handleUploadFailure, handleUploadSuccess } from './writerUploadCallbacks';

const options: DstlOptions = {
  ...DSTL_TEACHING_DEFAULTS,
  persistSizeThresholdBytes: 1000,
  maxBytesInFlight: 4000,
};
const newScheduler = (o: Partial<DstlOptions> = {}) =>
  createBatchingUploadScheduler('tm-0', { ...options, ...o });

function writer(id: string, kg: number): FsStateChangelogWriterState {
  return createFsStateChangelogWriter({
    logId: id,
    keyGroupRange: keyGroupRange(kg, kg + 9),
    preEmptivePersistThresholdBytes: 1 << 20,
  });
}
function taskOf(w: FsStateChangelogWriterState, values: number[], checkpointId = 1): UploadTask {
  for (const v of values)
    append(w, w.keyGroupRange.startKeyGroup, {
      op: OP.SET,
      state: 'v',
      key: v,
      namespace: VOID_NAMESPACE,
      payload: v,
    });
  const p = persist(w, 0, checkpointId);
  if (p.status !== 'ok' || p.task === null) throw new Error('expected an upload task');
  return p.task;
}
const fileName = (s: BatchingStateChangeUploadSchedulerState) =>
  `job/dstl/${s.taskManager}-${s.nextBatchId}`;

describe('BatchingStateChangeUploadScheduler: one file per TaskManager', () => {
  it('batches several writers into one file, each change set at its own offset', () => {
    const s = newScheduler();
    const ws = [writer('op-a#0', 0), writer('op-b#0', 10), writer('op-c#1', 20)];
    const tasks = ws.map((w, i) => taskOf(w, [i, i + 1]));
    const d0 = schedule(s, tasks[0]!, 100);
    expect(d0).toEqual({ uploadNow: false, drainAtMs: 110, backPressured: false });
    // Later tasks join the pending batch: the timer started by the first task is not moved.
    expect(schedule(s, tasks[1]!, 104).drainAtMs).toBe(110);
    expect(schedule(s, tasks[2]!, 109).drainAtMs).toBe(110);
    expect(drainDue(s, 109)).toBe(false);
    expect(drainDue(s, 110)).toBe(true);
    const attempt = drain(s, 'job/dstl/batch-1')!;
    expect(s.scheduled).toEqual([]);
    expect(s.lastBatchSize).toBe(3);
    expect(attempt.tasks.map((t) => t.logId)).toEqual(['op-a#0', 'op-b#0', 'op-c#1']);
    const offsets = attempt.tasks.flatMap((t) => t.results.map((r) => r.offset));
    expect(new Set(offsets).size).toBe(3);
    attempt.tasks.forEach((t, i) => {
      const r = t.results[0]!;
      expect(r).toMatchObject({
        file: 'job/dstl/batch-1',
        logId: ws[i]!.logId,
        sequenceNumber: 0,
        size: tasks[i]!.sizeBytes,
      });
      const read = readChangeSetAt(attempt.bytes, attempt.file, r.offset).changeSet;
      expect(read).toEqual({
        ...tasks[i]!.changeSets[0]!,
        changes: inFormatOrder(tasks[i]!.changeSets[0]!.changes),
      });
    });
    // The upload succeeds: each writer gets its handle into the shared file.
    const done = onUploadSucceeded(s, attempt.batchId);
    expect(done.changeSetCount).toBe(3);
    ws.forEach((w, i) => {
      const out = handleUploadSuccess(w, done.tasks[i]!.results);
      expect(out.completed[0]!.handle.handlesAndOffsets).toEqual([
        { file: 'job/dstl/batch-1', offset: offsets[i] },
      ]);
    });
    expect(s.inFlightBytes).toBe(0);
    expect(s.uploadedBytes).toBe(attempt.bytes.length);
    expect(nonPlainPaths(s)).toEqual([]);
  });

  it('uploads at once when the waiting bytes reach the size threshold, cancelling the pending drain', () => {
    const s = newScheduler({ persistSizeThresholdBytes: 200 });
    const small = taskOf(writer('a#0', 0), [1]);
    expect(small.sizeBytes).toBeLessThan(200);
    expect(schedule(s, small, 0)).toMatchObject({ uploadNow: false, drainAtMs: 10 });
    const big = taskOf(
      writer('b#0', 10),
      Array.from({ length: 20 }, (_, i) => i),
    );
    expect(schedule(s, big, 3)).toMatchObject({ uploadNow: true, drainAtMs: null });
    expect(drainDue(s, 10)).toBe(false); // the timer event at 10 is stale now
    const attempt = drain(s, fileName(s))!;
    expect(attempt.tasks.map((t) => t.logId)).toEqual(['a#0', 'b#0']);
    expect(drain(s, 'unused')).toBeNull();
  });

  it('uploads at once when the persist delay is 0', () => {
    const s = newScheduler({ persistDelayMs: 0 });
    expect(schedule(s, taskOf(writer('a#0', 0), [1]), 5)).toMatchObject({
      uploadNow: true,
      drainAtMs: null,
    });
  });

  it('reports back-pressure when the bytes in flight reach upload.max-in-flight', () => {
    const s = newScheduler({ persistSizeThresholdBytes: 100, maxBytesInFlight: 100 });
    const t = taskOf(
      writer('a#0', 0),
      Array.from({ length: 20 }, (_, i) => i),
    );
    expect(t.sizeBytes).toBeGreaterThanOrEqual(100);
    expect(schedule(s, t, 0)).toMatchObject({ uploadNow: true, backPressured: true });
    expect(hasCapacity(s)).toBe(false);
    onUploadSucceeded(s, drain(s, 'f')!.batchId);
    expect(hasCapacity(s)).toBe(true);
  });

  it("checks Flink's precondition threshold ≤ max in flight", () => {
    expect(() => newScheduler({ persistSizeThresholdBytes: 5000, maxBytesInFlight: 4000 })).toThrow(
      /sizeThresholdBytes \(5000\) must not exceed maxBytesInFlight \(4000\)/,
    );
  });
});

describe('BatchingStateChangeUploadScheduler: retries (RetryingExecutor, upload.max-attempts)', () => {
  it('retries a failed write into a new file, then gives up after the last attempt and fails the persists', () => {
    expect(DSTL_FLINK_DEFAULTS.retryPolicy).toEqual({
      kind: 'fixed',
      maxAttempts: 3,
      timeoutMs: 1000,
      delayAfterFailureMs: 500,
    });
    const s = newScheduler();
    const wa = writer('a#0', 0);
    const wb = writer('b#0', 10);
    schedule(s, taskOf(wa, [1]), 0);
    schedule(s, taskOf(wb, [2]), 0);
    const a1 = drain(s, 'f-1')!;
    expect(onUploadFailed(s, a1.batchId, 1, 'io')).toEqual({
      action: 'retry',
      batchId: a1.batchId,
      nextAttempt: 2,
      delayMs: 500,
    });
    expect(() => onUploadFailed(s, a1.batchId, 1)).toThrow(/already failed, awaiting retry/);
    const a2 = retryUpload(s, a1.batchId, 'f-2');
    expect(a2).toMatchObject({ attempt: 2, file: 'f-2' });
    expect(a2.bytes).toBe(a1.bytes);
    expect(a2.tasks[0]!.results[0]!.file).toBe('f-2');
    // A timeout retries at once (Flink starts the next attempt beside the slow one).
    expect(onUploadFailed(s, a1.batchId, 2, 'timeout')).toMatchObject({
      action: 'retry',
      nextAttempt: 3,
      delayMs: 0,
    });
    retryUpload(s, a1.batchId, 'f-3');
    const giveUp = onUploadFailed(s, a1.batchId, 3, 'io');
    expect(giveUp).toEqual({
      action: 'give-up',
      batchId: a1.batchId,
      attempts: 3,
      failed: [
        { logId: 'a#0', sequenceNumbers: [0] },
        { logId: 'b#0', sequenceNumbers: [0] },
      ],
    });
    expect(s).toMatchObject({
      inFlight: [],
      inFlightBytes: 0,
      uploadRequests: 3,
      uploadFailures: 3,
      uploadsGivenUp: 1,
    });
    // Each writer's persist future fails, so checkpoint 1 fails.
    if (giveUp.action !== 'give-up') throw new Error('unreachable');
    const failed = handleUploadFailure(
      wa,
      giveUp.failed[0]!.sequenceNumbers,
      'upload failed after 3 attempts',
    );
    expect(failed.failed.map((f) => f.checkpointId)).toEqual([1]);
    expect(persist(wa, 0, 2).status).toBe('failed');
    expect(() => onUploadSucceeded(s, a1.batchId)).toThrow(/no upload batch 1 in flight/);
  });

  it('succeeds on a retry with handles into the retried file', () => {
    const s = newScheduler();
    const w = writer('a#0', 0);
    schedule(s, taskOf(w, [1]), 0);
    const a1 = drain(s, 'f-1')!;
    onUploadFailed(s, a1.batchId, 1);
    expect(() => onUploadSucceeded(s, a1.batchId)).toThrow(/awaits its retry/);
    retryUpload(s, a1.batchId, 'f-2');
    const done = onUploadSucceeded(s, a1.batchId);
    expect(done.tasks[0]!.results.map((r) => r.file)).toEqual(['f-2']);
    expect(
      handleUploadSuccess(w, done.tasks[0]!.results).completed[0]!.handle.handlesAndOffsets[0]!
        .file,
    ).toBe('f-2');
  });

  it('the "none" policy gives up after the first failure', () => {
    const s = newScheduler({ retryPolicy: NO_RETRY });
    schedule(s, taskOf(writer('a#0', 0), [1]), 0);
    const a1 = drain(s, 'f-1')!;
    expect(onUploadFailed(s, a1.batchId, 1).action).toBe('give-up');
  });

  it('an upload task holds the change sets of one writer only', () => {
    const w = writer('a#0', 0);
    const t = taskOf(w, [1]);
    expect(() => uploadTask('b#0', t.changeSets)).toThrow(/change set 0 belongs to writer 'a#0'/);
    expect(() => uploadTask('a#0', [])).toThrow(/no change sets/);
  });
});
