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
import { openKeyedBackend } from './keyedBackend';
import { generatedRecord, generatorPeriodMs, type SourceRecord } from './sourceGenerator';

import { HOP_LATENCY_MS, SCRIPT_READ_GAP_MS } from './latencies';

/** Starts every source subtask: generators tick, script sources wait for their log. */
export function startSources(ctx: StepContext): void {
  const job = ctx.state.job;
  for (const name of Object.keys(job.sources)) {
    if (ctx.state.scenario.job.source.kind === 'generator') ctx.schedule(0, { kind: 'source.tick', task: name });
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

function emitFromSource(ctx: StepContext, task: string, record: SourceRecord, fromLog: boolean): void {
  const src = ctx.state.job.sources[task]!;
  const index = Number(task.slice(task.indexOf('#') + 1));
  const keyGroup = assignToKeyGroup(record.key, ctx.state.job.topology.maxParallelism);
  const to = nextHop(ctx, 'source', index, keyGroup);
  const offset = fromLog ? src.logOffset : src.offset;
  ctx.emit('source.emitted', { offset, fromLog, key: record.key, value: record.value, keyGroup, to }, { task });
  if (fromLog) src.logOffset += 1;
  else src.offset += 1;
  src.emitted += 1;
  ctx.schedule(HOP_LATENCY_MS, { kind: 'record.arrive', task: to, key: record.key, keyGroup, value: record.value, from: task });
}

/** A generator source reads its next record (the one at its current offset). */
export function handleSourceTick(ctx: StepContext, item: QueueItemOf<'source.tick'>): void {
  const src = ctx.state.job.sources[item.task];
  if (!src) return; // the task no longer exists (the job was restarted at another parallelism)
  const index = Number(item.task.slice(item.task.indexOf('#') + 1));
  emitFromSource(ctx, item.task, generatedRecord(ctx.state.scenario, index, src.offset), false);
  ctx.schedule(generatorPeriodMs(ctx.state.scenario), { kind: 'source.tick', task: item.task });
}

/** A script source reads the next record of its log, if there is one. */
export function handleSourceReadLog(ctx: StepContext, item: QueueItemOf<'source.readLog'>): void {
  const src = ctx.state.job.sources[item.task];
  const log = ctx.state.job.scriptLog[item.task];
  if (!src || !log || src.logOffset >= log.length) return;
  emitFromSource(ctx, item.task, log[src.logOffset]!, true);
  if (src.logOffset < log.length) ctx.schedule(SCRIPT_READ_GAP_MS, { kind: 'source.readLog', task: item.task });
}

/** Appends records to a source's external log (the `emit` action) and wakes the source. */
export function appendToSourceLog(ctx: StepContext, task: string, records: readonly SourceRecord[]): void {
  const log = ctx.state.job.scriptLog[task];
  const src = ctx.state.job.sources[task];
  if (!log || !src) throw new Error(`emit: no source task "${task}"`);
  const idle = src.logOffset >= log.length;
  for (const r of records) log.push({ key: r.key, value: r.value });
  if (idle) ctx.schedule(0, { kind: 'source.readLog', task });
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
    const backend = openKeyedBackend(keyed.backend);
    const vertex = job.topology.vertices.find((v) => v.name === keyed.operator)!;
    const desc = descriptorFor(keyed.operator, vertex.state!);
    backend.setCurrentKey(item.key);
    applyRecord(backend, desc, item.value);
    keyed.processed += 1;
    const keyGroup = backend.getCurrentKeyGroupIndex();
    ctx.emit('state.updated', { key: item.key, keyGroup, state: desc.name, kind: desc.kind, input: item.value, value: readState(backend, desc) as never }, { task: item.task });
    const index = Number(item.task.slice(item.task.indexOf('#') + 1));
    const to = nextHop(ctx, keyed.operator, index, keyGroup);
    ctx.schedule(HOP_LATENCY_MS, { kind: 'record.arrive', task: to, key: item.key, keyGroup, value: item.value, from: item.task });
    return;
  }
  const sink = job.sinks[item.task];
  if (sink) {
    sink.received += 1;
    ctx.emit('sink.received', { key: item.key, value: item.value, from: item.from }, { task: item.task });
  }
}
