/**
 * Aligned barriers block the sender's subpartition; cancellation travels as CancelCheckpointMarker;
 * a newer barrier during an alignment declines the older checkpoint as subsumed; the JobManager's
 * notifications reach the tasks as messages, and the tasks act when they arrive.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { enqueue } from '../core/eventQueue';
import type { EngineEvent, EventOf } from '../events';
import type { ScenarioAction } from '../scenario/actionSchema';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { channelKey } from '../job/channelState';

function scenario(opts: { seed?: number; script: ScenarioAction[]; untilMs?: number; timeoutMs?: number; processingMs?: number; tolerableFailed?: number }) {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: opts.seed ?? 5,
    job: {
      parallelism: 2,
      maxParallelism: 32,
      source: { kind: 'generator', keys: 16, ratePerSec: 400 },
      operators: [{ name: 'count', state: 'value', processingMs: opts.processingMs ?? 0 }],
      sink: { kind: 'plain' },
    },
    checkpointing: { numRetained: 3, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}), tolerableFailed: opts.tolerableFailed ?? 0 },
    script: opts.script,
    untilMs: opts.untilMs ?? 900,
  });
}

function stepAll(sim: Simulation, untilMs: number, each?: (ev: EngineEvent[]) => void): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (let ev = sim.step(); ev && sim.nowMs <= untilMs; ev = sim.step()) {
    events.push(...ev);
    each?.(ev);
  }
  return events;
}

const of = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) => events.filter((e): e is EventOf<T> => e.type === type);

describe('aligned barriers block the sender (PipelinedSubpartition#pollBuffer, Flink ≥ 1.11)', () => {
  // PipelinedSubpartition#pollBuffer L517–519 sets isBlocked after an aligned barrier; only
  // resumeConsumption (L550–555), sent by the receiver after alignment
  // (AbstractAlignedBarrierHandlerState#triggerGlobalCheckpoint → unblockAllChannels), clears it.
  it('nothing behind a barrier leaves the sender while the receiver aligns: records wait at the sender, none at the receiver', () => {
    const sim = Simulation.create(scenario({ script: [{ atMs: 300, do: 'checkpoint' }] }));
    let waitedAtSender = 0;
    stepAll(sim, 900, () => {
      const { job, queue } = sim.state;
      for (const [task, cp] of Object.entries(job.checkpointing)) {
        for (const from of cp.aligning?.arrived ?? []) {
          // Channels are FIFO: once barrier n has arrived from `from`, anything more on the wire was sent after it.
          const onWire = queue.heap.filter((e) => e.item.kind === 'record.arrive' && e.item.task === task && e.item.from === from);
          expect(onWire).toEqual([]);
          expect(job.flow[task]!.queue.filter((e) => e.from === from && e.kind === 'record')).toEqual([]);
          waitedAtSender = Math.max(waitedAtSender, job.channels[channelKey(from, task)]!.outQueue.filter((e) => e.kind === 'record').length);
        }
      }
    });
    expect(waitedAtSender).toBeGreaterThan(0); // the sources kept producing: their records waited at the sender
    expect(sim.state.coordinator.completed.map((c) => c.id)).toEqual([1]);
    // Every blocked channel was resumed: nothing waits at a sender at the end.
    for (const ch of Object.values(sim.state.job.channels)) expect(ch.blockedBy ?? null).toBeNull();
  });

  it('the resume request unblocks the sender, which sends what waited behind the barrier', () => {
    const sim = Simulation.create(scenario({ script: [{ atMs: 300, do: 'checkpoint' }] }));
    const events = stepAll(sim, 900);
    const blocked = of(events, 'channel.blocked');
    const resumed = of(events, 'channel.resumed');
    const channels = Object.entries(sim.state.job.topology.outputs).reduce((n, [, tos]) => n + tos.length, 0);
    expect(blocked.length).toBe(channels); // every channel carries one aligned barrier of checkpoint 1
    expect(resumed.map((e) => `${e.task}->${e.to}`).sort()).toEqual(blocked.map((e) => `${e.task}->${e.to}`).sort());
    // A channel is resumed only after its receiver completed the alignment.
    for (const r of resumed) {
      const aligned = events.find((e) => e.type === 'barrier.aligned' && e.task === r.to && e.checkpointId === r.checkpointId)!;
      expect(aligned.step).toBeLessThan(r.step);
    }
    expect(resumed.some((e) => e.waiting > 0)).toBe(true);
  });
});

describe('CancelCheckpointMarker (SubtaskCheckpointCoordinatorImpl#abortCheckpointOnBarrier, SingleCheckpointBarrierHandler#processCancellationBarrier)', () => {
  // abortCheckpointOnBarrier L217–249: decline to the JobManager, broadcast CancelCheckpointMarker.
  // processCancellationBarrier L345–356: abort the alignment, and in turn decline
  // (CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER, not counted by CheckpointFailureManager L236).
  it('a task that declines at its barrier sends a marker downstream; its sink does not wait for the barrier, declines and passes it on', () => {
    const sim = Simulation.create(scenario({ script: [{ atMs: 250, do: 'decline', task: 'count#0' }, { atMs: 300, do: 'checkpoint' }], tolerableFailed: 3 }));
    const events = stepAll(sim, 900);
    const sent = of(events, 'cancelMarker.sent');
    expect(sent.find((e) => e.task === 'count#0')).toMatchObject({ checkpointId: 1, why: 'declined', to: sim.state.job.topology.outputs['count#0'] });
    const received = of(events, 'cancelMarker.received').filter((e) => e.from === 'count#0');
    expect(received.map((e) => e.task).sort()).toEqual(sim.state.job.topology.outputs['count#0']);
    expect(received.every((e) => e.cancelled)).toBe(true);
    // The sink declines in turn; the coordinator counts the checkpoint once, for count#0's decline.
    const sinkDeclines = of(events, 'checkpoint.declined').filter((e) => e.task!.startsWith('sink#'));
    expect(sinkDeclines.map((e) => e.task)).toEqual(received.map((e) => e.task));
    expect(sinkDeclines.every((e) => e.reason.includes('CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER'))).toBe(true);
    expect(of(events, 'checkpoint.aborted').map((e) => [e.checkpointId, e.reason, e.continuousFailures])).toEqual([[1, 'CHECKPOINT_DECLINED', 1]]);
    // No sink snapshotted checkpoint 1, and every channel the sinks blocked was resumed.
    for (const t of received.map((e) => e.task)) expect(events.some((e) => e.type === 'checkpoint.syncSnapshot' && e.task === t && e.checkpointId === 1)).toBe(false);
    for (const ch of Object.values(sim.state.job.channels)) expect(ch.blockedBy ?? null).toBeNull();
  });

  // SubtaskCheckpointCoordinatorImpl#notifyCheckpointAborted (L449–466) cancels the asynchronous
  // part or remembers the id; it does not touch the barrier handler. checkpointState L303–306: when
  // the alignment of a remembered checkpoint completes, the task sends a marker instead of the barrier.
  it('an abort notification does not end an alignment in progress; the aligned task then sends a marker instead of its barrier', () => {
    let found = false;
    const tries = [1, 2, 3].flatMap((seed) => [100, 115, 130, 145, 160, 175, 190].map((timeoutMs) => ({ seed, timeoutMs })));
    for (const { seed, timeoutMs } of tries) {
      if (found) break;
      // The checkpoint expires between the two barriers' arrival at a count (slow counts: barriers queue behind records).
      const sim = Simulation.create(scenario({ seed, processingMs: 4, timeoutMs, tolerableFailed: 5, script: [{ atMs: 300, do: 'checkpoint' }] }));
      const events = stepAll(sim, 900);
      for (const n of of(events, 'task.notified').filter((e) => e.notification === 'aborted' && e.outcome === 'remembered' && e.task!.startsWith('count#'))) {
        const aligningBefore = events.some((e) => e.type === 'barrier.received' && e.task === n.task && e.checkpointId === 1 && e.step < n.step);
        const alignedAfter = events.find((e) => e.type === 'barrier.aligned' && e.task === n.task && e.checkpointId === 1 && e.step > n.step);
        if (!aligningBefore || !alignedAfter) continue;
        found = true;
        const marker = of(events, 'cancelMarker.sent').find((e) => e.task === n.task && e.checkpointId === 1);
        expect(marker).toMatchObject({ why: 'aborted', to: sim.state.job.topology.outputs[n.task!] });
        expect(marker!.step).toBe(alignedAfter.step);
        expect(events.some((e) => e.type === 'checkpoint.syncSnapshot' && e.task === n.task && e.checkpointId === 1)).toBe(false);
      }
    }
    expect(found).toBe(true);
  });
});

describe('a newer barrier during an alignment (SingleCheckpointBarrierHandler L341–342, L451–458)', () => {
  it('declines the older checkpoint at once as CHECKPOINT_DECLINED_SUBSUMED; the coordinator aborts it and does not count it', () => {
    const sim = Simulation.create(scenario({ script: [{ atMs: 300, do: 'checkpoint' }], tolerableFailed: 0 }));
    // Run until count#0 aligns checkpoint 1 with one barrier in.
    for (let ev = sim.step(); ev; ev = sim.step()) {
      const a = sim.state.job.checkpointing['count#0']!.aligning;
      if (a?.checkpointId === 1 && a.arrived.length === 1) break;
    }
    const a = sim.state.job.checkpointing['count#0']!.aligning!;
    const other = ['source#0', 'source#1'].find((s) => !a.arrived.includes(s))!;
    // A barrier of a newer checkpoint reaches count#0 on the other channel before barrier 1 does.
    const state = sim.snapshot();
    enqueue(state.queue, state.nowMs, { kind: 'barrier.arrive', task: 'count#0', from: other, checkpointId: 2, isSavepoint: false, triggerMs: state.nowMs });
    const resumed = Simulation.fromSnapshot(state);
    const events = stepAll(resumed, 900);
    const declined = of(events, 'checkpoint.declined').find((e) => e.task === 'count#0' && e.checkpointId === 1)!;
    expect(declined.reason).toContain('CHECKPOINT_DECLINED_SUBSUMED');
    const aborted = of(events, 'checkpoint.aborted').find((e) => e.checkpointId === 1)!;
    expect(aborted).toMatchObject({ reason: 'CHECKPOINT_DECLINED_SUBSUMED', continuousFailures: 0 });
    expect(aborted.atMs - declined.atMs).toBeLessThanOrEqual(1); // at once, not at the checkpoint timeout
    expect(events.some((e) => e.type === 'job.failed')).toBe(false); // not counted, even with tolerable 0
    // The channel blocked by barrier 1 was resumed when the alignment was given up.
    expect(events.some((e) => e.type === 'channel.resumed' && e.to === 'count#0' && e.task === a.arrived[0] && e.checkpointId === 1)).toBe(true);
  });
});

describe('notifications travel as messages (TaskExecutorGateway#confirmCheckpoint / #abortCheckpoint)', () => {
  // CheckpointCoordinator#sendAcknowledgeMessages L1575–1593: one RPC per task; the task acts on arrival.
  it('a task confirms a completed checkpoint only when the confirmCheckpoint RPC reaches it', () => {
    const sim = Simulation.create(scenario({ script: [{ atMs: 300, do: 'checkpoint' }] }));
    let checked = 0;
    stepAll(sim, 900, (ev) => {
      if (ev.some((e) => e.type === 'checkpoint.completed')) {
        for (const cp of Object.values(sim.state.job.checkpointing)) expect(cp.lastCompletedCheckpointId).toBe(0);
        checked++;
      }
      for (const e of ev) {
        if (e.type !== 'task.notified' || e.notification !== 'complete') continue;
        expect(sim.state.job.checkpointing[e.task!]!.lastCompletedCheckpointId).toBe(e.checkpointId);
        checked++;
      }
    });
    expect(checked).toBe(1 + 6);
  });

  // SubtaskCheckpointCoordinatorImpl#notifyCheckpointAborted → cancelAsyncCheckpointRunnable (L634–645).
  it('an aborted checkpoint’s running upload is cancelled when the abort RPC arrives, not when the coordinator decides', () => {
    const s = scenarioOf({
      format: SCENARIO_FORMAT,
      job: { parallelism: 1, source: { kind: 'generator', keys: 8, ratePerSec: 100 } },
      storage: { latencyMs: 500, bytesPerMs: 1000 },
      checkpointing: { timeoutMs: 300, tolerableFailed: 3 },
      script: [{ atMs: 200, do: 'checkpoint' }],
      untilMs: 1500,
    });
    const sim = Simulation.create(s);
    const runningAt: { abort: number; notified: string[] } = { abort: -1, notified: [] };
    stepAll(sim, 1500, (ev) => {
      if (ev.some((e) => e.type === 'checkpoint.aborted')) runningAt.abort = Object.values(sim.state.job.checkpointing).filter((cp) => cp.running.some((r) => r.checkpointId === 1)).length;
      for (const e of ev) if (e.type === 'task.notified' && e.notification === 'aborted') runningAt.notified.push(`${e.task}:${e.outcome}`);
    });
    expect(runningAt.abort).toBeGreaterThan(0); // still running when the JobManager aborted it
    expect(runningAt.notified.some((n) => n.endsWith(':cancelled-async-part'))).toBe(true);
    for (const cp of Object.values(sim.state.job.checkpointing)) expect(cp.running).toEqual([]);
  });
});
