/**
 * The operator-state example (scenarios/operator-state-rescale.json): a rescale from 2 to 3 in
 * which the sink's transactions are SPLIT_DISTRIBUTE list state, the legacy consumer's offsets
 * UNION list state and the broadcast rules BROADCAST state. What each new subtask holds after
 * the restore is compared with what the old subtasks held when they took checkpoint N (captured
 * from the running job at their synchronous snapshot), by the rules of Flink's
 * RoundRobinOperatorStateRepartitioner (repartitionSplitState / repartitionUnionState /
 * repartitionBroadcastState: new subtask i gets old subtask i % oldP's copy) and
 * FlinkKafkaConsumerBase#open (keep what KafkaTopicPartitionAssigner assigns).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation, parseScenarioText, type EngineEvent, type EventOf } from '../../src/engine';
import { clonePlain, type Plain } from '../../src/engine/core/plainData';
import { decodeMetadata } from '../../src/engine/format/metadataFormat';
import { readOperatorStateStream } from '../../src/engine/job/operatorStateWriter';
import type { OperatorStateHandle } from '../../src/engine/format/stateHandles';
import { readFile } from '../../src/engine/storage/remoteStorage';
import { assignPartition, LEGACY_TOPIC } from '../../src/engine/job/legacyKafkaConsumer';

interface Captured {
  /** Per old source subtask: `p<partition>@<offset>` of the partitions it read. */
  source: string[][];
  /** Per old count subtask: its broadcast rules map. */
  rules: Record<string, Plain>[];
  /** Per old sink subtask: the labels of its list state elements (one element each). */
  sink: string[][];
}

function record(text: string) {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const sim = Simulation.create(parsed.scenario);
  const events: EngineEvent[] = [];
  const atSync = new Map<number, Captured>();
  for (let at = sim.nextAtMs; at !== undefined && at <= parsed.scenario.untilMs; at = sim.nextAtMs) {
    const step = sim.step()!;
    events.push(...step);
    for (const e of step) {
      if (e.type !== 'checkpoint.syncSnapshot' || !e.task) continue;
      const c = atSync.get(e.checkpointId) ?? { source: [], rules: [], sink: [] };
      atSync.set(e.checkpointId, c);
      const [vertex, idx] = e.task.split('#') as [string, string];
      const i = Number(idx);
      const job = sim.state.job;
      if (vertex === 'source') c.source[i] = job.sources[e.task]!.partitions.map((p) => `p${p.partition}@${p.offset}`);
      if (vertex === 'count') c.rules[i] = clonePlain(job.keyed[e.task]!.operatorState?.broadcastStates[0]?.entries ?? {}) as Record<string, Plain>;
      if (vertex === 'sink') {
        const tpc = job.sinks[e.task]!.twoPhaseCommit!;
        // What snapshotState writes: the transaction opened after the barrier and the pre-committed ones.
        const pending = tpc.pending.map((p) => ({ checkpointId: p.checkpointId, id: p.transaction.id, jobId: p.transaction.jobId }));
        const cur = tpc.current ? { id: tpc.current.id, jobId: tpc.current.jobId } : null;
        c.sink[i] = [`${cur?.id ?? '–'}${pending.length ? ` +${pending.length}` : ''}`];
      }
    }
  }
  return { sim, events, atSync };
}

const restoreEvents = (events: EngineEvent[], state: string) =>
  events.filter((e): e is EventOf<'restore.operatorState'> => e.type === 'restore.operatorState' && e.state === state);

describe('rescaling operator state: split, union, broadcast (the gallery example)', () => {
  const { sim, events, atSync } = record(readFileSync('scenarios/operator-state-rescale.json', 'utf8'));
  const started = events.find((e): e is EventOf<'restore.started'> => e.type === 'restore.started')!;
  const oldP = started.previousParallelism;
  const newP = started.parallelism;
  const at = atSync.get(started.checkpointId)!;
  const replayTo = (step: number): Simulation => {
    const s2 = Simulation.create(sim.state.scenario);
    while (s2.stepIndex < step) s2.step();
    return s2;
  };

  it('rescales from 2 to 3 from a checkpoint every old subtask snapshotted', () => {
    expect([oldP, newP]).toEqual([2, 3]);
    for (const part of [at.source, at.rules, at.sink]) expect(part.filter(Boolean)).toHaveLength(oldP);
    // Broadcast state is written by every subtask and identical on all of them, and not empty.
    expect(Object.keys(at.rules[0]!).length).toBeGreaterThan(0);
    expect(at.rules[1]).toEqual(at.rules[0]);
  });

  it('_metadata holds each operator state with its distribution mode', () => {
    // The file as the restore read it (later checkpoints subsume and delete it).
    const meta = decodeMetadata(readFile(replayTo(started.step).state.storage, started.metadataPath), started.metadataPath);
    const modes = (vertex: string) =>
      meta.operators.find((o) => o.vertex === vertex)!.subtasks.map((st) => (st.operator as OperatorStateHandle).states.map((s) => `${s.name}:${s.mode}`));
    expect(modes('source')).toEqual(Array(oldP).fill(['topic-partition-offset-states:UNION']));
    expect(modes('count')).toEqual(Array(oldP).fill(['rules:BROADCAST']));
    expect(modes('sink')).toEqual(Array(oldP).fill(['state:SPLIT_DISTRIBUTE']));
    // Small streams travel inside _metadata (below state.storage.fs.memory-threshold).
    const count = meta.operators.find((o) => o.vertex === 'count')!.subtasks[0]!.operator!;
    expect(count.delegate.type).toBe('inline');
    const bytes = count.delegate.type === 'inline' ? count.delegate.bytes : new Uint8Array();
    expect(readOperatorStateStream(count, bytes, 'count#0').broadcastStates[0]!.entries).toEqual(at.rules[0]);
  });

  it('UNION: every new subtask receives every entry of every old subtask and keeps what the assigner gives it', () => {
    const all = at.source.flat();
    const ev = restoreEvents(events, 'topic-partition-offset-states');
    expect(ev.map((e) => e.task).sort()).toEqual(Array.from({ length: newP }, (_, i) => `source#${i}`));
    for (const e of ev) {
      const i = Number(e.task!.split('#')[1]);
      expect(e.mode).toBe('UNION');
      expect(e.received.map((r) => r.from)).toEqual(Array.from({ length: oldP }, (_, j) => j));
      e.received.forEach((r) => expect(r.entries).toEqual(at.source[r.from]));
      const kept = all.filter((x) => assignPartition(LEGACY_TOPIC, Number(x.slice(1, x.indexOf('@'))), newP) === i);
      expect(e.kept).toEqual(kept);
    }
    // Together the new subtasks read each partition exactly once, from its checkpointed offset.
    expect(ev.flatMap((e) => e.kept!).sort()).toEqual([...all].sort());
    // At parallelism 3 the assigner starts at subtask 1, so no partition stays where SPLIT_DISTRIBUTE would put it.
    expect(ev.find((e) => e.task === 'source#0')!.kept).toEqual([]);
  });

  it('BROADCAST: new subtask i takes old subtask i mod oldP’s copy, whole', () => {
    const ev = restoreEvents(events, 'rules');
    expect(ev).toHaveLength(newP);
    for (const e of ev) {
      const i = Number(e.task!.split('#')[1]);
      expect(e.mode).toBe('BROADCAST');
      expect(e.received.map((r) => r.from)).toEqual([i % oldP]);
      const expected = Object.entries(at.rules[i % oldP]!).map(([k, v]) => `${k.replace(/^s/, '')}=${JSON.stringify(v)}`);
      expect(e.received[0]!.entries).toEqual(expected);
    }
    // The restored subtask (before new rules arrive) holds exactly that copy.
    const s2 = replayTo(events.find((e) => e.type === 'job.running')!.step);
    for (let i = 0; i < newP; i++) expect(s2.state.job.keyed[`count#${i}`]!.operatorState!.broadcastStates[0]!.entries).toEqual(at.rules[i % oldP]);
  });

  it('SPLIT_DISTRIBUTE: the old elements, in old-subtask order, are dealt out in consecutive chunks', () => {
    const all = at.sink.flat();
    const base = Math.floor(all.length / newP);
    const extra = all.length % newP;
    let next = 0;
    const ev = restoreEvents(events, 'state');
    for (let i = 0; i < newP; i++) {
      const n = base + (i < extra ? 1 : 0);
      const e = ev.find((x) => x.task === `sink#${i}`)!;
      expect(e.mode).toBe('SPLIT_DISTRIBUTE');
      expect(e.received.flatMap((r) => r.entries)).toEqual(all.slice(next, next + n));
      next += n;
    }
  });
});
