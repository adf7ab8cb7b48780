import { describe, expect, it } from 'vitest';
import { clonePlain, digestPlain } from '../core/plainData';
import {
  createSharedStateRegistry,
  explainFile,
  getEntry,
  listEntries,
  onCheckpointAborted,
  onCheckpointAcknowledged,
  onCheckpointCompleted,
  registerRestored,
  registryInvariantViolations,
  registryKeyForPath,
  checkpointSharedFiles,
  type RegistryModel,
  type RestoreMode,
  type SharedFileHandle,
} from './index';

const MODELS: RegistryModel[] = ['refcount', 'last-used-id'];
let n = 0;
function file(dir = 'job-1/shared', task = 'op#0'): SharedFileHandle {
  n += 1;
  const path = `${dir}/f${n}`;
  return {
    key: registryKeyForPath(path),
    path,
    sizeBytes: n,
    task,
    localName: `${n}.sst`,
    placeholder: false,
  };
}
const reuse = (h: SharedFileHandle): SharedFileHandle => ({ ...h, placeholder: true });

describe.each(MODELS)('%s model', (model) => {
  it('never registers savepoint files and never subsumes or deletes for a savepoint', () => {
    const reg = createSharedStateRegistry(model);
    const own = file();
    onCheckpointAcknowledged(reg, 1, [own]);
    onCheckpointCompleted(reg, 1, [1]);
    const sp = file('savepoints/savepoint-1-2');
    expect(onCheckpointAcknowledged(reg, 2, [sp], 'savepoint')).toEqual({
      deleted: [],
      released: [],
      subsumedCheckpointIds: [],
    });
    expect(onCheckpointCompleted(reg, 2, [2], 'savepoint').deleted).toEqual([]);
    expect(onCheckpointAborted(reg, 3, 'savepoint').deleted).toEqual([]);
    expect(getEntry(reg, sp.key)).toBeNull();
    expect(listEntries(reg).map((e) => e.path)).toEqual([own.path]);
  });

  it('resolves placeholders to the registered copy', () => {
    const reg = createSharedStateRegistry(model);
    const a = file();
    onCheckpointAcknowledged(reg, 1, [a]);
    onCheckpointCompleted(reg, 1, [1]);
    onCheckpointAcknowledged(reg, 2, [reuse(a), file()]);
    onCheckpointCompleted(reg, 2, [2]);
    expect(checkpointSharedFiles(reg, 2).map((e) => e.path)[0]).toBe(a.path);
    expect(getEntry(reg, a.key)).toMatchObject({
      createdByCheckpointId: 1,
      lastUsedCheckpointId: 2,
      retainedBy: [2],
    });
  });

  it('treats an acknowledgement after the abort as late', () => {
    const reg = createSharedStateRegistry(model);
    const a = file();
    onCheckpointAcknowledged(reg, 1, [a]);
    onCheckpointCompleted(reg, 1, [1]);
    const cp2Upload = file();
    onCheckpointAcknowledged(reg, 2, [cp2Upload]);
    onCheckpointAborted(reg, 2);
    const lateUpload = file('job-1/shared', 'op#1');
    const late = onCheckpointAcknowledged(reg, 2, [reuse(a), lateUpload]);
    if (model === 'refcount') {
      // ≤ 1.14 discards the late subtask state at once; the placeholder's file stays.
      expect(late.deleted.map((d) => [d.path, d.reason])).toEqual([
        [lateUpload.path, 'late-acknowledgement'],
      ]);
      expect(getEntry(reg, a.key)?.referenceCount).toBe(1);
    } else {
      // ≥ 1.15 registers it regardless; the next completion above 2 removes it.
      expect(late.deleted).toEqual([]);
      expect(getEntry(reg, lateUpload.key)?.lastUsedCheckpointId).toBe(2);
      expect(getEntry(reg, a.key)?.lastUsedCheckpointId).toBe(2);
      onCheckpointAcknowledged(reg, 3, [reuse(a)]);
      const done = onCheckpointCompleted(reg, 3, [3]);
      expect(done.deleted.map((d) => d.path)).toEqual([cp2Upload.path, lateUpload.path].sort());
      expect(getEntry(reg, a.key)).not.toBeNull();
    }
    expect(registryInvariantViolations(reg)).toEqual([]);
  });

  it.each(['NO_CLAIM', 'LEGACY', 'CLAIM'] as RestoreMode[])('restored in %s mode', (mode) => {
    const reg = createSharedStateRegistry(model);
    const restored = [file('old-job/shared'), file('old-job/shared')];
    registerRestored(reg, 7, restored, mode);
    expect(getEntry(reg, restored[0]!.key)).toMatchObject({
      createdByCheckpointId: 7,
      protected: mode !== 'CLAIM',
      retainedBy: [7],
    });
    // CP8 still uses restored[0] (incremental on top of the snapshot); CP9 uses neither.
    onCheckpointAcknowledged(reg, 8, [reuse(restored[0]!), file()]);
    const cp8 = onCheckpointCompleted(reg, 8, [8]);
    onCheckpointAcknowledged(reg, 9, [file()]);
    const cp9 = onCheckpointCompleted(reg, 9, [9]);
    const gone = [...cp8.deleted, ...cp9.deleted].map((d) => d.path);
    const kept = [...cp8.released, ...cp9.released].map((d) => d.path);
    if (mode === 'CLAIM') {
      expect(gone).toEqual(expect.arrayContaining(restored.map((h) => h.path)));
      expect(kept).toEqual([]);
    } else {
      expect(gone.filter((p) => p.startsWith('old-job/'))).toEqual([]);
      expect(kept.sort()).toEqual(restored.map((h) => h.path).sort());
      const why = explainFile(reg, restored[0]!.key);
      expect(why).toMatchObject({ status: 'discarded', discard: { deleted: false } });
    }
    expect(registryInvariantViolations(reg)).toEqual([]);
  });

  it('stays plain data: clones, JSON round-trips and digests identically across runs', () => {
    const run = (): ReturnType<typeof createSharedStateRegistry> => {
      n = 1000;
      const reg = createSharedStateRegistry(model);
      const a = file();
      registerRestored(reg, 3, [file('old/shared')], 'NO_CLAIM');
      onCheckpointAcknowledged(reg, 4, [a]);
      onCheckpointCompleted(reg, 4, [3, 4]);
      onCheckpointAcknowledged(reg, 5, [reuse(a), file()]);
      onCheckpointAborted(reg, 5);
      onCheckpointAcknowledged(reg, 6, [reuse(a)]);
      onCheckpointCompleted(reg, 6, [4, 6]);
      return reg;
    };
    const r1 = run();
    const r2 = run();
    expect(digestPlain(r1)).toBe(digestPlain(r2));
    expect(clonePlain(r1)).toEqual(r1);
    expect(JSON.parse(JSON.stringify(r1))).toEqual(r1);
  });

  it('rejects bad input, naming the value', () => {
    const reg = createSharedStateRegistry(model);
    const a = file();
    expect(() => onCheckpointAcknowledged(reg, 0, [a])).toThrow(/got 0/);
    expect(() => onCheckpointAcknowledged(reg, 1, [{ ...a, sizeBytes: -1 }])).toThrow(
      /sizeBytes .* got -1/,
    );
    expect(() => onCheckpointAcknowledged(reg, 1, [{ ...a, key: '' }])).toThrow(/handle\.key/);
    const ghost = reuse(file());
    if (model === 'last-used-id')
      expect(() => onCheckpointAcknowledged(reg, 1, [ghost])).toThrow(ghost.key);
    else {
      onCheckpointAcknowledged(reg, 1, [ghost]);
      expect(() => onCheckpointCompleted(reg, 1, [1])).toThrow(`unknown state ${ghost.key}`);
    }
    const reg2 = createSharedStateRegistry(model);
    onCheckpointAcknowledged(reg2, 1, [a]);
    expect(() => onCheckpointCompleted(reg2, 1, [])).toThrow(
      /must include the completed checkpoint 1/,
    );
    expect(() => onCheckpointCompleted(reg2, 1, [1, 5])).toThrow(/retained id 5/);
    onCheckpointCompleted(reg2, 1, [1]);
    expect(() => onCheckpointAcknowledged(reg2, 1, [a])).toThrow(/already completed/);
    expect(() => onCheckpointAborted(reg2, 1)).toThrow(/has completed/);
    onCheckpointAborted(reg2, 2);
    expect(() => onCheckpointAborted(reg2, 2)).toThrow(/already aborted/);
    expect(() => onCheckpointCompleted(reg2, 2, [1, 2])).toThrow(/was aborted/);
    expect(() => registerRestored(reg2, 1, [file()], 'NO_CLAIM')).toThrow(/already known/);
    expect(() => registerRestored(reg2, 9, [reuse(a)], 'CLAIM')).toThrow(/placeholder/);
  });
});

it('rejects an unknown model name', () => {
  expect(() => createSharedStateRegistry('gc' as RegistryModel)).toThrow(/"gc"/);
});

it('refcount: acknowledged files are pending, not registered, until the checkpoint completes', () => {
  const reg = createSharedStateRegistry('refcount');
  const a = file();
  onCheckpointAcknowledged(reg, 1, [a]);
  expect(getEntry(reg, a.key)).toBeNull();
  expect(explainFile(reg, a.key)).toMatchObject({
    status: 'acknowledged',
    pendingCheckpointIds: [1],
    path: a.path,
  });
  onCheckpointCompleted(reg, 1, [1]);
  expect(getEntry(reg, a.key)).toMatchObject({
    referenceCount: 1,
    retainedBy: [1],
    confirmed: true,
  });
});

it.each(MODELS)('%s: a rejected call leaves the registry unchanged', (model) => {
  const reg = createSharedStateRegistry(model);
  const a = file();
  onCheckpointAcknowledged(reg, 1, [a]);
  onCheckpointCompleted(reg, 1, [1]);
  const before = digestPlain(reg);
  const other = file();
  expect(() =>
    onCheckpointAcknowledged(reg, 2, [file(), { ...other }, { ...other, path: 'x' }]),
  ).toThrow(/acknowledged twice/);
  expect(() => onCheckpointCompleted(reg, 2, [1, 2, 2])).toThrow(/duplicates/);
  if (model === 'last-used-id') {
    expect(() => onCheckpointAcknowledged(reg, 2, [file(), reuse(file())])).toThrow(
      /unknown state/,
    );
  }
  expect(digestPlain(reg)).toBe(before);
});

describe('refcount (Flink ≤ 1.14): a savepoint is registered and never releases its references', () => {
  // 1.14 CheckpointCoordinator#completePendingCheckpoint registers every completed snapshot
  // (`sharedStateRegistry.registerAll`); CompletedCheckpoint#discardOnSubsume discards only when
  // `CheckpointProperties#discardOnSubsumed`, which is false for savepoints.
  it('keeps a file it shares with later checkpoints after they are all subsumed', () => {
    const reg = createSharedStateRegistry('refcount');
    const spFile = file('savepoints/savepoint-1-1');
    onCheckpointAcknowledged(reg, 1, [spFile], 'registered-savepoint');
    expect(getEntry(reg, spFile.key)).toBeNull(); // pending until completion, as for a checkpoint
    onCheckpointCompleted(reg, 1, [1], 'registered-savepoint');
    // Restored from the savepoint, checkpoints 2 and 3 carry its file (a changelog materialized part).
    onCheckpointAcknowledged(reg, 2, [{ ...spFile }]);
    onCheckpointCompleted(reg, 2, [1, 2]);
    onCheckpointAcknowledged(reg, 3, [{ ...spFile }]);
    const third = onCheckpointCompleted(reg, 3, [2, 3]);
    expect(third.subsumedCheckpointIds).toEqual([1]);
    const fourth = file();
    onCheckpointAcknowledged(reg, 4, [fourth]);
    onCheckpointCompleted(reg, 4, [3, 4]);
    onCheckpointAcknowledged(reg, 5, [file()]);
    const last = onCheckpointCompleted(reg, 5, [4, 5]);
    expect(last.deleted.map((d) => d.path)).not.toContain(spFile.path);
    expect(reg.discarded.map((d) => d.path)).not.toContain(spFile.path);
    expect(getEntry(reg, spFile.key)).toMatchObject({ referenceCount: 1, retainedBy: [1] });
    expect(reg.checkpoints.find((c) => c.checkpointId === 1)).toMatchObject({ status: 'kept', savepoint: true });
    expect(registryInvariantViolations(reg)).toEqual([]);
  });

  it('registers a savepoint that completes after a newer checkpoint, outside the store', () => {
    const reg = createSharedStateRegistry('refcount');
    const spFile = file('savepoints/savepoint-1-1');
    onCheckpointAcknowledged(reg, 1, [spFile], 'registered-savepoint');
    onCheckpointAcknowledged(reg, 2, [file()]);
    onCheckpointCompleted(reg, 2, [2]);
    const sp = onCheckpointCompleted(reg, 1, [2], 'registered-savepoint');
    expect(sp.subsumedCheckpointIds).toEqual([]);
    expect(getEntry(reg, spFile.key)).toMatchObject({ referenceCount: 1, retainedBy: [1] });
    expect(reg.checkpoints.map((c) => [c.checkpointId, c.status])).toEqual([[1, 'kept'], [2, 'retained']]);
    expect(registryInvariantViolations(reg)).toEqual([]);
  });
});
