/**
 * A full IndexedDB fails the upload in the model too: the sync reports which steps of a batch hit
 * the quota, the upload to fail is the first checkpoint file among them, and branching there with
 * `failUploads` makes the task decline and the checkpoint abort as CHECKPOINT_ASYNC_EXCEPTION, as a full DFS
 * would in Flink.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../engine';
import { openPersistence, PersistenceError } from '../persistence';
import { MirrorSync, type ModelPosition } from './mirrorSync';
import { uploadFailureForQuota } from './quotaAsUploadFailure';
import { SerialQueue } from './serialQueue';

const timeline = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });

/** The first step that writes a keyed subtask's checkpoint file. */
function firstUploadStep(): number {
  for (let p = 1; p <= timeline.length; p++) {
    if (timeline.stateAt(p).storage.outbox.some((op) => op.op === 'put' && op.meta.kind !== 'metadata' && op.meta.task.startsWith('count#'))) return p;
  }
  throw new Error('no upload in the default scenario');
}

describe('quota exceeded while storing an upload', () => {
  it('names the first upload of the failed steps and the action that fails it', () => {
    const p = firstUploadStep();
    const f = uploadFailureForQuota(timeline, p - 3, p + 3)!;
    const put = timeline.stateAt(p).storage.outbox.find((op) => op.op === 'put' && op.meta.kind !== 'metadata')!;
    expect(f.position).toBe(p - 1);
    expect(put.op === 'put' && f.checkpointId).toBe(put.op === 'put' ? put.meta.checkpointId : -1);
    expect(f.action).toEqual({ do: 'failUploads', count: 1, task: f.task });
    expect(uploadFailureForQuota(timeline, 1, 2)).toBeNull(); // steps that stored nothing
  });

  it('branching there makes the task decline and the checkpoint abort as CHECKPOINT_ASYNC_EXCEPTION', () => {
    const p = firstUploadStep();
    const f = uploadFailureForQuota(timeline, p, p)!;
    const branched = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    branched.branch(f.position, f.action);
    const events = branched.records().flatMap((r) => r.events);
    const aborted = events.find((e) => e.type === 'checkpoint.aborted' && e.checkpointId === f.checkpointId);
    expect(aborted).toMatchObject({ reason: 'CHECKPOINT_ASYNC_EXCEPTION' });
    expect(events.some((e) => e.type === 'checkpoint.declined' && e.task === f.task && e.checkpointId === f.checkpointId)).toBe(true);
    // Nothing of the failed upload is in storage at the step where it would have been written.
    expect(branched.stateAt(p).storage.files[f.path]).toBeUndefined();
  });

  it('the sync reports the steps of a batch that failed for quota (and only for quota)', async () => {
    const { mirror } = await openPersistence({ factory: null });
    const p = firstUploadStep();
    let failWith: Error | null = null;
    const spy = {
      applyOps: (sid: string, ops: Parameters<typeof mirror.applyOps>[1]) => {
        if (failWith && ops.some((op) => op.op === 'put')) {
          const e = failWith;
          failWith = null;
          return Promise.reject(e);
        }
        return mirror.applyOps(sid, ops);
      },
      reconcile: mirror.reconcile.bind(mirror),
      putCheckpointMeta: mirror.putCheckpointMeta.bind(mirror),
      deleteCheckpointMeta: mirror.deleteCheckpointMeta.bind(mirror),
    };
    let pos: ModelPosition = { timeline, revision: 0, cursor: p - 1 };
    const quota: { firstStep: number; lastStep: number }[] = [];
    const queue = new SerialQueue();
    const sync = new MirrorSync(spy, 's', queue, () => pos, { quietMs: 1, maxWaitMs: 5, onSuccess: () => {}, onError: () => {}, onQuota: (s) => quota.push({ firstStep: s.firstStep, lastStep: s.lastStep }) });
    const settle = async () => {
      while (queue.busy || sync.waiting) await (queue.busy ? queue.whenIdle() : new Promise((r) => setTimeout(r, 5)));
    };
    sync.reconcileNow();
    await settle();
    failWith = new PersistenceError({ kind: 'quota', message: 'The storage quota is full', operation: 'storing files', recovery: ['export', 'reset'] });
    pos = { timeline, revision: 0, cursor: p };
    sync.noteChange(pos);
    await settle();
    expect(quota).toEqual([{ firstStep: p, lastStep: p }]);
    // Any other failure is only an error, not a failed upload.
    failWith = new Error('disk on fire');
    pos = { timeline, revision: 0, cursor: p - 1 };
    sync.noteChange(pos);
    await settle();
    pos = { timeline, revision: 0, cursor: p };
    sync.noteChange(pos);
    await settle();
    expect(quota).toHaveLength(1);
  });
});
