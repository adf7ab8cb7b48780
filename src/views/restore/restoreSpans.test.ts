// Restores found in real recordings, and a restore cut at the cursor step by step.
import { describe, expect, it } from 'vitest';
import type { EngineEvent, StepRecord } from '../../engine';
import { nextSpanAfter, restoreSpansOf, restoringAt, spanAtCursor } from './restoreSpans';
import { changelogReadsAt, progressAt, replayedAt, sinkAt } from './restoreProgress';
import { planAt } from './restoreData';
import { recordRescale, recordWith } from './restoreFixtures';

describe('restore spans of a recording', () => {
  const timeline = recordRescale('rocksdb-incremental', 3);
  const spans = restoreSpansOf(timeline.records());

  it('finds the restore action with its checkpoint, parallelism change and end', () => {
    expect(spans).toHaveLength(1);
    const s = spans[0]!;
    expect(s.cause).toBe('action');
    expect(s.started).toMatchObject({ parallelism: 3, previousParallelism: 2, isSavepoint: false });
    expect(s.started!.metadataPath).toMatch(/chk-\d+\/_metadata$/);
    // 3 sources + 3 keyed + 3 sinks, each restored in its own step, then the job runs again.
    expect(s.tasks.map((x) => x.event.task).sort()).toEqual([
      'count#0',
      'count#1',
      'count#2',
      'sink#0',
      'sink#1',
      'sink#2',
      'source#0',
      'source#1',
      'source#2',
    ]);
    expect(s.tasks.every((x) => x.pos > s.startPos)).toBe(true);
    expect(s.runningPos).toBe(Math.max(...s.tasks.map((x) => x.pos)));
    expect(s.failed).toBeNull();
    expect(s.sink.length).toBeGreaterThan(0);
  });

  it('marks subtasks restored as the cursor moves through the restore', () => {
    const s = spans[0]!;
    const tasks = planAt(timeline, s.startPos)!.tasks;
    const atStart = progressAt(s, tasks, s.startPos);
    expect(atStart).toMatchObject({ phase: 'restoring', restored: 0, total: 9 });
    expect(restoringAt(s, s.startPos)).toBe(true);

    const firstKeyed = s.tasks.find((x) => x.event.task!.startsWith('count#'))!;
    const mid = progressAt(s, tasks, firstKeyed.pos);
    const entry = mid.tasks.get(firstKeyed.event.task!)!;
    expect(entry).toMatchObject({ pos: firstKeyed.pos, justNow: true });
    expect(entry.event!.files.length).toBeGreaterThan(0);
    expect(mid.restored).toBe(s.tasks.filter((x) => x.pos <= firstKeyed.pos).length);
    // A keyed subtask that restores later is pending, and the recording says when.
    const later = s.tasks.find(
      (x) => x.pos > firstKeyed.pos && x.event.task!.startsWith('count#'),
    )!;
    expect(mid.tasks.get(later.event.task!)).toMatchObject({
      pos: null,
      laterPos: later.pos,
      justNow: false,
    });

    const end = progressAt(s, tasks, s.runningPos!);
    expect(end).toMatchObject({ phase: 'running', restored: 9 });
    expect(restoringAt(s, s.runningPos!)).toBe(false);
    expect(progressAt(s, tasks, s.runningPos! + 5).tasks.get(firstKeyed.event.task!)!.justNow).toBe(
      false,
    );
  });

  it('picks the restore at or before the cursor and the next one after it', () => {
    const s = spans[0]!;
    expect(spanAtCursor(spans, s.startPos - 1)).toBeNull();
    expect(nextSpanAfter(spans, s.startPos - 1)).toBe(s);
    expect(spanAtCursor(spans, s.startPos)).toBe(s);
    expect(spanAtCursor(spans, timeline.length)).toBe(s);
    expect(nextSpanAfter(spans, s.startPos)).toBeNull();
  });

  it('reports the sink’s recovered transactions of the restored checkpoint', () => {
    const s = spans[0]!;
    const sink = sinkAt(s, s.runningPos!);
    expect(sink.length).toBeGreaterThan(0);
    for (const x of sink) expect(x.event.task).toMatch(/^sink#/);
    expect(sinkAt(s, s.startPos)).toEqual([]);
  });
});

describe('failovers and refused restores', () => {
  it('a failed task restarts the job from the latest checkpoint at the same parallelism', () => {
    const timeline = recordWith('rocksdb-incremental', [
      { atMs: 3_500, do: 'fail', task: 'count#0', phase: 'now' },
    ]);
    const [s] = restoreSpansOf(timeline.records());
    expect(s).toBeDefined();
    expect(s!.cause).toBe('failover');
    expect(s!.started).toMatchObject({ parallelism: 2, previousParallelism: 2 });
  });

  it('a restore with no retained checkpoint is a refused span with the reason', () => {
    const timeline = recordWith('hashmap', [
      { atMs: 300, do: 'restore', checkpoint: 'latest', parallelism: 3 },
    ]);
    const [s] = restoreSpansOf(timeline.records());
    expect(s!.started).toBeNull();
    expect(s!.failed!.event.reason).toMatch(/no retained checkpoint/);
    expect(restoringAt(s!, s!.startPos)).toBe(false);
  });
});

describe('changelog restores: reads against downloads per file', () => {
  it('without the file cache every read downloads the file again', () => {
    const timeline = recordRescale('changelog', 3);
    const [s] = restoreSpansOf(timeline.records());
    const reads = changelogReadsAt(s!, s!.runningPos!)!;
    expect(reads.cached).toBe(false);
    expect(reads.reads).toBe(s!.reads.length);
    expect(reads.downloads).toBe(reads.reads);
    // Two new subtasks share a file after the rescale: it is downloaded more than once.
    expect(reads.files.some((f) => f.downloads > 1 && f.readers.length > 1)).toBe(true);
    expect(reads.downloads).toBeGreaterThan(reads.files.length);
    // Replays are counted per subtask, and match what the subtask reported.
    const replayed = replayedAt(s!, s!.runningPos!);
    for (const x of s!.tasks.filter((t) => t.event.changelog)) {
      expect(replayed.get(x.event.task!)).toEqual({
        changeSets: x.event.changelog!.changeSets,
        changes: x.event.changelog!.changes,
      });
    }
    // Before the first read nothing is shown.
    expect(changelogReadsAt(s!, s!.startPos)).toBeNull();
  });

  it('with the per-TaskManager cache some reads are served locally', () => {
    const timeline = recordRescale('changelog-cached', 3);
    const [s] = restoreSpansOf(timeline.records());
    const reads = changelogReadsAt(s!, s!.runningPos!)!;
    expect(reads.cached).toBe(true);
    expect(reads.downloads).toBeLessThan(reads.reads);
  });
});

describe('what set a restore off', () => {
  const started = (step: number) =>
    ({
      type: 'restore.started',
      step,
      atMs: 0,
      task: 'jobmanager',
      flinkRef: '',
      checkpointId: 3,
      isSavepoint: true,
      metadataPath: 'job/sp-3/_metadata',
      parallelism: 2,
      previousParallelism: 2,
      attempt: 1,
    }) as EngineEvent;
  const action = {
    type: 'user.action',
    step: 1,
    atMs: 0,
    flinkRef: '-',
    action: { do: 'checkpoint' },
  } as EngineEvent;

  it('a restore in the very first step is the job submitted with a retained checkpoint', () => {
    const records: StepRecord[] = [{ atMs: 0, events: [started(1)] }];
    expect(restoreSpansOf(records)[0]!.cause).toBe('submit');
  });

  it('a restore applied at the cursor is an action, even in the first step', () => {
    const records: StepRecord[] = [{ atMs: 0, events: [action, started(1)] }];
    expect(restoreSpansOf(records)[0]!.cause).toBe('action');
  });

  it('a restore that never reaches job.running stays open until the next one', () => {
    const records: StepRecord[] = [
      { atMs: 0, events: [] },
      { atMs: 10, events: [started(2)] },
      { atMs: 20, events: [started(3)] },
    ];
    const spans = restoreSpansOf(records);
    expect(spans.map((s) => [s.startPos, s.runningPos, s.failed])).toEqual([
      [2, null, null],
      [3, null, null],
    ]);
    expect(spanAtCursor(spans, 2)!.startPos).toBe(2);
    expect(spanAtCursor(spans, 3)!.startPos).toBe(3);
    expect(restoringAt(spans[1]!, 3)).toBe(true);
  });
});
