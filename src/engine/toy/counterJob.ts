/**
 * A toy job that proves the kernel before the real dataflow exists: a counter source emits
 * 1, 2, 3 … every `periodMs` over a channel with random latency (seeded) into a summing task.
 * Records may arrive out of order, which makes the seeded randomness observable in tests.
 */
import type { StepContext } from '../stepContext';
import type { QueueItemOf } from '../queueItems';

export interface ToyJobConfig {
  periodMs: number;
  minLatencyMs: number;
  maxLatencyMs: number;
  startValue: number;
}

export interface ToyJobState {
  nextValue: number;
  emitted: number;
  /** Records in flight on the channel, in emission order. */
  inFlight: ToyRecordInFlight[];
  sum: number;
  count: number;
}

export interface ToyRecordInFlight {
  value: number;
  sentAtMs: number;
  arriveAtMs: number;
}

export const SOURCE_TASK = 'source#0';
export const SUM_TASK = 'sum#0';

export function createToyJobState(cfg: ToyJobConfig): ToyJobState {
  return { nextValue: cfg.startValue, emitted: 0, inFlight: [], sum: 0, count: 0 };
}

/** Emits one record now (periodic or user-injected) onto the channel. */
export function emitRecord(ctx: StepContext, value: number): void {
  const cfg = ctx.state.config.toy;
  const span = cfg.maxLatencyMs - cfg.minLatencyMs;
  const latency = cfg.minLatencyMs + (span > 0 ? ctx.randomInt(span + 1) : 0);
  ctx.state.toy.inFlight.push({ value, sentAtMs: ctx.nowMs, arriveAtMs: ctx.nowMs + latency });
  ctx.state.toy.emitted += 1;
  ctx.emit('toy.emitted', { value, channelLatencyMs: latency }, { task: SOURCE_TASK });
  ctx.schedule(latency, { kind: 'toy.deliver', value });
}

export function handleToyEmit(ctx: StepContext, _item: QueueItemOf<'toy.emit'>): void {
  const toy = ctx.state.toy;
  const value = toy.nextValue;
  toy.nextValue += 1;
  emitRecord(ctx, value);
  ctx.schedule(ctx.state.config.toy.periodMs, { kind: 'toy.emit' });
}

export function handleToyDeliver(ctx: StepContext, item: QueueItemOf<'toy.deliver'>): void {
  const toy = ctx.state.toy;
  const at = toy.inFlight.findIndex((r) => r.value === item.value);
  if (at >= 0) toy.inFlight.splice(at, 1);
  toy.sum += item.value;
  toy.count += 1;
  ctx.emit('toy.received', { value: item.value, sum: toy.sum, count: toy.count }, { task: SUM_TASK });
}
