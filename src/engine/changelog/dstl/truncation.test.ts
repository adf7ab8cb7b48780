import { describe, expect, it } from 'vitest';
import { keyGroupRange } from '../../keys/keyGroupRange';
import { VOID_NAMESPACE } from '../../state/namespaces';
import type { UploadResult } from './changelogStateHandle';
import {
  createChangelogTruncateHelper,
  truncateHelperCheckpoint,
  truncateHelperCheckpointSubsumed,
  truncateHelperMaterialized,
} from './changelogTruncateHelper';
import { append, nextSequenceNumber, persist } from './fsStateChangelogWriter';
import { createFsStateChangelogWriter } from './fsStateChangelogWriterState';
import { confirm, truncate } from './fsStateChangelogWriterLifecycle';
import { STATE_CHANGE_OPERATION_CODES as OP } from './stateChangeOperation';
import {
  createTaskChangelogRegistry,
  release,
  startTracking,
  stopTracking,
  trackedReferences,
} from './taskChangelogRegistry';
import { handleUploadSuccess } from './writerUploadCallbacks';

describe('ChangelogTruncateHelper', () => {
  it('truncates to min(subsumedUpTo, materializedUpTo), only once both are known', () => {
    const h = createChangelogTruncateHelper();
    truncateHelperCheckpoint(h, 1, 2);
    truncateHelperCheckpoint(h, 2, 5);
    truncateHelperCheckpoint(h, 3, 7);
    expect(truncateHelperCheckpointSubsumed(h, 1)).toBeNull(); // nothing materialized yet
    expect(truncateHelperMaterialized(h, 4)).toBe(2); // subsumed up to 2 < materialized 4
    expect(truncateHelperCheckpointSubsumed(h, 2)).toBe(4); // subsumed 5 > materialized 4
    expect(h.checkpointedUpTo.map((c) => c.checkpointId)).toEqual([3]);
    expect(truncateHelperCheckpointSubsumed(h, 99)).toBeNull(); // unknown checkpoint: nothing
  });
});

describe('TaskChangelogRegistry', () => {
  it('discards a file when its last change set is released, unless the JobManager owns it', () => {
    const reg = createTaskChangelogRegistry();
    startTracking(reg, 'f1', 2);
    startTracking(reg, 'f2', 1);
    expect(release(reg, 'f1')).toBe('still-referenced');
    expect(trackedReferences(reg, 'f1')).toBe(1);
    expect(release(reg, 'f1')).toBe('discard');
    expect(stopTracking(reg, 'f2')).toBe(true);
    expect(release(reg, 'f2')).toBe('not-tracked');
    expect(() => startTracking(reg, 'f3', 0)).toThrow(
      /initial refCount of f3 must be larger than zero/,
    );
  });
});

describe('seed 000 timeline with truncation', () => {
  it('CP-1 = set 1; CP-2 (m1 unfinished) = sets 1–3; CP-3 = m1 + sets 3–4; the old sets are released after subsumption', () => {
    const w = createFsStateChangelogWriter({
      logId: 'op#0',
      keyGroupRange: keyGroupRange(0, 9),
      preEmptivePersistThresholdBytes: 1 << 20,
    });
    const h = createChangelogTruncateHelper();
    const reg = createTaskChangelogRegistry();
    let file = 0;
    const change = (v: number) =>
      append(w, 1, { op: OP.SET, state: 'v', key: 'k', namespace: VOID_NAMESPACE, payload: v });
    // Each upload goes to its own file here; batching is tested elsewhere.
    const checkpoint = (id: number, from: number) => {
      const p = persist(w, from, id);
      if (p.status !== 'ok') throw new Error(p.reason);
      truncateHelperCheckpoint(h, id, p.range.to);
      if (p.task !== null) {
        const f = `dstl-${++file}`;
        const results: UploadResult[] = p.task.changeSets.map((s, i) => ({
          logId: s.logId,
          sequenceNumber: s.sequenceNumber,
          file: f,
          offset: i * 50,
          size: s.sizeBytes,
          recordBytes: s.sizeBytes + 20,
        }));
        startTracking(reg, f, results.length);
        handleUploadSuccess(w, results);
      }
      return p.range;
    };
    change(1); // T0..T1: change set "1" (sqn 0)
    expect(checkpoint(1, 0)).toEqual({ from: 0, to: 1 });
    change(2);
    const m1SyncPoint = nextSequenceNumber(w); // T2: m1 starts; its sync point closes set "2" (sqn 1)
    change(3);
    expect(checkpoint(2, 0)).toEqual({ from: 0, to: 3 }); // T3: m1 unfinished → sets 1, 2, 3
    // m1 finishes: checkpoints from now on start at its sync point.
    expect(truncateHelperMaterialized(h, m1SyncPoint)).toBeNull(); // no checkpoint subsumed yet
    change(4);
    expect(m1SyncPoint).toBe(2);
    expect(checkpoint(3, m1SyncPoint)).toEqual({ from: 2, to: 4 }); // T4: m1 + sets 3, 4 (sqn 2, 3)
    // CP-3 completes: the JobManager owns the files it references (dstl-2 holds sets 1 and 2).
    expect(confirm(w, m1SyncPoint, 4, 3)).toEqual(['dstl-2', 'dstl-3']);
    for (const f of confirm(w, m1SyncPoint, 4, 3)) stopTracking(reg, f);
    // CP-3 completes, CP-1 and CP-2 are subsumed: changes below m1's sync point can go.
    expect(truncateHelperCheckpointSubsumed(h, 2)).toBe(m1SyncPoint);
    const t = truncate(w, m1SyncPoint);
    expect(t.released.map((r) => [r.sequenceNumber, r.file])).toEqual([
      [0, 'dstl-1'],
      [1, 'dstl-2'],
    ]);
    // dstl-1 (only set 0) is deleted by the TaskManager; dstl-2 is the JobManager's to delete now.
    expect(t.released.map((r) => release(reg, r.file))).toEqual(['discard', 'not-tracked']);
  });
});
