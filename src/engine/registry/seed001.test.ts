// Seed 001's failed checkpoint: CP1 = {1, 2}; CP2 adds 4 but fails after the task acknowledged;
// CP3 holds {1, 2, 4, 5} and uploads 4 and 5 again. CP3's 4 must never be taken for CP2's 4, and
// CP2's upload of 4 must be deleted in the end, never leaked.
import { describe, expect, it } from 'vitest';
import {
  createSharedStateRegistry,
  explainFile,
  explainPath,
  getEntry,
  onCheckpointAborted,
  onCheckpointAcknowledged,
  onCheckpointCompleted,
  registryInvariantViolations,
  registryKeyForLocalFile,
  registryKeyForPath,
  type RegistryModel,
  type RegistryOutcome,
  type SharedFileHandle,
  type SharedStateRegistry,
} from './index';

const TASK = 'sum#0';
const RANGE = { startKeyGroup: 0, endKeyGroup: 127 };
type Keying = 'path' | 'file-name';

/** An upload of local SST `n` by checkpoint `cp` (each upload gets its own remote path). */
function upload(keying: Keying, n: number, cp: number): SharedFileHandle {
  const localName = `00000${n}.sst`;
  const path = `job-1/shared/cp${cp}-${localName}`;
  const key =
    keying === 'path'
      ? registryKeyForPath(path)
      : registryKeyForLocalFile('backend-a', RANGE, localName);
  return { key, path, sizeBytes: 100 + n, task: TASK, localName, placeholder: false };
}
const reuse = (h: SharedFileHandle): SharedFileHandle => ({ ...h, placeholder: true });

const paths = (o: RegistryOutcome): string[] => o.deleted.map((d) => d.path);

interface SeedRun {
  reg: SharedStateRegistry;
  cp2Four: SharedFileHandle;
  cp3Four: SharedFileHandle;
  abort: RegistryOutcome;
  cp3Ack: RegistryOutcome;
  cp3Done: RegistryOutcome;
}

function runSeed001(model: RegistryModel, keying: Keying, numRetained: number): SeedRun {
  const reg = createSharedStateRegistry(model);
  const store: number[] = [];
  const complete = (id: number): RegistryOutcome => {
    store.push(id);
    while (store.length > numRetained) store.shift();
    return onCheckpointCompleted(reg, id, store);
  };
  const one = upload(keying, 1, 1);
  const two = upload(keying, 2, 1);
  onCheckpointAcknowledged(reg, 1, [one, two]);
  complete(1);
  // CP2: the RocksDB task acknowledges {1, 2, 4}; another task declines, so CP2 is aborted.
  const cp2Four = upload(keying, 4, 2);
  onCheckpointAcknowledged(reg, 2, [reuse(one), reuse(two), cp2Four]);
  const abort = onCheckpointAborted(reg, 2);
  // CP3: the task only trusts the last *completed* checkpoint (CP1), so it uploads 4 again.
  const cp3Four = upload(keying, 4, 3);
  const cp3Ack = onCheckpointAcknowledged(reg, 3, [
    reuse(one),
    reuse(two),
    cp3Four,
    upload(keying, 5, 3),
  ]);
  const cp3Done = complete(3);
  expect(registryInvariantViolations(reg)).toEqual([]);
  return { reg, cp2Four, cp3Four, abort, cp3Ack, cp3Done };
}

describe('seed 001 with path keys (Flink ≥ 1.18 keys)', () => {
  it('refcount: CP2’s 4 was never registered and is deleted with the aborted checkpoint', () => {
    const r = runSeed001('refcount', 'path', 1);
    expect(paths(r.abort)).toEqual([r.cp2Four.path]);
    expect(r.abort.deleted[0]).toMatchObject({
      reason: 'aborted-checkpoint',
      createdByCheckpointId: null,
    });
    expect(paths(r.cp3Ack)).toEqual([]);
    expect(paths(r.cp3Done)).toEqual([]);
    expect(getEntry(r.reg, r.cp3Four.key)).toMatchObject({
      path: r.cp3Four.path,
      createdByCheckpointId: 3,
      referenceCount: 1,
    });
    expect(getEntry(r.reg, r.cp2Four.key)).toBeNull();
  });

  it('last-used-id: CP2’s 4 stays registered after the abort and goes when CP3 completes (num-retained 1)', () => {
    const r = runSeed001('last-used-id', 'path', 1);
    expect(paths(r.abort)).toEqual([]);
    expect(paths(r.cp3Ack)).toEqual([]);
    expect(paths(r.cp3Done)).toEqual([r.cp2Four.path]);
    expect(r.cp3Done.deleted[0]).toMatchObject({
      reason: 'unused-below-lowest-retained',
      lastUsedCheckpointId: 2,
      lowestRetainedCheckpointId: 3,
      createdByCheckpointId: 2,
    });
    expect(getEntry(r.reg, r.cp3Four.key)).toMatchObject({
      path: r.cp3Four.path,
      createdByCheckpointId: 3,
      lastUsedCheckpointId: 3,
    });
    // CP1's files were reused by CP3: their last use moved to 3 and they survive CP1's subsumption.
    expect(
      getEntry(r.reg, registryKeyForPath('job-1/shared/cp1-000001.sst'))?.lastUsedCheckpointId,
    ).toBe(3);
  });

  it('last-used-id with num-retained 2: CP2’s 4 outlives the abort until CP1 is subsumed, then goes', () => {
    const r = runSeed001('last-used-id', 'path', 2);
    expect(paths(r.cp3Done)).toEqual([]);
    const why = explainFile(r.reg, r.cp2Four.key);
    expect(why.status).toBe('registered');
    if (why.status === 'registered') {
      expect(why.entry.retainedBy).toEqual([]);
      expect(why.lastUseAborted).toBe(true);
      expect(why.lowestRetainedCheckpointId).toBe(1);
      expect(why.keptBy).toEqual(['last-use-not-below-lowest-retained']);
      expect(why.unusedOnceLowestRetainedAbove).toBe(2);
    }
    // CP4 reuses CP3's files; CP1 is subsumed, the lowest retained becomes 3 and 4@CP2 is deleted.
    onCheckpointAcknowledged(r.reg, 4, [r.cp3Four].map(reuse));
    const cp4 = onCheckpointCompleted(r.reg, 4, [3, 4]);
    expect(cp4.subsumedCheckpointIds).toEqual([1]);
    expect(paths(cp4)).toContain(r.cp2Four.path);
    expect(paths(cp4)).not.toContain(r.cp3Four.path);
    expect(explainFile(r.reg, r.cp2Four.key)).toMatchObject({
      status: 'discarded',
      discard: { atCheckpointId: 4 },
    });
  });
});

describe('seed 001 with file-name keys (Flink ≤ 1.17 keys)', () => {
  it('last-used-id (1.15–1.17): CP3’s upload replaces CP2’s unconfirmed one under the same key', () => {
    const r = runSeed001('last-used-id', 'file-name', 1);
    expect(r.cp2Four.key).toBe(r.cp3Four.key);
    expect(paths(r.cp3Ack)).toEqual([r.cp2Four.path]);
    expect(r.cp3Ack.deleted[0]).toMatchObject({
      reason: 'replaced-unconfirmed-upload',
      atCheckpointId: 3,
    });
    expect(getEntry(r.reg, r.cp3Four.key)).toMatchObject({
      path: r.cp3Four.path,
      createdByCheckpointId: 3,
      lastUsedCheckpointId: 3,
      confirmed: true,
    });
    expect(paths(r.cp3Done)).toEqual([]);
    expect(explainPath(r.reg, r.cp2Four.path)).toMatchObject({ status: 'discarded' });
    expect(explainPath(r.reg, r.cp3Four.path)).toMatchObject({ status: 'registered' });
  });

  it('refcount: no collision, because the aborted CP2 never registered', () => {
    const r = runSeed001('refcount', 'file-name', 1);
    expect(paths(r.abort)).toEqual([r.cp2Four.path]);
    expect(getEntry(r.reg, r.cp3Four.key)).toMatchObject({
      path: r.cp3Four.path,
      createdByCheckpointId: 3,
    });
  });
});

describe('a re-upload under a confirmed key (the completion notice reached the task late)', () => {
  for (const model of ['refcount', 'last-used-id'] as const) {
    it(`${model}: the registered copy wins and the new copy is deleted`, () => {
      const reg = createSharedStateRegistry(model);
      const first = upload('file-name', 1, 1);
      onCheckpointAcknowledged(reg, 1, [first]);
      onCheckpointCompleted(reg, 1, [1]);
      const again = upload('file-name', 1, 2);
      const ack = onCheckpointAcknowledged(reg, 2, [again]);
      const done = onCheckpointCompleted(reg, 2, [1, 2]);
      const dropped = [...ack.deleted, ...done.deleted];
      expect(dropped.map((d) => [d.path, d.reason])).toEqual([[again.path, 'duplicate-upload']]);
      // Only 1.14 counts: both checkpoints hold a reference to the one registered copy.
      expect(getEntry(reg, first.key)).toMatchObject({
        path: first.path,
        retainedBy: [1, 2],
        referenceCount: model === 'refcount' ? 2 : null,
      });
      expect(registryInvariantViolations(reg)).toEqual([]);
    });
  }
});

describe('concurrent checkpoints with file-name keys (the FLINK-29913 corner)', () => {
  it('never replaces a copy that a retained checkpoint uses, even when it is not flagged confirmed', () => {
    const reg = createSharedStateRegistry('last-used-id');
    const first = upload('file-name', 1, 1);
    onCheckpointAcknowledged(reg, 1, [first]);
    // CP2 (concurrent) reuses it before CP1 completes, so its last use is 2 when CP1 completes and
    // `checkpointCompleted(1)` does not confirm it.
    onCheckpointAcknowledged(reg, 2, [reuse(first)]);
    onCheckpointCompleted(reg, 1, [1]);
    expect(getEntry(reg, first.key)).toMatchObject({ confirmed: false, retainedBy: [1] });
    const other = upload('file-name', 1, 3);
    const ack = onCheckpointAcknowledged(reg, 3, [other]);
    expect(ack.deleted.map((d) => [d.path, d.reason])).toEqual([[other.path, 'duplicate-upload']]);
    expect(getEntry(reg, first.key)?.path).toBe(first.path);
    expect(registryInvariantViolations(reg)).toEqual([]);
  });
});
