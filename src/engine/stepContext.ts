/**
 * What a handler may do during one step: read and change engine state, emit events, schedule
 * future work and draw seeded random numbers. Effects are data: nothing here touches the
 * outside world.
 */
import { enqueue } from './core/eventQueue';
import { nextFloat, nextInt } from './core/rng';
import { FLINK_REFS, type EngineEvent, type EventPayloads, type EventType } from './events';
import type { QueueItem, QueueItemOf } from './queueItems';
import type { EngineState } from './state';
import type { EngineHooks } from './wiring';

export interface EmitOptions {
  task?: string;
  /** Overrides the default Flink reference of the event type. */
  flinkRef?: string;
}

export class StepContext {
  readonly events: EngineEvent[] = [];
  /**
   * Per channel key, the network buffer this step is filling (an arrival already queued, still
   * open for more records): a step's records on one channel travel together. Cleared per step;
   * an event (barrier, cancel marker) sent on the channel closes it.
   */
  readonly openBuffers = new Map<string, QueueItemOf<'record.arrive'>>();

  /** `hooks`: the upcalls the root wires (wiring.ts). */
  constructor(
    readonly state: EngineState,
    readonly hooks: EngineHooks,
  ) {}

  get nowMs(): number {
    return this.state.nowMs;
  }

  emit<T extends EventType>(type: T, payload: EventPayloads[T], opts: EmitOptions = {}): void {
    // Built field by field rather than with two object spreads: emit runs several times per
    // step, and this keeps the same fields in the same order (payload fields last, overriding).
    const event: Record<string, unknown> = { type, step: this.state.stepIndex, atMs: this.state.nowMs };
    if (opts.task !== undefined) event.task = opts.task;
    event.flinkRef = opts.flinkRef ?? FLINK_REFS[type];
    const fields = payload as Record<string, unknown>;
    for (const k in fields) if (Object.hasOwn(fields, k)) event[k] = fields[k];
    this.events.push(event as unknown as EngineEvent);
  }

  /** Schedules `item` to be handled `delayMs` simulated milliseconds from now. */
  schedule(delayMs: number, item: QueueItem): void {
    if (!(delayMs >= 0)) throw new RangeError(`schedule: delay must be ≥ 0, got ${delayMs}`);
    enqueue(this.state.queue, this.state.nowMs + delayMs, item);
  }

  random(): number {
    return nextFloat(this.state.rng);
  }

  randomInt(n: number): number {
    return nextInt(this.state.rng, n);
  }
}
