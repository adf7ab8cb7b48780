/**
 * Records moving through the job: sources read (generator or script log), keyBy routes each
 * record to the keyed subtask that owns its key group, each keyed operator updates its state
 * and forwards the record, and sinks receive it. Hops take a fixed latency so every channel
 * stays FIFO, as Flink's network channels are.
 */
import { assignToKeyGroup, computeOperatorIndexForKeyGroup } from '../keys/keyGroups';
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { applyRecord, descriptorFor, readState } from '../job/keyedFunctions';
import { afterRocksDbWrite } from '../job/lsmEvents';
import { afterChangelogWrite, openTaskKeyedBackend } from '../job/changelog/changelogBackendAccess';
import { generatedRecord, generatorPeriodMs, type SourceRecord } from '../job/sourceGenerator';
import { partitionKey, type SourcePartitionState } from '../job/jobState';
import { subtaskIndexOf } from '../job/topology';
import { writeToSink } from '../job/sink/sinkWriter';
import { openSinkTransactions } from '../job/sink/transactionalSink';
import { applyRule, isRuleRecord } from '../job/broadcastRules';
import { maybeBroadcastRule } from './broadcastRuleStream';

import { SCRIPT_READ_GAP_MS } from '../job/latencies';
import { flowOf, outputBackPressured, sendRecord } from './channels';
import type { ChannelRecord } from '../job/channelState';
import { onRecordArrive } from './taskInput';
import { recordsPerBuffer } from './networkBuffers';

/**
 * Starts every source subtask: each generator partition ticks; script logs wake on emit. The job
 * starts here (first start, restart from scratch, after a restore), so transactional sinks begin
 * their first transactions here too.
 */
export function startSources(ctx: StepContext): void {
  const job = ctx.state.job;
  openSinkTransactions(ctx);
  for (const [task, src] of Object.entries(job.sources)) {
    for (const p of src.partitions) {
      if (ctx.state.scenario.job.source.kind === 'generator') ctx.schedule(0, { kind: 'source.tick', task, partition: p.partition });
      if ((job.scriptLog[partitionKey(p.partition)]?.length ?? 0) > p.logOffset) ctx.schedule(0, { kind: 'source.readLog', task, partition: p.partition });
    }
  }
}

/** The next subtask on the path of a record leaving vertex `fromVertex`. */
export function nextHop(ctx: StepContext, fromVertex: string, fromIndex: number, keyGroup: number): string {
  const { vertices, maxParallelism } = ctx.state.job.topology;
  const at = vertices.findIndex((v) => v.name === fromVertex);
  const next = vertices[at + 1]!;
  if (next.kind === 'keyed') return `${next.name}#${computeOperatorIndexForKeyGroup(maxParallelism, next.parallelism, keyGroup)}`;
  // keyed operator → sink: forward when parallelism matches, else round robin by subtask.
  return `${next.name}#${fromIndex % next.parallelism}`;
}

function partitionOf(ctx: StepContext, task: string, partition: number): SourcePartitionState | undefined {
  return ctx.state.job.sources[task]?.partitions.find((p) => p.partition === partition);
}

function emitFromSource(ctx: StepContext, task: string, part: SourcePartitionState, record: SourceRecord, fromLog: boolean): void {
  const src = ctx.state.job.sources[task]!;
  const keyGroup = assignToKeyGroup(record.key, ctx.state.job.topology.maxParallelism);
  const to = nextHop(ctx, 'source', subtaskIndexOf(task), keyGroup);
  const offset = fromLog ? part.logOffset : part.offset;
  ctx.emit('source.emitted', { partition: part.partition, offset, fromLog, key: record.key, value: record.value, keyGroup, to }, { task });
  if (fromLog) part.logOffset += 1;
  else part.offset += 1;
  src.emitted += 1;
  const origin = `p${part.partition}:${fromLog ? 'l' : 'g'}${offset}`;
  sendRecord(ctx, task, to, { key: record.key, keyGroup, value: record.value, origin });
  maybeBroadcastRule(ctx, task, part, offset, fromLog, record.value);
}

/** A source whose output is back-pressured stops reading this partition until credit returns. */
function waitIfBackPressured(ctx: StepContext, task: string, partition: number, log: boolean): boolean {
  if (!outputBackPressured(ctx, task)) return false;
  const flow = flowOf(ctx.state.job, task);
  if (!flow.waitingSources.some((w) => w.partition === partition && w.log === log)) flow.waitingSources.push({ partition, log });
  return true;
}

/**
 * A generator partition reads its next record (the one at its current offset), or with network
 * buffers up to a buffer's worth (`recordsPerBuffer`), the next read that many periods later so
 * the rate stays. A back-pressured output stops the read where it is, until credit returns.
 */
export function handleSourceTick(ctx: StepContext, item: QueueItemOf<'source.tick'>): void {
  const part = partitionOf(ctx, item.task, item.partition);
  if (!part) return; // the job was restarted and the partition moved
  const perBuffer = recordsPerBuffer(ctx.state.scenario);
  for (let i = 0; i < perBuffer; i++) {
    if (ctx.state.job.sources[item.task]?.stopped) return; // stop-with-savepoint: the source emits nothing more
    if (waitIfBackPressured(ctx, item.task, item.partition, false)) return;
    emitFromSource(ctx, item.task, part, generatedRecord(ctx.state.scenario, item.partition, part.offset), false);
  }
  ctx.schedule(generatorPeriodMs(ctx.state.scenario) * perBuffer, { kind: 'source.tick', task: item.task, partition: item.partition });
}

/** A source reads the next record (with network buffers: up to a buffer's worth) of a partition's script log, if there is one. */
export function handleSourceReadLog(ctx: StepContext, item: QueueItemOf<'source.readLog'>): void {
  const part = partitionOf(ctx, item.task, item.partition);
  const log = ctx.state.job.scriptLog[partitionKey(item.partition)];
  if (!part || !log) return;
  const perBuffer = recordsPerBuffer(ctx.state.scenario);
  for (let i = 0; i < perBuffer && part.logOffset < log.length; i++) {
    if (ctx.state.job.sources[item.task]?.stopped) return;
    if (waitIfBackPressured(ctx, item.task, item.partition, true)) return;
    emitFromSource(ctx, item.task, part, log[part.logOffset]!, true);
  }
  if (part.logOffset < log.length) ctx.schedule(SCRIPT_READ_GAP_MS, { kind: 'source.readLog', task: item.task, partition: item.partition });
}

/** Appends records to partition i's log (the `emit` action names `source#i`) and wakes its reader. */
export function appendToSourceLog(ctx: StepContext, source: string, records: readonly SourceRecord[]): void {
  const partition = subtaskIndexOf(source);
  const log = ctx.state.job.scriptLog[partitionKey(partition)];
  if (!log) throw new Error(`emit: no source partition for "${source}"`);
  const reader = Object.entries(ctx.state.job.sources).find(([, s]) => s.partitions.some((p) => p.partition === partition));
  const part = reader?.[1].partitions.find((p) => p.partition === partition);
  const idle = !part || part.logOffset >= log.length;
  for (const r of records) log.push({ key: r.key, value: r.value });
  // While the job is being restored its sources wait: startSources wakes every non-empty log once it runs.
  if (reader && idle && ctx.state.job.running) ctx.schedule(0, { kind: 'source.readLog', task: reader[0], partition });
}

/** A record's transmission ends at a keyed operator subtask or a sink subtask. */
export function handleRecordArrive(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  onRecordArrive(ctx, item);
}

/**
 * A subtask processes one record from its input (channel `from`): a keyed operator updates its
 * state and forwards the record; a sink writes it. Returns the simulated time this took.
 */
export function processRecord(ctx: StepContext, task: string, from: string, r: ChannelRecord): number {
  const job = ctx.state.job;
  const keyed = job.keyed[task];
  if (keyed && isRuleRecord(r)) {
    // The broadcast side of the operator: the rule goes into broadcast state and no further.
    applyRule(ctx, task, keyed, r);
    return 0;
  }
  if (keyed) {
    const backend = openTaskKeyedBackend(keyed);
    const vertex = job.topology.vertices.find((v) => v.name === keyed.operator)!;
    const desc = descriptorFor(keyed.operator, vertex.state!);
    backend.setCurrentKey(r.key);
    applyRecord(backend, desc, r.value);
    keyed.processed += 1;
    afterRocksDbWrite(ctx, task);
    afterChangelogWrite(ctx, task);
    const keyGroup = backend.getCurrentKeyGroupIndex();
    ctx.emit('state.updated', { key: r.key, keyGroup, state: desc.name, kind: desc.kind, input: r.value, value: readState(backend, desc) as never }, { task });
    const to = nextHop(ctx, keyed.operator, subtaskIndexOf(task), keyGroup);
    sendRecord(ctx, task, to, { key: r.key, keyGroup, value: r.value, origin: r.origin });
    return ctx.state.scenario.job.operators.find((o) => o.name === keyed.operator)?.processingMs ?? 0;
  }
  if (job.sinks[task]) writeToSink(ctx, { kind: 'record.arrive', task, from, key: r.key, keyGroup: r.keyGroup, value: r.value, origin: r.origin });
  return 0;
}
