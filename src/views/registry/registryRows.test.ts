/**
 * Seed 002's table, step by step, on the seed 002 scenario (reference counts, num-retained 2,
 * compactions (1,2,3) and (4,6,7)): rows appear when a checkpoint completes, counts equal the
 * retained users, compaction outputs carry their lineage, and files leave as deleted rows with
 * the registry's reason.
 */
import { describe, expect, it } from 'vitest';
import { listEntries, type EngineEvent } from '../../engine';
import { positionsWhere, recordScenarioFile } from '../job/recordedRuns';
import { formatRetained, lineageByPath, registryRows } from './registryRows';

const tl = recordScenarioFile('scenarios/seed002-refcount.json');
const lineage = lineageByPath(tl.records().map((r) => r.events));
const rowsAt = (p: number) => registryRows(tl.stateAt(p), p > 0 ? tl.stateAt(p - 1) : null, tl.eventsAt(p), lineage);

describe('the registry table (seed 002)', () => {
  it('marks the files a completing checkpoint registers as new, with count = retained users', () => {
    const completions = positionsWhere(tl, (e) => e.type === 'checkpoint.completed');
    expect(completions.length).toBe(4);
    for (const p of completions) {
      const id = tl.eventsAt(p).find((e) => e.type === 'checkpoint.completed')!;
      const rows = rowsAt(p).filter((r) => r.change !== 'deleted');
      expect(rows.length).toBe(listEntries(tl.stateAt(p).registry).length);
      for (const r of rows) {
        expect(r.referenceCount).toBe(r.retainedBy.length);
        if (r.createdBy === (id.type === 'checkpoint.completed' ? id.checkpointId : -1)) expect(r.change).toBe('new');
      }
    }
    // The second completion adds a reference to the files of checkpoint 1: changed rows.
    expect(rowsAt(completions[1]!).some((r) => r.change === 'changed' && r.retainedBy.join() === '1,2')).toBe(true);
  });

  it('shows compaction outputs with their lineage, like sstable-(1,2,3)', () => {
    const end = tl.length;
    const all = [...rowsAt(end), ...positionsWhere(tl, (e) => e.type === 'checkpoint.completed').flatMap(rowsAt)];
    const merged = all.find((r) => r.file.inputs.join(',') === '1,2,3');
    expect(merged).toBeDefined();
    expect(merged!.file.kind).toBe('sst');
  });

  it('lists a deleted shared file as a deleted row with the reason of its deletion', () => {
    // Shared SSTs: an incremental checkpoint's MANIFEST, CURRENT and OPTIONS sit in shared/ too but
    // are never registered (RocksIncrementalSnapshotStrategy L356–388); they go with their checkpoint.
    const sharedSst = (e: EngineEvent) => e.type === 'file.discarded' && e.path.includes('/shared/') && /reference count|last used/.test(e.reason);
    const p = positionsWhere(tl, sharedSst)[0]!;
    const discarded = tl.eventsAt(p).filter(sharedSst);
    const deleted = rowsAt(p).filter((r) => r.change === 'deleted');
    expect(deleted.map((r) => r.path).sort()).toEqual(discarded.map((e) => (e.type === 'file.discarded' ? e.path : '')).sort());
    for (const r of deleted) {
      expect(r.reason).toBeTruthy();
      expect(r.referenceCount).toBe(0); // seed 002: the count reached 0, so the file was deleted
    }
    // Deleted rows come after the live ones.
    const rows = rowsAt(p);
    expect(rows.findIndex((r) => r.change === 'deleted')).toBe(rows.length - deleted.length);
  });

  it('writes retained checkpoints as seed 002 does: a range when contiguous, else a list', () => {
    expect(formatRetained([2, 3])).toBe('2–3');
    expect(formatRetained([2, 4])).toBe('2, 4');
    expect(formatRetained([3])).toBe('3');
    expect(formatRetained([])).toBe('–');
  });
});
