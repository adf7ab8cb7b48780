// MirrorSync against the real (in-memory) mirror: single steps use applyOps, everything else a
// coalesced reconcile, and after either the stored files and checkpoint records equal the model.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../engine';
import { openPersistence, type StorageMirror } from '../persistence';
import { MirrorSync, type ModelPosition } from './mirrorSync';
import { validateRetainedCheckpoint } from './retainedCheckpoints';
import { SerialQueue } from './serialQueue';

const SID = 'test';

async function setup(opts: { failApplyOnce?: boolean } = {}) {
  const { mirror } = await openPersistence({ factory: null });
  const calls: string[] = [];
  let failNext = opts.failApplyOnce ?? false;
  const spy: Pick<
    StorageMirror,
    'applyOps' | 'reconcile' | 'putCheckpointMeta' | 'deleteCheckpointMeta'
  > = {
    applyOps: (sid, ops) => {
      calls.push(`applyOps(${ops.length})`);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('quota'));
      }
      return mirror.applyOps(sid, ops);
    },
    reconcile: (sid, files, o) => {
      calls.push('reconcile');
      return mirror.reconcile(sid, files, o);
    },
    putCheckpointMeta: (sid, id, meta) => {
      calls.push(`put(${id})`);
      return mirror.putCheckpointMeta(sid, id, meta);
    },
    deleteCheckpointMeta: (sid, id) => {
      calls.push(`delete(${id})`);
      return mirror.deleteCheckpointMeta(sid, id);
    },
  };
  const timeline = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
  let pos: ModelPosition = { timeline, revision: 0, cursor: 0 };
  const errors: unknown[] = [];
  const queue = new SerialQueue();
  const sync = new MirrorSync(spy, SID, queue, () => pos, {
    quietMs: 5,
    maxWaitMs: 50,
    onSuccess: () => {},
    onError: (e) => errors.push(e),
  });
  const moveTo = (cursor: number, revision = pos.revision) => {
    pos = { timeline, revision, cursor };
    sync.noteChange(pos);
  };
  const settle = async () => {
    while (queue.busy || sync.waiting)
      await (queue.busy ? queue.whenIdle() : new Promise((r) => setTimeout(r, 5)));
  };
  const expectMirrorEqualsModel = async () => {
    const state = timeline.stateAt(pos.cursor);
    const model = Object.values(state.storage.files)
      .map((f) => [f.path, f.bytes.length])
      .sort();
    const stored = (await mirror.listFiles(SID)).map((f) => [f.path, f.size]).sort();
    expect(stored).toEqual(model);
    const ids = (await mirror.listCompletedCheckpoints(SID, validateRetainedCheckpoint)).map(
      (c) => c.checkpointId,
    );
    expect(ids).toEqual(
      [...state.coordinator.savepoints, ...state.coordinator.completed]
        .map((c) => c.id)
        .sort((a, b) => a - b),
    );
  };
  const firstPositionWith = (type: string) =>
    timeline.records().findIndex((r) => r.events.some((e) => e.type === type)) + 1;
  return {
    sync,
    calls,
    errors,
    moveTo,
    settle,
    expectMirrorEqualsModel,
    firstPositionWith,
    timeline,
  };
}

describe('MirrorSync', () => {
  it('writes single forward steps with applyOps and checkpoint records next to them', async () => {
    const t = await setup();
    t.sync.reconcileNow();
    await t.settle();
    const completion = t.firstPositionWith('checkpoint.completed');
    t.calls.length = 0;
    for (let c = 1; c <= completion; c++) t.moveTo(c);
    await t.settle();
    expect(t.calls).not.toContain('reconcile');
    expect(t.calls.some((c) => c.startsWith('applyOps'))).toBe(true);
    expect(t.calls).toContain('put(1)');
    await t.expectMirrorEqualsModel();
  });

  it('reconciles once, at the latest cursor, after a burst of jumps', async () => {
    const t = await setup();
    t.sync.reconcileNow();
    await t.settle();
    t.calls.length = 0;
    const late = Math.floor(t.timeline.length * 0.8);
    for (const c of [300, 10, 500, late]) t.moveTo(c);
    await t.settle();
    expect(t.calls.filter((c) => c === 'reconcile')).toHaveLength(1);
    await t.expectMirrorEqualsModel();
    // Backwards is a seek too: files of later checkpoints disappear again.
    t.moveTo(t.firstPositionWith('checkpoint.completed'));
    await t.settle();
    await t.expectMirrorEqualsModel();
  });

  it('a new revision at the next cursor is a reconcile, not the old outbox', async () => {
    const t = await setup();
    t.sync.reconcileNow();
    await t.settle();
    t.calls.length = 0;
    t.moveTo(1, 1);
    await t.settle();
    expect(t.calls).toEqual(['reconcile']);
  });

  it('after a failed applyOps the next change reconciles and heals', async () => {
    const t = await setup({ failApplyOnce: true });
    t.sync.reconcileNow();
    await t.settle();
    const completion = t.firstPositionWith('checkpoint.completed');
    // Single steps up to the first upload: that applyOps fails.
    const firstUpload = t.firstPositionWith('file.uploaded');
    for (let c = 1; c <= firstUpload; c++) t.moveTo(c);
    await t.settle();
    expect(t.errors).toHaveLength(1);
    t.calls.length = 0;
    for (let c = firstUpload + 1; c <= completion; c++) t.moveTo(c);
    await t.settle();
    expect(t.calls).toContain('reconcile');
    await t.expectMirrorEqualsModel();
  });
});
