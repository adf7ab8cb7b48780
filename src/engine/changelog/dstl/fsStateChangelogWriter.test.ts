import { describe, expect, it } from 'vitest';
import { keyGroupRange } from '../../keys/keyGroupRange';
import { VOID_NAMESPACE } from '../../state/namespaces';
import type { UploadResult } from './changelogStateHandle';
import {
  append,
  appendChange,
  appendMeta,
  lastAppendedSqn,
  lowestSqn,
  nextSequenceNumber,
  persist,
  preEmptivePersistDue,
  type PersistResult,
} from './fsStateChangelogWriter';
import {
  DUMMY_PERSIST_CHECKPOINT,
  createFsStateChangelogWriter,
  type FsStateChangelogWriterState,
} from './fsStateChangelogWriterState';
import {
  close,
  confirm,
  reset,
  truncate,
  truncateAndClose,
} from './fsStateChangelogWriterLifecycle';
import { META_KEY_GROUP, metadataChange } from './stateChange';
import { STATE_CHANGE_OPERATION_CODES as OP } from './stateChangeOperation';
import { handleUploadFailure, handleUploadSuccess } from './writerUploadCallbacks';
import { writerFigures } from './writerFigures';
import { nonPlainPaths } from './testSupport';

const KGR = keyGroupRange(0, 63);
const newWriter = (threshold = 1 << 20): FsStateChangelogWriterState =>
  createFsStateChangelogWriter({
    logId: 'count#0',
    keyGroupRange: KGR,
    preEmptivePersistThresholdBytes: threshold,
  });
const set = (w: FsStateChangelogWriterState, key: string, value: number) =>
  append(w, 7, { op: OP.SET, state: 'count', key, namespace: VOID_NAMESPACE, payload: value });

/** Plays the uploader: every change set of the task lands in `file`, at made-up offsets. */
function uploaded(p: PersistResult, file: string): UploadResult[] {
  if (p.status !== 'ok' || p.task === null) throw new Error('nothing to upload');
  return p.task.changeSets.map((s, i) => ({
    logId: s.logId,
    sequenceNumber: s.sequenceNumber,
    file,
    offset: 100 * i,
    size: s.sizeBytes,
    recordBytes: s.sizeBytes + 30,
  }));
}
const ok = (p: PersistResult) => {
  if (p.status !== 'ok') throw new Error(p.reason);
  return p;
};
const sqnsOf = (p: PersistResult) => ok(p).task?.changeSets.map((s) => s.sequenceNumber) ?? [];

describe('FsStateChangelogWriter: sequence numbers and rollover', () => {
  it('starts at 0; nextSequenceNumber closes a non-empty active set and moves on, an empty one stays', () => {
    const w = newWriter();
    expect(nextSequenceNumber(w)).toBe(0); // nothing appended: no empty change set, no gap
    set(w, 'a', 1);
    set(w, 'b', 2);
    expect(lastAppendedSqn(w)).toBe(0);
    expect(nextSequenceNumber(w)).toBe(1);
    expect(w.notUploaded.map((s) => [s.sequenceNumber, s.changes.length])).toEqual([[0, 2]]);
    expect(nextSequenceNumber(w)).toBe(1);
    set(w, 'a', 3);
    expect(nextSequenceNumber(w)).toBe(2);
    expect(w.notUploaded.map((s) => s.sequenceNumber)).toEqual([0, 1]);
    expect(w.notUploaded[0]!.sizeBytes).toBe(
      writerFigures(w).notUploadedBytes - w.notUploaded[1]!.sizeBytes,
    );
  });

  it('appendMeta goes to META_KEY_GROUP; appendChange routes a complete StateChange', () => {
    const w = newWriter();
    appendMeta(w, 'count', { name: 'count', kind: 'value' });
    appendChange(w, metadataChange('other', { name: 'other' }));
    appendChange(w, {
      keyGroup: 9,
      op: OP.CLEAR,
      state: 'count',
      key: 5,
      namespace: VOID_NAMESPACE,
      payload: null,
    });
    expect(w.activeChangeSet.map((c) => c.keyGroup)).toEqual([META_KEY_GROUP, META_KEY_GROUP, 9]);
    expect(() =>
      append(w, 64, { op: OP.SET, state: 'count', key: 1, namespace: VOID_NAMESPACE, payload: 1 }),
    ).toThrow(/key group 64 is outside its range \[0, 63\]/);
  });
});

describe('FsStateChangelogWriter#persist', () => {
  it('uploads exactly the closed, not-yet-uploaded sets ≥ from (rolling over the active one)', () => {
    const w = newWriter();
    for (let i = 0; i < 3; i++) {
      set(w, 'k', i);
      nextSequenceNumber(w);
    }
    set(w, 'k', 3); // active, sqn 3
    const p = ok(persist(w, 1, 5));
    expect(p.range).toEqual({ from: 1, to: 4 });
    expect(sqnsOf(p)).toEqual([1, 2, 3]);
    expect(p.alreadyUploaded).toEqual([]);
    expect(p.completed).toBeNull();
    expect(w.notUploaded.map((s) => s.sequenceNumber)).toEqual([0]); // below `from`: untouched
    expect(writerFigures(w).uploadingBytes).toBe(p.task!.sizeBytes);
  });

  it('completes when the upload arrives; a second persist of the range uploads nothing and returns the same handles', () => {
    const w = newWriter();
    set(w, 'a', 1);
    nextSequenceNumber(w);
    set(w, 'b', 2);
    const p1 = ok(persist(w, 0, 1));
    const results = uploaded(p1, 'f1');
    const outcome = handleUploadSuccess(w, results);
    expect(outcome.completed).toHaveLength(1);
    const handle = outcome.completed[0]!.handle;
    expect(outcome.completed[0]!.checkpointId).toBe(1);
    expect(handle.handlesAndOffsets).toEqual([
      { file: 'f1', offset: 0 },
      { file: 'f1', offset: 100 },
    ]);
    expect(handle.checkpointedSize).toBe(p1.task!.sizeBytes);
    expect(handle.stateSize).toBe(p1.task!.sizeBytes);
    const p2 = ok(persist(w, 0, 2));
    expect(p2.task).toBeNull();
    expect(p2.alreadyUploaded).toEqual(results);
    expect(p2.completed).toEqual({ ...handle, checkpointedSize: 0 });
    expect(p2.listenerId).toBeNull();
  });

  it('a persist while an upload is in flight waits for it instead of uploading again', () => {
    const w = newWriter();
    set(w, 'a', 1);
    const p1 = ok(persist(w, 0, 1));
    set(w, 'b', 2);
    const p2 = ok(persist(w, 0, 2));
    expect(sqnsOf(p2)).toEqual([1]); // only the new set; set 0 is in flight
    const done1 = handleUploadSuccess(w, uploaded(p1, 'f1'));
    expect(done1.completed.map((c) => c.checkpointId)).toEqual([1]); // checkpoint 2 still misses set 1
    const done2 = handleUploadSuccess(w, uploaded(p2, 'f2'));
    expect(done2.completed.map((c) => c.checkpointId)).toEqual([2]);
    expect(done2.completed[0]!.handle.handlesAndOffsets).toEqual([
      { file: 'f1', offset: 0 },
      { file: 'f2', offset: 0 },
    ]);
    // As in Flink, the incremental size counts every result that arrived after the persist was asked.
    expect(done2.completed[0]!.handle.checkpointedSize).toBe(
      p1.task!.sizeBytes + p2.task!.sizeBytes,
    );
  });

  it('an empty range completes at once with an empty handle', () => {
    const w = newWriter();
    const p = ok(persist(w, 0, 1));
    expect(p.completed?.handlesAndOffsets).toEqual([]);
  });

  it('refuses truncated or not yet appended ranges', () => {
    const w = newWriter();
    set(w, 'a', 1);
    nextSequenceNumber(w);
    expect(() => persist(w, 2, 1)).toThrow(
      /requested changes were not yet appended \(requested: 2, appended: 1\)/,
    );
    truncate(w, 1);
    expect(() => persist(w, 0, 1)).toThrow(
      /requested changes were truncated \(requested: 0, truncated: 1\)/,
    );
  });
});

describe('FsStateChangelogWriter: upload failure', () => {
  it('fails the waiting persists and every later persist over the failed range', () => {
    const w = newWriter();
    set(w, 'a', 1);
    const p1 = ok(persist(w, 0, 1));
    const outcome = handleUploadFailure(w, [0], 'attempt 3 of 3 failed');
    expect(outcome.failed).toEqual([
      { listenerId: p1.listenerId, checkpointId: 1, reason: 'attempt 3 of 3 failed' },
    ]);
    expect(writerFigures(w).uploadingBytes).toBe(0);
    const p2 = persist(w, 0, 2);
    expect(p2).toEqual({
      status: 'failed',
      reason: expect.stringMatching(
        /sequence number 0 of 'count#0' has already failed previously: attempt 3 of 3 failed/,
      ),
    });
    set(w, 'b', 2); // after a materialization the writer persists from a later point and recovers
    expect(sqnsOf(persist(w, 1, 3))).toEqual([1]);
  });
});

describe('FsStateChangelogWriter#truncate and the rest of the lifecycle', () => {
  it('drops sets below `to` and releases their uploaded files; late results below `to` are released too', () => {
    const w = newWriter();
    set(w, 'a', 1);
    const p0 = ok(persist(w, 0, 1)); // set 0 uploading
    set(w, 'b', 2);
    nextSequenceNumber(w); // set 1 not uploaded
    set(w, 'c', 3);
    const p2 = ok(persist(w, 2, 2)); // set 2
    handleUploadSuccess(w, uploaded(p2, 'f2'));
    set(w, 'd', 4);
    nextSequenceNumber(w); // set 3, not uploaded
    expect(() => truncate(w, 5)).toThrow(
      /cannot truncate to 5, beyond the active sequence number 4/,
    );
    const t = truncate(w, 3);
    expect(lowestSqn(w)).toBe(3);
    expect(t.droppedNotUploaded).toEqual([1]);
    expect(t.released.map((r) => [r.sequenceNumber, r.file])).toEqual([[2, 'f2']]);
    expect(w.notUploaded.map((s) => s.sequenceNumber)).toEqual([3]);
    const late = handleUploadSuccess(w, uploaded(p0, 'f0'));
    expect(late.released.map((r) => r.sequenceNumber)).toEqual([0]);
    expect(w.uploaded).toEqual([]);
  });

  it('confirm names the distinct files of [from, to); reset leaves remote changes for reuse', () => {
    const w = newWriter();
    set(w, 'a', 1);
    nextSequenceNumber(w);
    set(w, 'b', 2);
    handleUploadSuccess(w, uploaded(ok(persist(w, 0, 1)), 'f1'));
    set(w, 'c', 3);
    handleUploadSuccess(w, uploaded(ok(persist(w, 2, 2)), 'f2'));
    expect(confirm(w, 0, 3, 2)).toEqual(['f1', 'f2']);
    expect(confirm(w, 1, 2, 2)).toEqual(['f1']);
    reset(w, 0, 3, 3);
    expect(ok(persist(w, 0, 3)).task).toBeNull();
  });

  it('truncateAndClose releases the tail and closes; a closed writer ignores appends and discards late uploads', () => {
    const w = newWriter();
    set(w, 'a', 1);
    nextSequenceNumber(w);
    set(w, 'b', 2);
    handleUploadSuccess(w, uploaded(ok(persist(w, 0, 1)), 'f1'));
    set(w, 'c', 3);
    const inFlight = ok(persist(w, 2, 2));
    expect(truncateAndClose(w, 1).map((r) => r.sequenceNumber)).toEqual([1]);
    expect(w.closed).toBe(true);
    expect(set(w, 'x', 9)).toEqual({ appended: false, sizeBytes: 0, preEmptive: null });
    const late = handleUploadSuccess(w, uploaded(inFlight, 'f2'));
    expect(late.discardedBecauseClosed.map((r) => r.file)).toEqual(['f2']);
    expect(() => close(w)).toThrow(/already closed/);
    expect(() => persist(w, 2, 3)).toThrow(/'count#0' is closed/);
  });
});

describe('FsStateChangelogWriter: pre-emptive persist', () => {
  it('uploads without a checkpoint once the active set reaches the threshold; the checkpoint then reuses it', () => {
    const w = newWriter(60);
    let r = set(w, 'a', 1);
    expect(r.preEmptive).toBeNull();
    expect(preEmptivePersistDue(w)).toBe(false);
    while (r.preEmptive === null) r = set(w, 'a', 2);
    const pre = ok(r.preEmptive);
    expect(sqnsOf(pre)).toEqual([0]);
    expect(w.listeners[0]!.checkpointId).toBe(DUMMY_PERSIST_CHECKPOINT);
    expect(w.activeChangeSetSize).toBe(0);
    expect(writerFigures(w).preEmptivePersists).toBe(1);
    handleUploadSuccess(w, uploaded(pre, 'pre'));
    set(w, 'b', 3);
    const cp = ok(persist(w, 0, 1));
    expect(sqnsOf(cp)).toEqual([1]);
    expect(cp.alreadyUploaded.map((x) => x.file)).toEqual(['pre']);
  });
});

describe('FsStateChangelogWriter state', () => {
  it('keeps the payload as it was at append time, like the bytes Flink captures', () => {
    const w = newWriter();
    const acc = { sum: 1, count: 1 };
    append(w, 3, {
      op: OP.SET_INTERNAL,
      state: 'avg',
      key: 'k',
      namespace: VOID_NAMESPACE,
      payload: acc,
    });
    acc.sum = 99; // an aggregate function updating its accumulator in place
    expect(w.activeChangeSet[0]!.payload).toEqual({ sum: 1, count: 1 });
  });

  it('is plain data with figures derived from it', () => {
    const w = newWriter();
    set(w, 'a', 1);
    const p = ok(persist(w, 0, 1));
    set(w, 'b', 2);
    expect(nonPlainPaths(w)).toEqual([]);
    const f = writerFigures(w);
    expect(f.notPersistedBytes).toBe(f.activeBytes + p.task!.sizeBytes);
    expect(f.bytesAppended).toBe(f.notPersistedBytes);
    expect(f).toMatchObject({ changesAppended: 2, changeSetCount: 1, pendingPersists: 1 });
  });
});
