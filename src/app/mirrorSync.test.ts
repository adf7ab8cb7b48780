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
  /** Each reconcile: whether it was given what the sync's calls left stored, and what it did. */
  const reconciles: { known: boolean; result: Awaited<ReturnType<StorageMirror['reconcile']>> }[] = [];
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
    reconcile: async (sid, files, o) => {
      calls.push('reconcile');
      const result = await mirror.reconcile(sid, files, o);
      reconciles.push({ known: o?.known !== undefined, result });
      return result;
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
    reconciles,
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

  it('plans reconciles against what its own calls stored, and reads it all back when asked or after a failure', async () => {
    const t = await setup({ failApplyOnce: true });
    t.sync.reconcileNow();
    await t.settle();
    // Single steps past the first uploads (the first applyOps fails), then a jump: read back in full.
    const firstUpload = t.firstPositionWith('file.uploaded');
    const completion = t.firstPositionWith('checkpoint.completed');
    for (let c = 1; c <= firstUpload; c++) t.moveTo(c);
    await t.settle();
    t.moveTo(firstUpload + 2);
    await t.settle();
    // Single steps through the first completed checkpoint (applyOps), then a jump to a position
    // with the same files: known from those calls, the reconcile finds nothing to write.
    for (let c = firstUpload + 3; c <= completion; c++) t.moveTo(c);
    await t.settle();
    const files = (p: number) => Object.values(t.timeline.stateAt(p).storage.files).map((f) => `${f.path}:${f.bytes.length}`).sort().join();
    const same = [...Array(200).keys()].map((i) => completion + 2 + i).find((p) => files(p) === files(completion))!;
    expect(same).toBeDefined();
    t.moveTo(same);
    await t.settle();
    await t.expectMirrorEqualsModel();
    t.sync.reconcileNow();
    await t.settle();
    expect(t.reconciles.map((r) => r.known)).toEqual([false, false, true, false]);
    expect(t.reconciles[2]!.result).toMatchObject({ added: 0, replaced: 0, deleted: 0 });
    expect(t.reconciles[3]!.result).toMatchObject({ added: 0, replaced: 0, deleted: 0 });
    expect(t.errors).toHaveLength(1);
  });

  it('writes nothing while held (playing fast); released, or the page hidden, one reconcile catches up', async () => {
    const t = await setup();
    t.sync.reconcileNow();
    await t.settle();
    t.calls.length = 0;
    t.sync.hold(true);
    expect(t.sync.heldBack).toBe(false);
    const completion = t.firstPositionWith('checkpoint.completed');
    for (let c = 1; c <= completion; c++) t.moveTo(c);
    t.moveTo(completion + 40);
    await t.settle();
    expect(t.calls).toEqual([]);
    expect(t.sync.heldBack).toBe(true);
    t.sync.hold(false);
    await t.settle();
    expect(t.calls).toEqual(['reconcile']);
    expect(t.sync.heldBack).toBe(false);
    await t.expectMirrorEqualsModel();
    // Held again, then the page is hidden: written at once, still held for what comes after.
    t.sync.hold(true);
    t.moveTo(completion + 200);
    t.sync.flush();
    await t.settle();
    expect(t.calls).toEqual(['reconcile', 'reconcile']);
    await t.expectMirrorEqualsModel();
    t.moveTo(completion + 201);
    await t.settle();
    expect(t.calls).toHaveLength(2);
    expect(t.sync.heldBack).toBe(true);
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
