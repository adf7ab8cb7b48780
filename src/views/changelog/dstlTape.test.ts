// The DSTL tape's model on real recordings of the changelog backend: seed 000's timeline (the
// story the tape must tell), a busy run with periodic materialization (truncation moves the cut,
// files and offsets are the engine's), a long log that needs a window, and a failover.
import { describe, expect, it } from 'vitest';
import {
  SCENARIO_FORMAT,
  scenarioOf,
  Timeline,
  type EngineEvent,
  type ScenarioInput,
} from '../../engine';
import { en, type MessageKey } from '../../i18n/messages';
import type { Translate } from '../../i18n/useT';
import { indexChangelogHistory, taskHistoryAt } from './changelogHistory';
import { materializationFigures, taskManagerUploadFigures } from './changelogStatus';
import { changeSetList, checkpointFormula } from './checkpointFormula';
import { dstlTapeOf, tapeWindow, type DstlTapeModel } from './dstlTape';

const TASK = 'count#0';

const t: Translate = (key: MessageKey, params) =>
  Object.entries(params ?? {}).reduce(
    (s, [k, v]) => s.replaceAll(`{${k}}`, String(v)),
    en[key] as string,
  );

/** Seed 000's timeline as a script (the same as test/scenarios/seed000Changelog.test.ts). */
const SEED_000: ScenarioInput = {
  format: SCENARIO_FORMAT,
  seed: 0,
  job: { parallelism: 1, maxParallelism: 128, source: { kind: 'script' } },
  storage: { latencyMs: 20, bytesPerMs: 10 },
  stateBackend: {
    type: 'rocksdb',
    incremental: true,
    changelog: { enabled: true, materializationIntervalMs: 0 },
  },
  checkpointing: { numRetained: 1 },
  script: [
    { atMs: 100, do: 'emit', records: [{ key: 'a', value: 1 }] },
    { atMs: 200, do: 'checkpoint' },
    { atMs: 500, do: 'emit', records: [{ key: 'b', value: 2 }] },
    { atMs: 600, do: 'materialize' },
    { atMs: 620, do: 'emit', records: [{ key: 'c', value: 3 }] },
    { atMs: 650, do: 'checkpoint' },
    { atMs: 1500, do: 'emit', records: [{ key: 'a', value: 4 }] },
    { atMs: 1600, do: 'checkpoint' },
  ],
  untilMs: 2500,
} as ScenarioInput;

function record(input: ScenarioInput) {
  const timeline = Timeline.record(scenarioOf(input), { keyframeEvery: 32 });
  const index = indexChangelogHistory(timeline.records());
  const tapeAt = (pos: number, slots = 12): DstlTapeModel => {
    const state = timeline.stateAt(pos);
    const cl = state.job.keyed[TASK]!.changelog!;
    const status = (id: number) =>
      state.coordinator.history.find((h) => h.id === id)?.status ?? null;
    return dstlTapeOf(cl, taskHistoryAt(index, TASK, pos), status, slots);
  };
  /** The first position whose step has an event matching `pred`. */
  const positionOf = (pred: (e: EngineEvent) => boolean): number => {
    const p = timeline.records().findIndex((r) => r.events.some(pred));
    if (p < 0) throw new Error('no such event');
    return p + 1;
  };
  const events = timeline.records().flatMap((r) => r.events);
  return { timeline, index, tapeAt, positionOf, events };
}

const statusOf = (m: DstlTapeModel) =>
  Object.fromEntries(m.cells.map((c) => [c.sqn + 1, c.status]));
const carriedBy = (m: DstlTapeModel) =>
  Object.fromEntries(m.cells.map((c) => [c.sqn + 1, c.firstCheckpoint]));

describe("the tape tells seed 000's story", () => {
  const seed = record(SEED_000);
  const completed = (id: number) =>
    seed.positionOf((e) => e.type === 'checkpoint.completed' && e.checkpointId === id);

  it('T1: CP-1 = change set 1, persisted in a DSTL file, nothing materialized', () => {
    const m = seed.tapeAt(completed(1));
    expect(checkpointFormula(t, m.checkpoint!)).toBe('CP-1 = change set 1');
    expect(m.checkpoint).toMatchObject({
      from: 0,
      to: 1,
      materializationId: 0,
      status: 'COMPLETED',
    });
    expect(statusOf(m)).toEqual({ 1: 'uploaded', 2: 'active' });
    expect(carriedBy(m)).toEqual({ 1: 1, 2: null });
    expect(m.syncPoint).toBeNull();
    expect(m.lowest).toBe(0);
  });

  it('T3: CP-2 = change sets 1+2+3 while m1 uploads, with its sync point after change set 2', () => {
    const m = seed.tapeAt(
      seed.positionOf((e) => e.type === 'changelog.persisted' && e.checkpointId === 2),
    );
    expect(m.running).toEqual({ sqn: 2, materializationId: 1 });
    expect(m.syncPoint).toBeNull();
    expect(checkpointFormula(t, m.checkpoint!)).toBe('CP-2 = change sets 1+2+3');
    expect(m.checkpoint!.status).toBe('IN_PROGRESS');
    expect(carriedBy(m)).toMatchObject({ 1: 1, 2: 2, 3: 2 });
  });

  it('T4: CP-3 = m1 + change sets 3+4; truncation cuts off change sets 1 and 2 at the sync point', () => {
    const atCp3 = seed.tapeAt(completed(3));
    expect(checkpointFormula(t, atCp3.checkpoint!)).toBe('CP-3 = m1 + change sets 3+4');
    expect(atCp3.syncPoint).toEqual({ sqn: 2, materializationId: 1 });
    expect(atCp3.running).toBeNull();
    expect(carriedBy(atCp3)).toMatchObject({ 3: 2, 4: 3 });

    // Truncation to min(subsumed, materialized): to 1 once m1 is done (CP-1 subsumed), to 2 once CP-2 is.
    const truncated = seed.events
      .filter((e) => e.type === 'changelog.truncated' && e.task === TASK)
      .map((e) => e.step);
    expect(truncated.map((p) => seed.tapeAt(p).lowest)).toEqual([1, 2]);
    expect(seed.tapeAt(truncated[0]! - 1).lowest).toBe(0);
    const after = seed.tapeAt(truncated[1]!);
    expect(statusOf(after)).toMatchObject({
      1: 'truncated',
      2: 'truncated',
      3: 'uploaded',
      4: 'uploaded',
    });
    // The truncated sets stay on the tape (left of the cut), so the cut visibly moved over them.
    expect(after.start).toBe(0);
  });

  it('names change sets 1-based, joined with + for a few and as a range for many', () => {
    expect(changeSetList(2, 4)).toBe('3+4');
    expect(changeSetList(0, 1)).toBe('1');
    expect(changeSetList(12, 19)).toBe('13–19');
    expect(changeSetList(3, 3)).toBe('');
  });
});

describe('a busy changelog run (materialization every 1.5 s, checkpoint every 500 ms)', () => {
  const busy = record({
    format: SCENARIO_FORMAT,
    seed: 1,
    stateBackend: {
      type: 'rocksdb',
      incremental: true,
      changelog: { enabled: true, materializationIntervalMs: 1500 },
    },
    checkpointing: { intervalMs: 500 },
  } as ScenarioInput);
  const truncations = busy.events.filter(
    (e): e is Extract<EngineEvent, { type: 'changelog.truncated' }> =>
      e.type === 'changelog.truncated' && e.task === TASK,
  );

  it('moves the cut to every truncation point, never backwards, and greys out what it cut off', () => {
    expect(truncations.length).toBeGreaterThan(3);
    let last = 0;
    for (const tr of truncations) {
      const m = busy.tapeAt(tr.step);
      expect(m.lowest, `step ${tr.step}`).toBe(tr.toSqn);
      expect(m.lowest).toBeGreaterThan(last);
      last = m.lowest;
      for (const c of m.cells)
        expect(c.status === 'truncated', `SQN ${c.sqn}`).toBe(c.sqn < m.lowest);
    }
  });

  it('shows every persisted change set in the file and at the offset the writer has, and that file exists', () => {
    for (const pos of [400, 1200, 2000, busy.timeline.length]) {
      const state = busy.timeline.stateAt(pos);
      const writer = state.job.keyed[TASK]!.changelog!.writer;
      const m = busy.tapeAt(pos, 100);
      const shown = m.cells
        .filter((c) => c.status === 'uploaded')
        .map((c) => [c.sqn, c.file, c.offset]);
      expect(shown).toEqual(writer.uploaded.map((r) => [r.sequenceNumber, r.file, r.offset]));
      for (const [, file] of shown)
        expect(state.storage.files[file as string], String(file)).toBeDefined();
      // The file bars group neighbouring sets by file and cover exactly the persisted ones.
      expect(m.files.reduce((n, f) => n + f.to - f.from, 0)).toBe(shown.length);
      const tm = taskManagerUploadFigures(state.job, TASK)!;
      for (const f of m.files)
        expect(busy.index.fileOrdinals[f.file]).toBeLessThanOrEqual(tm.uploadRequests);
    }
  });

  it('shows the active change set growing with the writer’s appended bytes', () => {
    const pos = busy.timeline.records().findIndex((_, i) => {
      const w = busy.timeline.stateAt(i + 1).job.keyed[TASK]!.changelog!.writer;
      return w.activeChangeSetSize > 0 && w.activeSequenceNumber > 3;
    });
    const writer = busy.timeline.stateAt(pos + 1).job.keyed[TASK]!.changelog!.writer;
    const m = busy.tapeAt(pos + 1);
    expect(m.cells.at(-1)).toMatchObject({
      sqn: writer.activeSequenceNumber,
      status: 'active',
      sizeBytes: writer.activeChangeSetSize,
    });
    expect(m.activeThreshold).toBe(writer.preEmptivePersistThresholdBytes);
  });

  it('colours a change set by the first checkpoint whose persisted range held it', () => {
    const m = busy.tapeAt(busy.timeline.length, 100);
    const persisted = busy.events.filter(
      (e): e is Extract<EngineEvent, { type: 'changelog.persisted' }> =>
        e.type === 'changelog.persisted' && e.task === TASK && e.checkpointId !== null,
    );
    for (const c of m.cells) {
      const first = persisted.find((p) => p.fromSqn <= c.sqn && c.sqn < p.toSqn);
      expect(c.firstCheckpoint, `SQN ${c.sqn}`).toBe(first?.checkpointId ?? null);
    }
  });

  it('brackets the last checkpoint from the sync point of the materialization it carries', () => {
    const state = busy.timeline.stateAt(busy.timeline.length);
    const cl = state.job.keyed[TASK]!.changelog!;
    const m = busy.tapeAt(busy.timeline.length);
    expect(m.checkpoint).toMatchObject({
      checkpointId: cl.lastCheckpoint!.checkpointId,
      from: cl.lastCheckpoint!.from,
      to: cl.lastCheckpoint!.to,
    });
    const mat = busy.events.find(
      (e) =>
        e.type === 'changelog.materialization.completed' &&
        e.task === TASK &&
        e.upToSqn === m.checkpoint!.from,
    ) as Extract<EngineEvent, { type: 'changelog.materialization.completed' }>;
    expect(m.checkpoint!.materializationId).toBe(mat.materializationId);
    expect(checkpointFormula(t, m.checkpoint!)).toMatch(
      new RegExp(`^CP-${m.checkpoint!.checkpointId} = m${mat.materializationId} \\+ change set`),
    );
  });

  it('reports the TaskManager’s upload figures from its scheduler: one request per file attempt', () => {
    const state = busy.timeline.stateAt(busy.timeline.length);
    const tm = taskManagerUploadFigures(state.job, TASK)!;
    const started = busy.events.filter((e) => e.type === 'dstl.uploadStarted').length;
    expect(tm).toMatchObject({ name: 'tm-0', writers: 2, uploadRequests: started });
    expect(tm.filesWritten).toBeGreaterThan(20);
    expect(taskManagerUploadFigures(state.job, 'source#0')).toMatchObject({ name: 'tm-0' });
    expect(materializationFigures(state.job.keyed[TASK]!.changelog!, state.scenario)).toMatchObject(
      { maxFailuresAllowed: 3, intervalMs: 1500, consecutiveFailures: 0 },
    );
  });

  it('counts the log not yet truncated: everything from the cut to the active change set', () => {
    const state = busy.timeline.stateAt(busy.timeline.length);
    const cl = state.job.keyed[TASK]!.changelog!;
    const u = materializationFigures(cl, state.scenario).untruncated;
    // One change set per sequence number from the truncation point up to the active one.
    const active = cl.writer.activeChangeSet.length > 0 ? 1 : 0;
    expect(u.changeSets).toBe(cl.writer.activeSequenceNumber - cl.writer.lowestSequenceNumber + active);
    expect(u.bytes).toBeGreaterThan(0);
    // Truncation keeps it bounded: far less than everything ever appended.
    expect(u.bytes).toBeLessThan(cl.writer.bytesAppended / 2);
  });
});

describe('a long log that does not fit', () => {
  it('keeps the newest change sets and the active one, and counts the hidden older ones', () => {
    const long = record({
      format: SCENARIO_FORMAT,
      seed: 2,
      stateBackend: { type: 'hashmap', changelog: { enabled: true, materializationIntervalMs: 0 } },
      checkpointing: { intervalMs: 200 },
      untilMs: 6000,
    } as ScenarioInput);
    const m = long.tapeAt(long.timeline.length, 8);
    expect(m.active).toBeGreaterThan(10);
    expect(m.lowest).toBe(0); // never materialized, so never truncated
    expect(m.cells).toHaveLength(7);
    expect(m.cells.at(-1)).toMatchObject({ sqn: m.active, status: 'active' });
    expect(m.hiddenOlder).toBe(m.start - m.lowest);
    expect(m.start + m.cells.length).toBe(m.end);
  });

  it('fills the room left of the cut with truncated sets before hiding anything', () => {
    expect(tapeWindow(0, 3, 10)).toEqual({ start: 0, hiddenOlder: 0 });
    expect(tapeWindow(12, 20, 10)).toEqual({ start: 11, hiddenOlder: 0 });
    expect(tapeWindow(12, 30, 10)).toEqual({ start: 22, hiddenOlder: 10 });
  });
});

describe('after a failover', () => {
  it('forgets the old log’s checkpoint ranges and counts the restored change sets', () => {
    const failed = record({
      ...SEED_000,
      script: [
        ...(SEED_000 as { script: object[] }).script,
        { atMs: 2000, do: 'fail', task: TASK },
      ],
    } as ScenarioInput);
    const running = failed.positionOf((e) => e.type === 'job.running' && e.restoredFrom === 3);
    const m = failed.tapeAt(running);
    expect(m.restoredChangeSets).toBe(2);
    expect(m.active).toBe(0);
    // SQN 0 of the new log is not the old change set 1 that CP-1 carried.
    expect(m.cells.map((c) => c.firstCheckpoint)).toEqual([null]);
    expect(taskHistoryAt(failed.index, TASK, running).persisted).toEqual([]);
  });
});
