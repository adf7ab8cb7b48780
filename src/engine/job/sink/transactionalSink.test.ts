import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../../defaultScenario';
import type { EngineEvent, EventOf, EventType } from '../../events';
import { SCENARIO_FORMAT, type ScenarioInput } from '../../scenario/scenarioSchema';
import { Simulation } from '../../simulation';
import type { OperatorStateHandle } from '../../format/stateHandles';
import { failureFreeOutcome } from '../../verdict/failureFreeRun';
import { exactlyOnceVerdict } from '../../verdict/exactlyOnce';
import { recordsOf, transactionsOf } from './externalTransactions';
import { decodeSinkState } from './sinkOperatorState';
import { originCount } from './seenRuns';

/** A script action as written in a scenario (defaults may be omitted). */
type Action = NonNullable<ScenarioInput['script']>[number];

/** Script source, two partitions: a b c on p0 and d e on p1 first, f g on p0 and h on p1 later. */
const FIRST: Action[] = [
  { atMs: 100, do: 'emit', source: 'source#0', records: [{ key: 'a', value: 1 }, { key: 'b', value: 2 }, { key: 'c', value: 3 }] },
  { atMs: 100, do: 'emit', source: 'source#1', records: [{ key: 'd', value: 4 }, { key: 'e', value: 5 }] },
];
const SECOND: Action[] = [
  { atMs: 500, do: 'emit', source: 'source#0', records: [{ key: 'f', value: 6 }, { key: 'g', value: 7 }] },
  { atMs: 500, do: 'emit', source: 'source#1', records: [{ key: 'h', value: 8 }] },
];

function scenario(script: Action[], extra: Partial<ScenarioInput> = {}, sink: 'transactional' | 'plain' = 'transactional') {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 11,
    job: { parallelism: 2, maxParallelism: 128, source: { kind: 'script' }, sink: { kind: sink } },
    checkpointing: { tolerableFailed: 10 },
    script: [...script].sort((a, b) => a.atMs - b.atMs),
    untilMs: 2000,
    ...extra,
  });
}

/** Steps until an event matching `pred` has been produced; returns every event so far. */
function stepUntil(sim: Simulation, pred: (e: EngineEvent) => boolean): EngineEvent[] {
  const out: EngineEvent[] = [];
  for (let ev = sim.step(); ev; ev = sim.step()) {
    out.push(...ev);
    if (ev.some(pred)) return out;
  }
  throw new Error('the awaited event never came');
}

function ofType<T extends EventType>(events: EngineEvent[], type: T): EventOf<T>[] {
  return events.filter((e): e is EventOf<T> => e.type === type);
}

const originsOf = (sim: Simulation, id: string) => recordsOf(transactionsOf(sim.state.job.output).find((t) => t.id === id)!).map((r) => r.origin);

/** When checkpoint `id` completes in a run of `s` (to place a failure right after it). */
function completionMs(s: ReturnType<typeof scenario>, id: number): number {
  const e = ofType(Simulation.create(s).runUntil(s.untilMs), 'checkpoint.completed').find((x) => x.checkpointId === id);
  return e!.atMs;
}

function verdictOf(sim: Simulation) {
  return exactlyOnceVerdict(sim.state, failureFreeOutcome(sim.state.scenario));
}

describe('transactional sink (TwoPhaseCommitSinkFunction)', () => {
  it('writes records into an open transaction, invisible downstream, and pre-commits it at the barrier', () => {
    const sim = Simulation.create(scenario([...FIRST, { atMs: 300, do: 'checkpoint' }]));
    const events = stepUntil(sim, (e) => e.type === 'sink.preCommit' && e.task === 'sink#0');
    const begun = ofType(events, 'sink.beginTransaction');
    expect(begun.slice(0, 2).map((e) => [e.task, e.transaction])).toEqual([
      ['sink#0', 'tx-1'],
      ['sink#1', 'tx-2'],
    ]);
    const pre = ofType(events, 'sink.preCommit')[0]!;
    expect(pre).toMatchObject({ transaction: 'tx-1', checkpointId: 1, isSavepoint: false, records: 3, pending: ['tx-1'] });
    expect(pre.flinkRef).toBe('org.apache.flink.streaming.api.functions.sink.TwoPhaseCommitSinkFunction#preCommit');
    const tx1 = transactionsOf(sim.state.job.output)[0]!;
    expect(tx1).toMatchObject({ status: 'pre-committed', checkpointId: 1, task: 'sink#0' });
    // Records go to sink#0 or sink#1 by their key's group; the barrier follows them, so each transaction holds its sink's records.
    expect(originsOf(sim, 'tx-1')).toHaveLength(3);
    // Nothing is visible yet; the sink has begun its next transaction right after the pre-commit.
    expect(sim.state.job.output.emitted).toBe(0);
    expect(sim.state.job.sinks['sink#0']!.twoPhaseCommit).toEqual({ current: { id: 'tx-3', jobId: tx1.jobId }, pending: [{ checkpointId: 1, transaction: { id: 'tx-1', jobId: tx1.jobId } }] });
    expect(ofType(events, 'sink.beginTransaction').at(-1)).toMatchObject({ task: 'sink#0', transaction: 'tx-3' });
  });

  it('acknowledges the pending transactions as SPLIT_DISTRIBUTE operator state, and commits them on notifyCheckpointComplete', () => {
    const sim = Simulation.create(scenario([...FIRST, { atMs: 300, do: 'checkpoint' }]));
    stepUntil(sim, (e) => e.type === 'checkpoint.completed');
    // Completed, but the notification is an RPC still on its way: nothing committed yet.
    expect(sim.state.job.output.emitted).toBe(0);
    const cp = sim.state.coordinator.completed[0]!;
    const h = cp.tasks['sink#0']!.operator as OperatorStateHandle;
    expect(h.states).toEqual([{ name: 'state', mode: 'SPLIT_DISTRIBUTE', offsets: [0] }]);
    const [element] = decodeSinkState(h, h.delegate.type === 'inline' ? h.delegate.bytes : new Uint8Array(), 'test');
    expect(element!.pendingTransaction!.id).toBe('tx-3');
    expect(element!.pendingCommitTransactions.map((p) => [p.checkpointId, p.transaction.id])).toEqual([[1, 'tx-1']]);

    const events = stepUntil(sim, (e) => e.type === 'sink.commit' && e.task === 'sink#1');
    expect(ofType(events, 'sink.commit').map((e) => [e.task, e.transaction, e.checkpointId, e.notifiedCheckpointId, e.records])).toEqual([
      ['sink#0', 'tx-1', 1, 1, 3],
      ['sink#1', 'tx-2', 1, 1, 2],
    ]);
    expect(sim.state.job.output.emitted).toBe(5);
    expect(sim.state.job.output.seen).toEqual({ 'p0:l': [0, 3, 1], 'p1:l': [0, 2, 1] });
    expect(transactionsOf(sim.state.job.output).slice(0, 2).map((t) => [t.status, t.endedBy])).toEqual([
      ['committed', 'commit'],
      ['committed', 'commit'],
    ]);
    expect(sim.state.job.sinks['sink#0']!.twoPhaseCommit!.pending).toEqual([]);
  });

  it('keeps a committed transaction\'s records as written (packed once it ended, read back by recordsOf)', () => {
    const sim = Simulation.create(scenario([...FIRST, { atMs: 300, do: 'checkpoint' }]));
    stepUntil(sim, (e) => e.type === 'sink.preCommit' && e.task === 'sink#1');
    const written = transactionsOf(sim.state.job.output).slice(0, 2).map((t) => [...recordsOf(t)]);
    stepUntil(sim, (e) => e.type === 'sink.commit' && e.task === 'sink#1');
    const [tx1, tx2] = transactionsOf(sim.state.job.output);
    expect([tx1, tx2].map((t) => Array.isArray(t!.records))).toEqual([false, false]);
    expect([tx1, tx2].map((t) => [...recordsOf(t!)])).toEqual(written);
    expect(written.flat().map((r) => [r.key, r.value]).sort()).toEqual([['a', 1], ['b', 2], ['c', 3], ['d', 4], ['e', 5]]);
  });

  it('aborts the open transaction on failover; the records read again are committed once by the next checkpoint', () => {
    const s = scenario([...FIRST, { atMs: 300, do: 'checkpoint' }, ...SECOND, { atMs: 700, do: 'fail', task: 'count#0' }, { atMs: 1000, do: 'checkpoint' }]);
    const sim = Simulation.create(s);
    const events = sim.runUntil(s.untilMs);
    const closed = ofType(events, 'sink.abort').filter((e) => e.reason === 'close');
    expect(closed.map((e) => [e.task, e.transaction, e.records])).toEqual([
      ['sink#0', 'tx-3', 3],
      ['sink#1', 'tx-4', 0],
    ]);
    expect(closed[0]!.flinkRef).toMatch(/TwoPhaseCommitSinkFunction#close$/);
    expect(transactionsOf(sim.state.job.output)[2]).toMatchObject({ status: 'aborted', endedBy: 'close' });
    // f g h were in the aborted transaction and are read again after the restore from checkpoint 1.
    const abortedOrigins = originsOf(sim, 'tx-3');
    expect(abortedOrigins.sort()).toEqual(['p0:l3', 'p0:l4', 'p1:l2']);
    for (const o of abortedOrigins) expect(originCount(sim.state.job.output.seen, o)).toBe(1);
    expect(sim.state.job.output).toMatchObject({ emitted: 8, duplicates: 0 });
    expect(verdictOf(sim)).toMatchObject({ exactlyOnce: true, compared: 8, correct: 8, lost: 0, duplicated: 0 });
  });

  it('commits, on restore, the pending transactions whose notification never arrived (recoverAndCommit)', () => {
    const base = [...FIRST, { atMs: 300, do: 'checkpoint' } as Action];
    const failAt = completionMs(scenario(base), 1) + 1; // after completion, before the notification (RPC) arrives
    const sim = Simulation.create(scenario([...base, { atMs: failAt, do: 'fail', task: 'sink#1' }]));
    const events = sim.runUntil(2000);
    expect(ofType(events, 'sink.commit')).toEqual([]);
    const recovered = ofType(events, 'sink.recoverAndCommit');
    expect(recovered.map((e) => [e.task, e.transaction, e.checkpointId, e.restoredCheckpointId, e.outcome, e.records])).toEqual([
      ['sink#0', 'tx-1', 1, 1, 'committed', 3],
      ['sink#1', 'tx-2', 1, 1, 'committed', 2],
    ]);
    expect(recovered[0]!.flinkRef).toMatch(/TwoPhaseCommitSinkFunction#recoverAndCommit$/);
    // Restored before the notification: the transaction opened after the barrier is aborted (recoverAndAbort) if still open.
    expect(transactionsOf(sim.state.job.output).slice(2, 4).map((t) => t.status)).toEqual(['aborted', 'aborted']);
    expect(sim.state.job.output).toMatchObject({ emitted: 5, duplicates: 0 });
    expect(verdictOf(sim)).toMatchObject({ exactlyOnce: true, correct: 5 });
  });

  it('recoverAndCommit of a transaction committed before the failure changes nothing', () => {
    const sim = Simulation.create(scenario([...FIRST, { atMs: 300, do: 'checkpoint' }, { atMs: 700, do: 'fail', task: 'count#1' }]));
    const events = sim.runUntil(2000);
    expect(ofType(events, 'sink.recoverAndCommit').map((e) => e.outcome)).toEqual(['already-committed', 'already-committed']);
    expect(sim.state.job.output).toMatchObject({ emitted: 5, duplicates: 0 });
  });

  it('aborts, on restore, the transaction opened after the restored barrier, even when a later checkpoint pre-committed it (recoverAndAbort)', () => {
    // Slow storage: the sinks pre-commit checkpoint 2 before count#0 fails on its way to acknowledging it.
    const s = scenario([...FIRST, { atMs: 300, do: 'checkpoint' }, ...SECOND, { atMs: 650, do: 'fail', task: 'count#0', phase: 'before-ack' }, { atMs: 700, do: 'checkpoint' }, { atMs: 1200, do: 'checkpoint' }], { storage: { latencyMs: 100 } });
    const sim = Simulation.create(s);
    const events = sim.runUntil(s.untilMs);
    expect(ofType(events, 'job.failed')[0]!.restartFrom).toBe(1);
    const aborted = ofType(events, 'sink.abort').filter((e) => e.reason === 'recoverAndAbort');
    expect(aborted.map((e) => [e.task, e.transaction, e.checkpointId, e.records])).toEqual([
      ['sink#0', 'tx-3', 2, 3],
      ['sink#1', 'tx-4', 2, 0],
    ]);
    expect(aborted[0]!.flinkRef).toMatch(/TwoPhaseCommitSinkFunction#recoverAndAbort$/);
    expect(verdictOf(sim)).toMatchObject({ exactlyOnce: true, correct: 8 });
  });

  it('aborts lingering transactions when the job starts again from scratch (no completed checkpoint to restore)', () => {
    const s = scenario([...FIRST, { atMs: 250, do: 'fail', task: 'count#0', phase: 'before-ack' }, { atMs: 300, do: 'checkpoint' }, { atMs: 900, do: 'checkpoint' }], { storage: { latencyMs: 100 } });
    const sim = Simulation.create(s);
    const events = sim.runUntil(s.untilMs);
    expect(ofType(events, 'job.failed')[0]!.restartFrom).toBeNull();
    const lingering = ofType(events, 'sink.abort').filter((e) => e.reason === 'lingering');
    expect(lingering.map((e) => [e.task, e.transaction, e.checkpointId])).toEqual([
      ['sink#0', 'tx-1', 1],
      ['sink#1', 'tx-2', 1],
    ]);
    expect(lingering[0]!.flinkRef).toMatch(/FlinkKafkaProducer#abortTransactions$/);
    expect(sim.state.job.output).toMatchObject({ emitted: 5, duplicates: 0 });
    expect(verdictOf(sim)).toMatchObject({ exactlyOnce: true, correct: 5 });
  });

  it('keeps the records of an aborted checkpoint in the open transaction and commits them with the next completed one', () => {
    const s = scenario([...FIRST, { atMs: 250, do: 'decline', task: 'count#0' }, { atMs: 300, do: 'checkpoint' }, ...SECOND, { atMs: 700, do: 'checkpoint' }]);
    const sim = Simulation.create(s);
    const events = sim.runUntil(s.untilMs);
    expect(ofType(events, 'checkpoint.aborted').map((e) => e.checkpointId)).toEqual([1]);
    // count#0 declined before forwarding barrier 1; checkpoint 1 was aborted before count#1's barrier 1
    // reached sink#1, which (told of the abort, like Flink's CancelCheckpointMarker) takes no snapshot for it:
    // the records stay in the open transaction, pre-committed and committed with checkpoint 2.
    expect(ofType(events, 'sink.preCommit').map((e) => [e.task, e.checkpointId])).toEqual([
      ['sink#0', 2],
      ['sink#1', 2],
    ]);
    expect(ofType(events, 'sink.commit').map((e) => [e.task, e.checkpointId, e.notifiedCheckpointId])).toEqual([
      ['sink#0', 2, 2],
      ['sink#1', 2, 2],
    ]);
    expect(sim.state.job.output).toMatchObject({ emitted: 8, duplicates: 0 });
  });

  it('pre-commits at a savepoint but commits only when a checkpoint completes (savepoints are not notified)', () => {
    const s = scenario([...FIRST, { atMs: 300, do: 'savepoint' }, { atMs: 700, do: 'checkpoint' }]);
    const sim = Simulation.create(s);
    const events = stepUntil(sim, (e) => e.type === 'checkpoint.completed' && e.isSavepoint);
    sim.runUntil(650);
    expect(ofType(events, 'sink.preCommit').every((e) => e.isSavepoint && e.checkpointId === 1)).toBe(true);
    expect(sim.state.job.output.emitted).toBe(0);
    const rest = sim.runUntil(s.untilMs);
    expect(ofType(rest, 'sink.commit').map((e) => [e.task, e.checkpointId, e.notifiedCheckpointId])).toEqual([
      ['sink#0', 1, 2],
      ['sink#0', 2, 2],
      ['sink#1', 1, 2],
      ['sink#1', 2, 2],
    ]);
    expect(sim.state.job.output.emitted).toBe(5);
  });

  it('redistributes the pending transactions on a rescaling restore: one subtask recovers and commits both', () => {
    const base = [...FIRST, { atMs: 300, do: 'checkpoint' } as Action];
    const at = completionMs(scenario(base), 1) + 1;
    const sim = Simulation.create(scenario([...base, { atMs: at, do: 'restore', checkpoint: 'latest', parallelism: 1 }]));
    const events = sim.runUntil(2000);
    expect(ofType(events, 'sink.recoverAndCommit').map((e) => [e.task, e.transaction, e.outcome])).toEqual([
      ['sink#0', 'tx-1', 'committed'],
      ['sink#0', 'tx-2', 'committed'],
    ]);
    expect(sim.state.job.output).toMatchObject({ emitted: 5, duplicates: 0 });
  });
});

describe('plain sink', () => {
  it('emits at once, and after a failover the records read again reach the output twice', () => {
    const s = scenario([...FIRST, { atMs: 300, do: 'checkpoint' }, ...SECOND, { atMs: 700, do: 'fail', task: 'count#0' }, { atMs: 1000, do: 'checkpoint' }], {}, 'plain');
    const sim = Simulation.create(s);
    const before = sim.runUntil(200);
    expect(sim.state.job.output.emitted).toBe(5); // visible before any checkpoint
    const events = [...before, ...sim.runUntil(s.untilMs)];
    expect(events.some((e) => e.type.startsWith('sink.') && e.type !== 'sink.received')).toBe(false);
    expect(sim.state.job.output.transactions).toBeUndefined();
    expect(sim.state.job.output).toMatchObject({ emitted: 11, duplicates: 3 });
    expect(verdictOf(sim)).toMatchObject({ exactlyOnce: false, lost: 0, duplicated: 3, duplicatedOrigins: ['p0:l3', 'p0:l4', 'p1:l2'] });
  });
});
