/**
 * Time travel: the recorded run (events of every step) plus keyframes (engine snapshots) every
 * `keyframeEvery` steps. Any position is rebuilt by restoring the nearest keyframe at or before
 * it and replaying; nothing about "the current step" is stored beside the cursor.
 *
 * Position i means "after i steps" (0 = before the first step). Applying a user action at
 * position i branches: every recorded step after i is discarded, the action becomes step i+1,
 * and the run is recorded again from there.
 */
import type { UserAction } from './actions';
import type { Scenario } from './scenario/scenarioSchema';
import { clonePlain, deepFreeze } from './core/plainData';
import type { EngineEvent } from './events';
import { quietStepOf, type QuietStep } from './quietStep';
import { Simulation } from './simulation';
import type { EngineState } from './state';
import type { RetainedCheckpointImport } from './restore/startFromRetained';

export interface StepRecord {
  atMs: number;
  events: EngineEvent[];
  /** Set when the step emitted no event: what it handled (quietStep.ts). */
  quiet?: QuietStep;
}

export interface Intervention {
  /** The action was applied as this step (1-based). */
  step: number;
  action: UserAction;
}

/**
 * The engine failed while recording: the recording stops before the step that failed, and the
 * views say so (what failed, when, what to do) instead of a run that silently ends early.
 */
export interface RecordingError {
  /** The position (1-based step) that could not be recorded: the recording has `step - 1` steps. */
  step: number;
  /** Simulated time of that step. */
  atMs: number;
  message: string;
}

export interface TimelineOptions {
  /** Start the job from a retained checkpoint read back from durable storage. */
  start?: RetainedCheckpointImport;
  keyframeEvery?: number;
  /** Safety cap: recording stops after this many steps even if work remains. */
  maxSteps?: number;
}

/** Shared so that "no events" is the same value every time (selectors compare by identity). */
const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);
/** Recent positions kept frozen for views: the live cursor, the previous frame, and the paced panel groups (src/views/panelPace.tsx). */
const FROZEN_CACHE_SIZE = 8;

interface Keyframe {
  position: number;
  state: EngineState;
}

export class Timeline {
  readonly keyframeEvery: number;
  readonly maxSteps: number;
  private readonly steps: StepRecord[] = [];
  /** Sorted by position; always contains position 0. */
  private keyframes: Keyframe[] = [];
  private readonly interventionList: Intervention[] = [];
  /** The simulation at the end of the recording, kept to extend it. */
  private head: Simulation;
  /** A working simulation for reads, positioned at `readerPos`. */
  private reader: Simulation | null = null;
  private readerPos = -1;
  private frozenCache: { position: number; state: EngineState }[] = [];
  private failure: RecordingError | null = null;

  private constructor(readonly scenario: Scenario, opts: TimelineOptions) {
    this.keyframeEvery = Math.max(1, opts.keyframeEvery ?? 64);
    this.maxSteps = opts.maxSteps ?? 200_000;
    this.head = Simulation.create(scenario, opts.start);
    this.keyframes.push({ position: 0, state: this.head.snapshot() });
  }

  /** Records a run of `scenario` up to `scenario.untilMs` (or until the queue is empty). */
  static record(scenario: Scenario, opts: TimelineOptions = {}): Timeline {
    const t = new Timeline(scenario, opts);
    t.recordForward();
    return t;
  }

  /** Number of recorded steps; positions run from 0 to `length`. */
  get length(): number {
    return this.steps.length;
  }

  get interventions(): readonly Intervention[] {
    return this.interventionList;
  }

  /** Why the recording ended before `scenario.untilMs`, when the engine failed; null otherwise. */
  get recordingError(): RecordingError | null {
    return this.failure;
  }

  /** Events produced by step `position` (empty for position 0). */
  eventsAt(position: number): readonly EngineEvent[] {
    this.check(position);
    return position === 0 ? NO_EVENTS : this.steps[position - 1]!.events;
  }

  /** Simulated time after `position` steps. */
  timeAt(position: number): number {
    this.check(position);
    return position === 0 ? 0 : this.steps[position - 1]!.atMs;
  }

  /** All recorded step records, for summaries and charts (do not mutate). */
  records(): readonly StepRecord[] {
    return this.steps;
  }

  /** The first position whose time is ≥ `ms` (`length` when none is). */
  positionAtTime(ms: number): number {
    if (ms <= 0) return 0;
    let lo = 0;
    let hi = this.steps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.steps[mid]!.atMs < ms) lo = mid + 1;
      else hi = mid;
    }
    return Math.min(lo + 1, this.steps.length);
  }

  /** The last position whose time is ≤ `ms` (0 when none is). */
  lastPositionAtOrBefore(ms: number): number {
    let lo = 0;
    let hi = this.steps.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.steps[mid - 1]!.atMs <= ms) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** A fresh simulation positioned after `position` steps (nearest keyframe, then replay). */
  seek(position: number): Simulation {
    this.check(position);
    const kf = this.keyframeAtOrBefore(position);
    const sim = Simulation.fromSnapshot(kf.state);
    this.replay(sim, kf.position, position);
    return sim;
  }

  /**
   * The engine state after `position` steps, deep-frozen, for views. Moving forward a little
   * from the previous read steps the working simulation instead of seeking.
   */
  stateAt(position: number): EngineState {
    this.check(position);
    const cached = this.frozenCache.find((c) => c.position === position);
    if (cached) return cached.state;
    const kf = this.keyframeAtOrBefore(position);
    const canStepOn = this.reader !== null && this.readerPos <= position && this.readerPos >= kf.position;
    if (!canStepOn) {
      this.reader = Simulation.fromSnapshot(kf.state);
      this.readerPos = kf.position;
    }
    this.replay(this.reader!, this.readerPos, position);
    this.readerPos = position;
    const state = deepFreeze(this.reader!.snapshot());
    // Views animate from the previous step to this one, and while playing fast the reading
    // panels show positions a few frames old (one panel group per frame), so keep the recent ones.
    this.frozenCache = [{ position, state }, ...this.frozenCache].slice(0, FROZEN_CACHE_SIZE);
    return state;
  }

  /**
   * Applies `action` at `position`: discards everything recorded after it, records the action
   * as the next step, then records forward again. Returns the position of the action's step.
   */
  branch(position: number, action: UserAction): number {
    this.check(position);
    const sim = this.seek(position);
    // Apply first: an action the engine refuses throws here and leaves the recording untouched.
    const events = sim.apply(action);
    this.steps.length = position;
    this.keyframes = this.keyframes.filter((k) => k.position <= position);
    const kept = this.interventionList.filter((iv) => iv.step <= position);
    this.interventionList.length = 0;
    this.interventionList.push(...kept);
    this.invalidateReads();
    this.failure = null;

    this.steps.push({ atMs: sim.nowMs, events });
    this.interventionList.push({ step: sim.stepIndex, action: clonePlain(action) });
    // The action is not in the queue, so replay cannot reproduce it: keyframe right after it.
    this.keyframes.push({ position: sim.stepIndex, state: sim.snapshot() });
    this.head = sim;
    this.recordForward();
    return position + 1;
  }

  private recordForward(): void {
    const sim = this.head;
    const until = this.scenario.untilMs;
    while (this.steps.length < this.maxSteps) {
      const next = sim.nextAtMs;
      if (next === undefined || next > until) break;
      let events: EngineEvent[];
      const item = sim.nextItem!;
      const quiet = quietStepOf(item, this.scenario);
      try {
        events = sim.step()!;
      } catch (e) {
        // The half-applied step is dropped (positions up to here replay from keyframes); the
        // head simulation is not used again: a branch seeks from a keyframe.
        this.failure = { step: this.steps.length + 1, atMs: next, message: e instanceof Error ? e.message : String(e) };
        break;
      }
      this.steps.push(events.length === 0 ? { atMs: sim.nowMs, events, quiet } : { atMs: sim.nowMs, events });
      if (sim.stepIndex % this.keyframeEvery === 0) {
        this.keyframes.push({ position: sim.stepIndex, state: sim.snapshot() });
      }
    }
  }

  private replay(sim: Simulation, from: number, to: number): void {
    for (let p = from; p < to; p++) {
      if (sim.step() === null) throw new Error(`Timeline replay ran out of work at step ${p}`);
    }
  }

  private keyframeAtOrBefore(position: number): Keyframe {
    let lo = 0;
    let hi = this.keyframes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.keyframes[mid]!.position <= position) lo = mid;
      else hi = mid - 1;
    }
    return this.keyframes[lo]!;
  }

  private invalidateReads(): void {
    this.reader = null;
    this.readerPos = -1;
    this.frozenCache = [];
  }

  private check(position: number): void {
    if (!Number.isInteger(position) || position < 0 || position > this.steps.length) {
      throw new RangeError(`Timeline position ${position} is outside 0…${this.steps.length}`);
    }
  }
}
