// The checkpoint timeline's data, on real recordings: the default scenario, and one with a
// savepoint, a task failure during an upload, a decline and a rescaling restore.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
  DEFAULT_SCENARIO_INPUT,
  scenarioOf,
  Timeline,
  type ScenarioInput,
} from '../../engine';
import { deriveCheckpointBars, jumpPositionOf, type CheckpointBar } from './checkpointBars';
import { barAtCursor, currentBar, statusAt } from './barAtCursor';
import { assignLanes } from './ganttLanes';
import { deriveMarkers, payloadSummary } from './timelineMarkers';

const timeline = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
const records = timeline.records();
const bars = deriveCheckpointBars(records);

const troubled = Timeline.record(
  scenarioOf({
    ...DEFAULT_SCENARIO_INPUT,
    script: [
      { atMs: 1500, do: 'savepoint' },
      { atMs: 2395, do: 'fail', task: 'count#1', phase: 'async' },
      { atMs: 4400, do: 'decline', task: 'count#0' },
      { atMs: 6000, do: 'restore', checkpoint: 'latest', parallelism: 3 },
    ],
  } as ScenarioInput),
  { keyframeEvery: 32 },
);
const troubledBars = deriveCheckpointBars(troubled.records());

function posOf(type: string, id: number, tl = timeline): number {
  const i = tl
    .records()
    .findIndex((r) =>
      r.events.some((e) => e.type === type && 'checkpointId' in e && e.checkpointId === id),
    );
  return i + 1;
}

function byId(list: CheckpointBar[], id: number): CheckpointBar {
  return list.find((b) => b.id === id)!;
}

describe('checkpoint bars of the default scenario', () => {
  it('has one bar per triggered checkpoint, each from trigger to completion as the coordinator reports it', () => {
    const completed = records.flatMap((r) =>
      r.events.flatMap((e) => (e.type === 'checkpoint.completed' ? [e] : [])),
    );
    expect(bars.map((b) => b.id)).toEqual(completed.map((c) => c.checkpointId));
    for (const c of completed) {
      const bar = byId(bars, c.checkpointId);
      expect(bar.end?.status).toBe('completed');
      // The bar's length is Flink's end-to-end duration.
      expect(bar.end!.atMs - bar.triggerMs).toBe(c.durationMs);
      expect(bar.end).toMatchObject({
        checkpointedSize: c.checkpointedSize,
        stateSize: c.stateSize,
      });
    }
  });

  it('has a row for every subtask, sources first, and phases that follow each other without gaps', () => {
    const bar = bars[0]!;
    expect(bar.rows.map((r) => r.task)).toEqual([
      'source#0',
      'source#1',
      'count#0',
      'count#1',
      'sink#0',
      'sink#1',
    ]);
    for (const row of bar.rows) {
      expect(row.phases.at(-1)!.kind).toBe('ack');
      for (let i = 1; i < row.phases.length; i++)
        expect(row.phases[i]!.startMs).toBe(row.phases[i - 1]!.endMs);
      expect(row.phases[0]).toMatchObject({ kind: 'delay', startMs: bar.triggerMs });
    }
    // Sources inject barriers and do not align; keyed subtasks align their two inputs.
    expect(bar.rows[0]!.phases.map((p) => p.kind)).toEqual(['delay', 'sync', 'async', 'ack']);
    expect(bar.rows[2]!.phases.map((p) => p.kind)).toEqual([
      'delay',
      'alignment',
      'sync',
      'async',
      'ack',
    ]);
  });

  it('times alignment and the upload as the engine recorded them', () => {
    const bar = bars[0]!;
    const aligned = records
      .flatMap((r) => r.events)
      .find(
        (e) => e.type === 'barrier.aligned' && e.task === 'count#0' && e.checkpointId === bar.id,
      );
    const alignment = bar.rows
      .find((r) => r.task === 'count#0')!
      .phases.find((p) => p.kind === 'alignment')!;
    expect(aligned?.type === 'barrier.aligned' && aligned.alignmentDurationMs).toBe(
      alignment.endMs! - alignment.startMs,
    );
    const asyncDone = records
      .flatMap((r) => r.events)
      .find(
        (e) =>
          e.type === 'checkpoint.asyncCompleted' &&
          e.task === 'count#0' &&
          e.checkpointId === bar.id,
      );
    const upload = bar.rows
      .find((r) => r.task === 'count#0')!
      .phases.find((p) => p.kind === 'async')!;
    expect(asyncDone?.type === 'checkpoint.asyncCompleted' && asyncDone.asyncDurationMs).toBe(
      upload.endMs! - upload.startMs,
    );
  });

  it('marks a checkpoint subsumed only once the subsuming one completed', () => {
    const first = bars[0]!;
    expect(first.subsumed).not.toBeNull();
    expect(statusAt(first, first.subsumed!.pos - 1)).toBe('completed');
    expect(statusAt(first, first.subsumed!.pos)).toBe('subsumed');
  });

  it('jumps to the step that completed the checkpoint', () => {
    for (const b of bars) expect(jumpPositionOf(b)).toBe(posOf('checkpoint.completed', b.id));
  });
});

describe('a bar at the cursor', () => {
  const bar = bars[1]!;
  const at = (pos: number) => barAtCursor(bar, pos, timeline.timeAt(pos));

  it('does not exist before its trigger and is in progress until its completion', () => {
    expect(at(bar.triggerPos - 1)).toBeNull();
    expect(at(bar.triggerPos)!.status).toBe('inProgress');
    expect(at(bar.end!.pos - 1)!.status).toBe('inProgress');
    expect(at(bar.end!.pos)!.status).toBe('completed');
  });

  it('draws running phases up to the cursor and only the phases that had started', () => {
    const firstSync = posOf('checkpoint.syncSnapshot', bar.id);
    const view = at(firstSync)!;
    const ms = timeline.timeAt(firstSync);
    const keyed = view.rows.find((r) => r.task === 'count#0')!;
    // The keyed subtask is still waiting for its barriers: one open phase that ends at the cursor's time.
    expect(keyed.phases).toEqual([
      { kind: 'delay', startMs: bar.triggerMs, endMs: ms, open: true, cutShort: false },
    ]);
    expect(view.endMs).toBe(ms);
    expect(view.acknowledged).toBe(0);
    const done = at(bar.end!.pos)!;
    expect(done.acknowledged).toBe(bar.tasks);
    expect(done.rows.every((r) => r.phases.every((p) => !p.open))).toBe(true);
  });

  it('the current bar is the newest one triggered by the cursor', () => {
    expect(currentBar(bars, 0)).toBeNull();
    expect(currentBar(bars, bar.triggerPos)?.id).toBe(bar.id);
    expect(currentBar(bars, bars[2]!.triggerPos - 1)?.id).toBe(bar.id);
  });
});

describe('failures, savepoints and restores', () => {
  it('shows the savepoint as its own bar, in a lane of its own only if it overlaps a checkpoint', () => {
    const sp = troubledBars.find((b) => b.isSavepoint)!;
    expect(sp.end?.status).toBe('completed');
    const lanes = assignLanes(troubledBars);
    const overlapping = troubledBars.filter(
      (b) => b !== sp && b.triggerMs <= sp.end!.atMs && (b.end?.atMs ?? b.lastMs) >= sp.triggerMs,
    );
    expect(lanes.get(sp.id)).toBe(overlapping.length > 0 ? 1 : 0);
  });

  it('ends the failed checkpoint at its abort, with the reason, and cuts the failed upload short', () => {
    const failed = byId(troubledBars, 4);
    expect(failed.end).toMatchObject({ status: 'aborted', reason: 'JOB_FAILOVER_REGION' });
    const row = failed.rows.find((r) => r.task === 'count#1')!;
    const last = row.phases.at(-1)!;
    expect(last).toMatchObject({ kind: 'async', cutShort: true, endMs: failed.end!.atMs });
    const view = barAtCursor(failed, failed.end!.pos, troubled.timeAt(failed.end!.pos))!;
    expect(view.status).toBe('aborted');
    expect(view.reason).toBe('JOB_FAILOVER_REGION');
  });

  it('shows the decline on the subtask that declined', () => {
    const declined = byId(troubledBars, 6);
    expect(declined.end).toMatchObject({ status: 'aborted', reason: 'CHECKPOINT_DECLINED' });
    expect(declined.rows.find((r) => r.task === 'count#0')!.declined?.reason).toBe(
      'declined by the scenario',
    );
  });

  it('has rows for the new subtasks after a restore at another parallelism', () => {
    const after = troubledBars.at(-1)!;
    expect(after.tasks).toBe(9);
    expect(after.rows.map((r) => r.task)).toContain('count#2');
  });

  it('marks job failures and restores (from restore.started until the job runs again)', () => {
    const markers = deriveMarkers(troubled.records());
    expect(markers.filter((m) => m.kind === 'jobFailed')).toHaveLength(2);
    const restores = markers.filter((m) => m.kind === 'restore');
    expect(restores).toHaveLength(3);
    for (const r of restores) expect(r.endPos).toBeGreaterThan(r.pos);
    expect(restores.at(-1)!.detail).toContain('p=3');
    expect(deriveMarkers(records)).toEqual([]);
  });

  it('marks the materializations and truncations of a run with the changelog state backend', () => {
    const input = DEFAULT_SCENARIO_INPUT as ScenarioInput & { stateBackend: object };
    const changelog = Timeline.record(
      scenarioOf({
        ...input,
        stateBackend: {
          ...input.stateBackend,
          changelog: { enabled: true, materializationIntervalMs: 2500 },
        },
      } as ScenarioInput),
      { keyframeEvery: 32 },
    );
    const events = changelog.records().flatMap((r) => r.events);
    const markers = deriveMarkers(changelog.records());
    const materializations = markers.filter((m) => m.kind === 'materialization');
    expect(materializations).toHaveLength(
      events.filter((e) => e.type === 'changelog.materialization.started').length,
    );
    expect(materializations.length).toBeGreaterThan(0);
    // Each runs from its start until it completed, on the subtask that materialized.
    for (const m of materializations) {
      expect(m.endMs).toBeGreaterThan(m.atMs);
      expect(m.task).toMatch(/^count#/);
      expect(m.detail).toContain('upToSqn=');
    }
    expect(markers.filter((m) => m.kind === 'truncation')).toHaveLength(
      events.filter((e) => e.type === 'changelog.truncated').length,
    );
  });

  it('reads changelog materializations and truncations by name, whatever their payload', () => {
    const base = { step: 1, task: 'count#0', flinkRef: '-' };
    const fake = [
      {
        atMs: 10,
        events: [
          { ...base, atMs: 10, type: 'changelog.materialization.started', materializationId: 1 },
        ],
      },
      {
        atMs: 30,
        events: [
          {
            ...base,
            atMs: 30,
            type: 'changelog.materialization.completed',
            materializationId: 1,
            sqn: 42,
          },
        ],
      },
      { atMs: 40, events: [{ ...base, atMs: 40, type: 'changelog.truncated', upTo: 42 }] },
      {
        atMs: 50,
        events: [
          { ...base, atMs: 50, type: 'changelog.materialization.started', materializationId: 2 },
        ],
      },
      {
        atMs: 60,
        events: [
          { ...base, atMs: 60, type: 'changelog.materialization.failed', materializationId: 2 },
        ],
      },
    ] as unknown as Parameters<typeof deriveMarkers>[0];
    const m = deriveMarkers(fake);
    expect(m.map((x) => [x.kind, x.atMs, x.endMs, x.failed])).toEqual([
      ['materialization', 10, 30, false],
      ['truncation', 40, 40, false],
      ['materialization', 50, 60, true],
    ]);
    expect(m[0]!.detail).toBe('materializationId=1 → materializationId=1 · sqn=42');
    expect(payloadSummary({ type: 'x', step: 1, atMs: 2, upTo: 3, files: ['a'] })).toBe('upTo=3');
  });
});
