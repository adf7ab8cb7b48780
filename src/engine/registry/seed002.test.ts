// Seed 002's worked example (num-retained = 2, two compactions), reproduced at registry level.
// The refcount model must give the article's table after each checkpoint; the last-used-id model
// must delete the same files at the same moment.
import { describe, expect, it } from 'vitest';
import {
  createSharedStateRegistry,
  explainFile,
  getEntry,
  listEntries,
  onCheckpointAcknowledged,
  onCheckpointCompleted,
  registryInvariantViolations,
  registryKeyForPath,
  type RegistryModel,
  type SharedFileHandle,
  type SharedStateRegistry,
} from './index';

const TASK = 'window#0';
const pathOf = (label: string): string => `job-1/shared/sstable-(${label})`;
const upload = (label: string): SharedFileHandle => ({
  key: registryKeyForPath(pathOf(label)),
  path: pathOf(label),
  sizeBytes: 64,
  task: TASK,
  localName: `sstable-(${label})`,
  placeholder: false,
});
const reuse = (label: string): SharedFileHandle => ({ ...upload(label), placeholder: true });

// What each checkpoint's incremental snapshot reports (new uploads and placeholders). File 6 is
// flushed after CP3 and merged into (4,5,6) before CP4 snapshots, so no checkpoint ever uploads it.
const HISTORY: { id: number; files: SharedFileHandle[] }[] = [
  { id: 1, files: [upload('1'), upload('2')] },
  { id: 2, files: [reuse('1'), reuse('2'), upload('3'), upload('4')] },
  { id: 3, files: [upload('1,2,3'), reuse('4'), upload('5')] },
  { id: 4, files: [reuse('1,2,3'), upload('4,5,6')] },
];

// The article's table: reference count of every file after each checkpoint completes (0 = gone).
const SEED_TABLE: Record<string, number>[] = [
  { '1': 1, '2': 1 },
  { '1': 2, '2': 2, '3': 1, '4': 1 },
  { '1': 1, '2': 1, '3': 1, '4': 2, '1,2,3': 1, '5': 1 },
  { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1, '1,2,3': 2, '4,5,6': 1 },
];
const RETAINED_AFTER = [[1], [1, 2], [2, 3], [3, 4]];
const DELETED_AT = [[], [], [], ['1', '2', '3']];

/** Runs the seed's four checkpoints; calls `check` after each completion with what was deleted. */
function runSeed(
  model: RegistryModel,
  check: (i: number, reg: SharedStateRegistry, deleted: string[]) => void,
): void {
  const reg = createSharedStateRegistry(model);
  const store: number[] = [];
  HISTORY.forEach(({ id, files }, i) => {
    const acked = onCheckpointAcknowledged(reg, id, files);
    expect(acked.deleted).toEqual([]);
    store.push(id);
    while (store.length > 2) store.shift();
    const done = onCheckpointCompleted(reg, id, store);
    expect(registryInvariantViolations(reg)).toEqual([]);
    check(
      i,
      reg,
      done.deleted.map((d) => d.localName.slice('sstable-('.length, -1)),
    );
  });
}

describe('seed 002: reference-counted shared files (num-retained = 2)', () => {
  it('gives the article’s reference counts after CP1–CP4 and deletes 1, 2, 3 when CP4 completes', () => {
    runSeed('refcount', (i, reg, deleted) => {
      const counts: Record<string, number> = {};
      for (const label of Object.keys(SEED_TABLE[i]!))
        counts[label] = getEntry(reg, pathOf(label))?.referenceCount ?? 0;
      expect(counts, `after CP${i + 1}`).toEqual(SEED_TABLE[i]);
      // No other file is registered (in particular never file 6).
      expect(listEntries(reg).length).toBe(
        Object.values(SEED_TABLE[i]!).filter((n) => n > 0).length,
      );
      expect(deleted, `deleted at CP${i + 1}`).toEqual(DELETED_AT[i]);
      for (const e of listEntries(reg))
        expect(e.retainedBy.every((id) => RETAINED_AFTER[i]!.includes(id))).toBe(true);
    });
  });

  it('explains why (1,2,3) is alive and why 1 was deleted', () => {
    runSeed('refcount', (i, reg) => {
      if (i !== 3) return;
      const alive = explainFile(reg, pathOf('1,2,3'));
      expect(alive.status).toBe('registered');
      if (alive.status === 'registered') {
        expect(alive.entry.retainedBy).toEqual([3, 4]);
        expect(alive.entry.referenceCount).toBe(2);
        expect(alive.keptBy).toEqual(['referenced-by-retained-checkpoint']);
      }
      const gone = explainFile(reg, pathOf('1'));
      expect(gone.status).toBe('discarded');
      if (gone.status === 'discarded') {
        expect(gone.discard).toMatchObject({
          reason: 'reference-count-zero',
          deleted: true,
          atCheckpointId: 4,
          subsumedCheckpointId: 2,
          createdByCheckpointId: 1,
        });
      }
      expect(explainFile(reg, pathOf('6')).status).toBe('unknown');
    });
  });
});

describe('seed 002 under the last-used-id model', () => {
  it('deletes the same files at the same moment', () => {
    const byModel: Record<RegistryModel, string[][]> = { refcount: [], 'last-used-id': [] };
    for (const model of ['refcount', 'last-used-id'] as const) {
      runSeed(model, (_i, _reg, deleted) => byModel[model].push(deleted));
    }
    expect(byModel['last-used-id']).toEqual(DELETED_AT);
    expect(byModel['last-used-id']).toEqual(byModel.refcount);
  });

  it('keeps last-used ids instead of counts', () => {
    runSeed('last-used-id', (i, reg) => {
      const lastUsed = Object.fromEntries(
        listEntries(reg).map((e) => [e.localName, e.lastUsedCheckpointId]),
      );
      const expected = [
        { 'sstable-(1)': 1, 'sstable-(2)': 1 },
        { 'sstable-(1)': 2, 'sstable-(2)': 2, 'sstable-(3)': 2, 'sstable-(4)': 2 },
        // Lowest retained is 2 and 1, 2, 3 were last used by 2: kept.
        {
          'sstable-(1)': 2,
          'sstable-(2)': 2,
          'sstable-(3)': 2,
          'sstable-(4)': 3,
          'sstable-(1,2,3)': 3,
          'sstable-(5)': 3,
        },
        // Lowest retained is 3: everything last used by 2 is gone.
        { 'sstable-(4)': 3, 'sstable-(5)': 3, 'sstable-(1,2,3)': 4, 'sstable-(4,5,6)': 4 },
      ][i];
      expect(lastUsed, `after CP${i + 1}`).toEqual(expected);
      for (const e of listEntries(reg)) expect(e.referenceCount).toBeNull();
    });
  });
});
