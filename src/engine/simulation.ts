/**
 * The simulation kernel: one step takes exactly one item off the event queue, advances the
 * logical clock to its time, runs its handler and returns the events it produced.
 */
import { createQueue, dequeue, enqueue, peek } from './core/eventQueue';
import { clonePlain, digestPlain, frozenClone, frozenCloneOver } from './core/plainData';
import { sealFinished } from './sealFinished';
import { createRng } from './core/rng';
import type { EngineEvent } from './events';
import type { UserAction } from './actions';
import { HANDLERS, type Handler } from './handlers';
import type { QueueItem, QueueItemKind } from './queueItems';
import { ENGINE_STATE_FORMAT, type EngineState } from './state';
import { StepContext } from './stepContext';
import { ENGINE_HOOKS } from './wiring';
import { createJobState } from './job/jobState';
import { createCoordinatorState } from './coordinator/coordinatorState';
import { createRemoteStorage } from './storage/remoteStorage';
import { createSharedStateRegistry } from './registry';
import { importRetained, type RetainedCheckpointImport } from './restore/startFromRetained';
import { newJobId } from './restore/submitJob';
import { performAction } from './performAction';
import type { Scenario } from './scenario/scenarioSchema';

export class Simulation {
  private constructor(private readonly s: EngineState) {}

  /**
   * A new simulation of a validated scenario at step 0; its first step starts the job, from
   * `start` (a retained checkpoint read back from durable storage) when given.
   */
  static create(scenario: Scenario, start?: RetainedCheckpointImport): Simulation {
    const rng = createRng(scenario.seed);
    const state: EngineState = {
      format: ENGINE_STATE_FORMAT,
      scenario: clonePlain(scenario),
      nowMs: 0,
      stepIndex: 0,
      rng,
      queue: createQueue<QueueItem>(),
      job: createJobState(scenario),
      coordinator: createCoordinatorState(newJobId(rng)),
      storage: createRemoteStorage(),
      // Flink ≤1.14 counted references; 1.15 (FLINK-24611) keeps the last checkpoint that used a file.
      registry: createSharedStateRegistry(scenario.checkpointing.flinkVersion === '<=1.14' ? 'refcount' : 'last-used-id'),
    };
    if (start) {
      // A resubmitted job gets a new JobID (and so new checkpoint directories), as in Flink.
      state.coordinator.jobId = newJobId(rng);
      importRetained(state, start);
    }
    enqueue(state.queue, 0, { kind: 'sim.start' });
    return new Simulation(state);
  }

  /** Rebuilds a simulation from `snapshot()` output; it continues exactly as the original would. */
  static fromSnapshot(snapshot: EngineState): Simulation {
    if (snapshot === null || typeof snapshot !== 'object' || snapshot.format !== ENGINE_STATE_FORMAT) {
      throw new Error(`Not an engine snapshot: expected format "${ENGINE_STATE_FORMAT}"`);
    }
    const state = clonePlain(snapshot);
    // A keyframe that crossed from the Web Worker as text lost its sealed marks: seal again, so
    // the views' copies (`Timeline.stateAt`) share the finished parts instead of copying them.
    sealFinished(state);
    return new Simulation(state);
  }

  /** The whole engine state as plain data (a copy; byte arrays are shared, they are immutable). */
  snapshot(): EngineState {
    return clonePlain(this.s);
  }

  /**
   * `snapshot()` deep-frozen, made in one pass (plainData.frozenClone): the views' copy. Made over
   * `base` (an earlier frozen snapshot), it shares every part of it that did not change
   * (plainData.frozenCloneOver).
   */
  frozenSnapshot(base?: EngineState): EngineState {
    return base ? frozenCloneOver(this.s, base) : frozenClone(this.s);
  }

  /** Read-only access to the live state, for code that copies what it needs right away. */
  get state(): Readonly<EngineState> {
    return this.s;
  }

  get nowMs(): number {
    return this.s.nowMs;
  }

  get stepIndex(): number {
    return this.s.stepIndex;
  }

  /** The next queued item (read only), or undefined when nothing is left to do. */
  get nextItem(): Readonly<QueueItem> | undefined {
    return peek(this.s.queue)?.item;
  }

  /** Time of the next queued item, or undefined when nothing is left to do. */
  get nextAtMs(): number | undefined {
    return peek(this.s.queue)?.atMs;
  }

  /** Processes exactly one queued item; returns its events, or null when the queue is empty. */
  step(): EngineEvent[] | null {
    const entry = dequeue(this.s.queue);
    if (entry === undefined) return null;
    this.s.nowMs = entry.atMs;
    this.s.stepIndex += 1;
    // The outbox holds only this step's storage changes (the mirror applies them per step).
    this.s.storage.outbox = [];
    const ctx = new StepContext(this.s, ENGINE_HOOKS);
    dispatch(ctx, entry.item);
    return ctx.events;
  }

  /** Applies a user action as a step of its own at the current time (used for branching). */
  apply(action: UserAction): EngineEvent[] {
    this.s.stepIndex += 1;
    this.s.storage.outbox = [];
    const ctx = new StepContext(this.s, ENGINE_HOOKS);
    ctx.emit('user.action', { action });
    performAction(ctx, action);
    return ctx.events;
  }

  /** Steps while the next item is due at or before `ms`, then sets the clock to `ms`. */
  runUntil(ms: number): EngineEvent[] {
    const out: EngineEvent[] = [];
    for (;;) {
      const next = this.nextAtMs;
      if (next === undefined || next > ms) break;
      const events = this.step();
      if (events) out.push(...events);
    }
    if (ms > this.s.nowMs) this.s.nowMs = ms;
    return out;
  }

  /** A stable digest of the whole state: equal digests mean equal states. */
  digest(): string {
    return digestPlain(this.s);
  }
}


function dispatch(ctx: StepContext, item: QueueItem): void {
  const handler = HANDLERS[item.kind] as Handler<QueueItemKind>;
  handler(ctx, item as never);
}
