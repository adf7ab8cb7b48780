/**
 * Records moving through the job: sources read (generator or script log), keyBy routes each
 * record to the keyed subtask that owns its key group, each keyed operator updates its state
 * and forwards the record, and sinks receive it. Hops take a fixed latency so every channel
 * stays FIFO, as Flink's network channels are.
 */
import { assignToKeyGroup, computeOperatorIndexForKeyGroup } from '../keys/keyGroups';
import type { QueueItemOf } from '../queueItems';
import type { StepContext } from '../stepContext';
import { applyRecord, descriptorFor, readState } from './keyedFunctions';
import { holdRecord, isChannelBlocked } from '../dataflow/barrierHandler';
import { afterRocksDbWrite } from './lsmEvents';
import { afterChangelogWrite, openTaskKeyedBackend } from './changelog/changelogBackendAccess';
import { generatedRecord, generatorPeriodMs, type SourceRecord } from './sourceGenerator';
import { partitionKey, type SourcePartitionState } from './jobState';
import { subtaskIndexOf } from './topology';
import { writeToSink } from './sink/sinkWriter';
import { openSinkTransactions } from './sink/transactionalSink';

import { HOP_LATENCY_MS, SCRIPT_READ_GAP_MS } from './latencies';

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
function nextHop(ctx: StepContext, fromVertex: string, fromIndex: number, keyGroup: number): string {
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
  ctx.schedule(HOP_LATENCY_MS, { kind: 'record.arrive', task: to, key: record.key, keyGroup, value: record.value, from: task, origin });
}

/** A generator partition reads its next record (the one at its current offset). */
export function handleSourceTick(ctx: StepContext, item: QueueItemOf<'source.tick'>): void {
  const part = partitionOf(ctx, item.task, item.partition);
  if (!part) return; // the job was restarted and the partition moved
  emitFromSource(ctx, item.task, part, generatedRecord(ctx.state.scenario, item.partition, part.offset), false);
  ctx.schedule(generatorPeriodMs(ctx.state.scenario), { kind: 'source.tick', task: item.task, partition: item.partition });
}

/** A source reads the next record of a partition's script log, if there is one. */
export function handleSourceReadLog(ctx: StepContext, item: QueueItemOf<'source.readLog'>): void {
  const part = partitionOf(ctx, item.task, item.partition);
  const log = ctx.state.job.scriptLog[partitionKey(item.partition)];
  if (!part || !log || part.logOffset >= log.length) return;
  emitFromSource(ctx, item.task, part, log[part.logOffset]!, true);
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

/** A record arrives at a keyed operator subtask or a sink subtask. */
export function handleRecordArrive(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  const job = ctx.state.job;
  if (!job.checkpointing[item.task]) return; // the job was restarted; the record was in flight in the old attempt
  if (isChannelBlocked(ctx, item.task, item.from)) {
    holdRecord(ctx, item);
    return;
  }
  const keyed = job.keyed[item.task];
  if (keyed) {
    const backend = openTaskKeyedBackend(keyed);
    const vertex = job.topology.vertices.find((v) => v.name === keyed.operator)!;
    const desc = descriptorFor(keyed.operator, vertex.state!);
    backend.setCurrentKey(item.key);
    applyRecord(backend, desc, item.value);
    keyed.processed += 1;
    afterRocksDbWrite(ctx, item.task);
    afterChangelogWrite(ctx, item.task);
    const keyGroup = backend.getCurrentKeyGroupIndex();
    ctx.emit('state.updated', { key: item.key, keyGroup, state: desc.name, kind: desc.kind, input: item.value, value: readState(backend, desc) as never }, { task: item.task });
    const to = nextHop(ctx, keyed.operator, subtaskIndexOf(item.task), keyGroup);
    ctx.schedule(HOP_LATENCY_MS, { kind: 'record.arrive', task: to, key: item.key, keyGroup, value: item.value, from: item.task, origin: item.origin });
    return;
  }
  if (job.sinks[item.task]) writeToSink(ctx, item);
}
