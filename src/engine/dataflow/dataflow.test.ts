/**
 * The dataflow under load: credit-based back-pressure from a slow operator, aligned barriers that
 * never let a post-barrier record into the snapshot, unaligned barriers that persist exactly the
 * records they overtook and restore them in order, and the aligned-checkpoint timeout.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import type { EngineEvent, EventOf } from '../events';
import type { ScenarioAction } from '../scenario/actionSchema';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { keyedStateEntries } from '../job/stateView';
import { decodeChannelRecords } from './channelStateHandle';
import { readFile } from '../storage/remoteStorage';

function scenario(opts: { unaligned?: boolean; timeoutMs?: number; processingMs?: number; capacity?: number; script?: ScenarioAction[]; untilMs?: number }) {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 5,
    job: {
      parallelism: 2,
      maxParallelism: 32,
      channelCapacity: opts.capacity ?? 4,
      source: { kind: 'generator', keys: 16, ratePerSec: 200 },
      operators: [{ name: 'count', state: 'value', processingMs: opts.processingMs ?? 12 }],
      sink: { kind: 'plain' },
    },
    checkpointing: { unaligned: opts.unaligned ?? false, alignedCheckpointTimeoutMs: opts.timeoutMs ?? 0, numRetained: 3 },
    script: opts.script ?? [{ atMs: 300, do: 'checkpoint' }],
    untilMs: opts.untilMs ?? 900,
  });
}

function run(sim: Simulation, untilMs: number, each?: (ev: EngineEvent[]) => void): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (let ev = sim.step(); ev && sim.nowMs <= untilMs; ev = sim.step()) {
    events.push(...ev);
    each?.(ev);
  }
  return events;
}

describe('credit-based back-pressure', () => {
  it('fills the slow operator\'s input to capacity, queues at the sender, and slows the sources down', () => {
    const s = scenario({ processingMs: 20 });
    const sim = Simulation.create(s);
    let maxQueued = 0;
    let maxOut = 0;
    run(sim, 600, () => {
      for (const [task, f] of Object.entries(sim.state.job.flow)) if (task.startsWith('count')) maxQueued = Math.max(maxQueued, f.queue.length);
      for (const ch of Object.values(sim.state.job.channels)) maxOut = Math.max(maxOut, ch.outQueue.length);
      // Credit: never more than the capacity of any channel in use at the receiver.
      for (const ch of Object.values(sim.state.job.channels)) {
        const queued = sim.state.job.flow[ch.to]?.queue.filter((e) => e.from === ch.from && e.kind === 'record').length ?? 0;
        expect(ch.inTransit + queued).toBeLessThanOrEqual(s.job.channelCapacity);
      }
    });
    expect(maxQueued).toBeGreaterThan(2);
    expect(maxOut).toBeGreaterThanOrEqual(s.job.channelCapacity);
    // The sources read far less than the generator produced: 2 × 200 records/s for 0.6 s.
    const read = Object.values(sim.state.job.sources).reduce((n, src) => n + src.emitted, 0);
    expect(read).toBeLessThan(0.5 * 240);
    // Nothing is lost on the way: every record read is processed, queued, on the wire or waiting.
    const processed = Object.values(sim.state.job.keyed).reduce((n, k) => n + k.processed, 0);
    const queuedAtCount = Object.entries(sim.state.job.flow).filter(([t]) => t.startsWith('count')).reduce((n, [, f]) => n + f.queue.length, 0);
    const waiting = Object.values(sim.state.job.channels).filter((c) => c.from.startsWith('source')).reduce((n, c) => n + c.outQueue.length + c.inTransit, 0);
    expect(processed + queuedAtCount + waiting).toBe(read);
  });

  it('changes nothing when operators are instant (the default)', () => {
    const sim = Simulation.create(scenario({ processingMs: 0, capacity: 32 }));
    run(sim, 600);
    expect(Object.values(sim.state.job.channels).every((c) => c.outQueue.length === 0)).toBe(true);
  });
});

describe('aligned barriers under back-pressure', () => {
  it('never let a record from behind the barrier into the snapshot', () => {
    const s = scenario({ processingMs: 12 });
    const sim = Simulation.create(s);
    const events = run(sim, 900);
    const cp = sim.state.coordinator.completed.find((c) => c.id === 1)!;
    expect(cp).toBeDefined();
    // The checkpoint's state: exactly the records each source emitted before injecting barrier 1.
    const copy = Simulation.fromSnapshot(sim.snapshot());
    const restoreEvents = copy.apply({ do: 'restore', checkpoint: 1 });
    for (let ev = copy.step(); ev; ev = copy.step()) {
      restoreEvents.push(...ev);
      if (ev.some((e) => e.type === 'job.running')) break;
    }
    const restored = new Map<string, number>();
    for (const k of Object.values(copy.state.job.keyed)) for (const e of keyedStateEntries(k.backend)) restored.set(String(e.key), e.value as number);
    const expected = new Map<string, number>();
    for (const src of ['source#0', 'source#1']) {
      const barrier = events.find((e) => e.type === 'barrier.injected' && e.task === src && e.checkpointId === 1)!;
      for (const e of events) if (e.type === 'source.emitted' && e.task === src && e.step < barrier.step) expected.set(String(e.key), (expected.get(String(e.key)) ?? 0) + e.value);
    }
    expect(restored).toEqual(expected);
    expect(events.some((e) => e.type === 'record.held' || e.type === 'barrier.received')).toBe(true);
    expect(events.filter((e) => e.type === 'channel.statePersisted')).toEqual([]);
  });
});

describe('aligned barriers with a saturated operator', () => {
  it('keep flowing: a record arriving on an open channel while others are blocked is processed, and checkpoints complete', () => {
    const s = scenarioOf({
      format: SCENARIO_FORMAT,
      seed: 4,
      job: { parallelism: 4, source: { kind: 'generator', keys: 500, ratePerSec: 1000 }, operators: [{ name: 'count', state: 'value', processingMs: 1 }], channelCapacity: 32 },
      stateBackend: { type: 'rocksdb', incremental: true },
      checkpointing: { intervalMs: 100 },
      untilMs: 1500,
    });
    const sim = Simulation.create(s);
    const events = run(sim, 1500);
    expect(events.filter((e) => e.type === 'checkpoint.completed').length).toBeGreaterThan(4);
    // The sources keep reading to the end (no stall): records emitted in the last 300 ms.
    expect(events.filter((e) => e.type === 'source.emitted' && e.atMs > 1200).length).toBeGreaterThan(300);
  });
});

describe('unaligned checkpoints', () => {
  it('persist exactly the records the barrier overtook and restore them first, in order', () => {
    const s = scenario({ unaligned: true, processingMs: 12 });
    const sim = Simulation.create(s);
    // What count#0 had queued when the first barrier of checkpoint 1 reached it.
    let overtaken: { from: string; origin: string }[] | null = null;
    let before = sim.snapshot();
    const events = run(sim, 900, (ev) => {
      const first = ev.find((e): e is EventOf<'barrier.overtook'> => e.type === 'barrier.overtook' && e.task === 'count#0' && e.checkpointId === 1);
      if (first && !overtaken) overtaken = before.job.flow['count#0']!.queue.filter((q) => q.kind === 'record').map((q) => ({ from: q.from, origin: q.kind === 'record' ? q.origin : '' }));
      before = sim.snapshot();
    });
    expect(overtaken).not.toBeNull();
    expect(overtaken!.length).toBeGreaterThan(0);
    const persisted = events.find((e): e is EventOf<'channel.statePersisted'> => e.type === 'channel.statePersisted' && e.task === 'count#0' && e.checkpointId === 1)!;
    expect(persisted.inputRecords).toBeGreaterThanOrEqual(overtaken!.length);
    // The channel state file holds the overtaken records first (per channel, in order), then what arrived before the other channel's barrier.
    const cp = sim.state.coordinator.completed.find((c) => c.id === 1)!;
    const h = cp.tasks['count#0']!.channel!;
    expect(h.delegate.type).toBe('file');
    const bytes = readFile(sim.state.storage, h.delegate.type === 'file' ? h.delegate.path : '');
    const fileRecords = h.input.flatMap((e) => decodeChannelRecords(bytes, e, 'test').map((r) => ({ from: e.channel, origin: r.origin })));
    for (const ch of ['source#0', 'source#1']) {
      const o = overtaken!.filter((x) => x.from === ch).map((x) => x.origin);
      const f = fileRecords.filter((x) => x.from === ch).map((x) => x.origin);
      expect(f.slice(0, o.length)).toEqual(o);
    }
    expect(fileRecords.length).toBe(persisted.inputRecords);
    // Restore: count#0 processes the persisted records before anything new, in the persisted order.
    const copy = Simulation.fromSnapshot(sim.snapshot());
    const after: EngineEvent[] = copy.apply({ do: 'restore', checkpoint: 1 });
    for (let ev = copy.step(); ev && after.filter((e) => e.type === 'state.updated' && e.task === 'count#0').length < fileRecords.length; ev = copy.step()) after.push(...ev);
    const replayed = after.filter((e): e is EventOf<'state.updated'> => e.type === 'state.updated' && e.task === 'count#0');
    const keysInFile = h.input.flatMap((e) => decodeChannelRecords(bytes, e, 'test').map((r) => r.key));
    expect(replayed.slice(0, keysInFile.length).map((e) => e.key)).toEqual(keysInFile);
    expect(after.some((e) => e.type === 'restore.channelState' && e.records > 0)).toBe(true);
  });

  it('complete sooner than aligned ones under back-pressure (no alignment wait)', () => {
    const duration = (unaligned: boolean) => {
      const sim = Simulation.create(scenario({ unaligned, processingMs: 12 }));
      const events = run(sim, 900);
      return events.find((e): e is EventOf<'checkpoint.completed'> => e.type === 'checkpoint.completed' && e.checkpointId === 1)!.durationMs;
    };
    expect(duration(true)).toBeLessThan(duration(false));
  });
});

describe('aligned-checkpoint timeout', () => {
  it('switches a subtask still aligning to unaligned at trigger time + timeout', () => {
    const s = scenario({ unaligned: true, timeoutMs: 120, processingMs: 12 });
    const sim = Simulation.create(s);
    const events = run(sim, 900);
    const trigger = events.find((e): e is EventOf<'checkpoint.triggered'> => e.type === 'checkpoint.triggered' && e.checkpointId === 1)!;
    const switched = events.filter((e): e is EventOf<'barrier.alignmentTimedOut'> => e.type === 'barrier.alignmentTimedOut' && e.checkpointId === 1);
    expect(switched.length).toBeGreaterThan(0);
    for (const e of switched) {
      expect(e.atMs).toBe(trigger.atMs + 120);
      expect(e.afterMs).toBe(120);
    }
    expect(sim.state.coordinator.completed.some((c) => c.id === 1)).toBe(true);
    // Subtasks that finished aligning before the timeout took an aligned snapshot (no channel state).
    expect(events.some((e) => e.type === 'channel.statePersisted' && e.checkpointId === 1)).toBe(true);
  });

  it('turns a barrier still queued at a back-pressured sender into a priority barrier, persisting what it overtook', () => {
    // A slower operator (30 ms a record) keeps the sources' output queues full when checkpoint 1 starts.
    const s = scenario({ unaligned: true, timeoutMs: 120, processingMs: 30, script: [{ atMs: 700, do: 'checkpoint' }], untilMs: 1500 });
    const sim = Simulation.create(s);
    // What each source's output queue held ahead of checkpoint 1's barrier just before the timeout fired.
    const ahead = new Map<string, string[]>();
    let before = sim.snapshot();
    const events = run(sim, 1500, (ev) => {
      for (const e of ev) {
        if (e.type !== 'barrier.outputTimedOut' || e.checkpointId !== 1) continue;
        for (const to of e.channels) {
          const q = before.job.channels[`${e.task}->${to}`]?.outQueue ?? [];
          const at = q.findIndex((x) => x.kind === 'barrier' && x.checkpointId === 1);
          ahead.set(`${e.task}->${to}`, q.slice(0, at).flatMap((x) => (x.kind === 'record' ? [x.origin] : [])));
        }
      }
      before = sim.snapshot();
    });
    const trigger = events.find((e): e is EventOf<'checkpoint.triggered'> => e.type === 'checkpoint.triggered' && e.checkpointId === 1)!;
    const timedOut = events.filter((e): e is EventOf<'barrier.outputTimedOut'> => e.type === 'barrier.outputTimedOut' && e.checkpointId === 1);
    expect(timedOut.length).toBeGreaterThan(0);
    for (const e of timedOut) {
      expect(e.task ?? '').toMatch(/^source#/);
      expect(e.atMs).toBe(trigger.atMs + 120);
      expect(e.outputRecords).toBeGreaterThan(0);
      // The sender acknowledges only after its barrier left (here: was converted) and its channel state was written.
      const persisted = events.find((x): x is EventOf<'channel.statePersisted'> => x.type === 'channel.statePersisted' && x.task === e.task && x.checkpointId === 1)!;
      expect(persisted.outputRecords).toBe(e.outputRecords);
      expect(persisted.atMs).toBeGreaterThanOrEqual(e.atMs);
      const ack = events.find((x) => x.type === 'checkpoint.acknowledged' && x.task === e.task && x.checkpointId === 1)!;
      expect(ack.atMs).toBeGreaterThan(e.atMs);
    }
    const cp = sim.state.coordinator.completed.find((c) => c.id === 1)!;
    expect(cp).toBeDefined();
    // The source's channel state file holds exactly the records its barrier overtook, per channel, in queue order.
    for (const e of timedOut) {
      const h = cp.tasks[e.task!]!.channel!;
      const bytes = readFile(sim.state.storage, h.delegate.type === 'file' ? h.delegate.path : '');
      for (const out of h.output) expect(decodeChannelRecords(bytes, out, 'test').map((r) => r.origin)).toEqual(ahead.get(`${e.task}->${out.channel}`));
    }
  });

  it('leaves a barrier that leaves the output queue in time aligned, with no channel state', () => {
    const s = scenario({ unaligned: true, timeoutMs: 5_000, processingMs: 12 });
    const sim = Simulation.create(s);
    const events = run(sim, 900);
    expect(events.some((e) => e.type === 'barrier.outputTimedOut')).toBe(false);
    expect(events.some((e) => e.type === 'channel.statePersisted')).toBe(false);
    expect(sim.state.coordinator.completed.some((c) => c.id === 1)).toBe(true);
  });
});
