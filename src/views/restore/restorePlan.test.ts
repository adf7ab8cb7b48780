// The plan read off a real restore's _metadata: old handles, overlaps, rebuild kinds, partitions.
import { describe, expect, it } from 'vitest';
import type { Timeline } from '../../engine';
import { planAt } from './restoreData';
import { restoreSpansOf } from './restoreSpans';
import { recordRescale, recordWith } from './restoreFixtures';

function planOf(timeline: Timeline) {
  const [span] = restoreSpansOf(timeline.records());
  return { span: span!, plan: planAt(timeline, span!.startPos)! };
}

const range = (startKeyGroup: number, endKeyGroup: number) => ({ startKeyGroup, endKeyGroup });

describe('restore plan', () => {
  it('rescaling RocksDB incremental 2 → 3: the new middle subtask reads from both old handles and copies ranges', () => {
    const { span, plan } = planOf(recordRescale('rocksdb-incremental', 3));
    expect(plan.maxParallelism).toBe(128);
    const count = plan.keyed[0]!;
    expect(count).toMatchObject({ vertex: 'count', oldParallelism: 2, newParallelism: 3 });
    expect(count.old.map((o) => [o.kind, o.range])).toEqual([
      ['sst', range(0, 63)],
      ['sst', range(64, 127)],
    ]);
    expect(count.old.every((o) => o.files > 0 && o.bytes > 0)).toBe(true);
    expect(count.subtasks.map((s) => s.range)).toEqual([
      range(0, 42),
      range(43, 85),
      range(86, 127),
    ]);
    expect(count.subtasks[1]!.reads).toEqual([
      { from: 0, range: range(43, 63) },
      { from: 1, range: range(64, 85) },
    ]);
    expect(count.subtasks[0]!.rebuild).toEqual({ kind: 'sstCopy', instances: 1 });
    expect(count.subtasks[1]!.rebuild).toEqual({ kind: 'sstCopy', instances: 2 });
    // The new subtasks' ranges are the ones the restore reported.
    for (const s of count.subtasks) {
      const ev = span.tasks.find((x) => x.event.task === s.task)!.event;
      expect(ev.keyGroupRange).toEqual(s.range);
    }
  });

  it('the same parallelism reuses each RocksDB instance', () => {
    const { plan } = planOf(
      recordWith('rocksdb-incremental', [
        { atMs: 3_500, do: 'fail', task: 'count#1', phase: 'now' },
      ]),
    );
    const count = plan.keyed[0]!;
    expect(count.subtasks.map((s) => s.rebuild)).toEqual([
      { kind: 'sstReuse' },
      { kind: 'sstReuse' },
    ]);
    expect(count.subtasks.map((s) => s.reads.map((r) => r.from))).toEqual([[0], [1]]);
  });

  it('a full snapshot (HashMap) loads the key groups of each overlapping handle', () => {
    const { span, plan } = planOf(recordRescale('hashmap', 4));
    const count = plan.keyed[0]!;
    expect(count.old.every((o) => o.kind === 'full')).toBe(true);
    expect(count.subtasks.map((s) => s.rebuild)).toEqual([
      { kind: 'full', handles: 1 },
      { kind: 'full', handles: 1 },
      { kind: 'full', handles: 1 },
      { kind: 'full', handles: 1 },
    ]);
    const restoredEntries = span.tasks
      .filter((x) => x.event.task!.startsWith('count#'))
      .reduce((n, x) => n + x.event.entries, 0);
    expect(restoredEntries).toBeGreaterThan(0);
  });

  it('a changelog restore names its materialized part and its change sets', () => {
    const { plan } = planOf(recordRescale('changelog', 3));
    const count = plan.keyed[0]!;
    expect(count.old.every((o) => o.kind === 'changelog')).toBe(true);
    expect(count.old.some((o) => o.changeSets > 0)).toBe(true);
    for (const s of count.subtasks) expect(s.rebuild.kind).toBe('changelog');
    expect(count.subtasks[1]!.rebuild).toMatchObject({ kind: 'changelog', handles: 2 });
  });

  it('source partitions: old subtasks’ partitions from the metadata, new ones from the restore events', () => {
    const { span, plan } = planOf(recordRescale('rocksdb-incremental', 3));
    expect(plan.source).toMatchObject({ oldParallelism: 2, newParallelism: 3, total: 2 });
    expect(plan.source!.old.map((o) => o.partitions)).toEqual([[0], [1]]);
    const restored = Object.fromEntries(
      span.tasks
        .filter((x) => x.event.task!.startsWith('source#'))
        .map((x) => [x.event.task, x.event.partitions]),
    );
    // SPLIT_DISTRIBUTE: 2 elements over 3 subtasks → [p0] | [p1] | [].
    expect(restored).toEqual({ 'source#0': [0], 'source#1': [1], 'source#2': [] });
    expect(plan.tasks).toHaveLength(9);
  });
});
