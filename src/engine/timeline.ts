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
import { clonePlain } from './core/plainData';
import type { EngineEvent } from './events';
import { quietStepOf } from './quietStep';
import { summarizeEvents, type RecordingDetail } from './recordSummary';
import { Simulation } from './simulation';
import { TimelineReads, replay } from './timelineReaders';
import { firstPositionAtTime, keyframeAtOrBefore, keyframesToSend, lastPositionAtOrBefore, withAddedKeyframe } from './timelineSearch';
import type { EngineState } from './state';

import { NO_EVENTS, SENT, type StepRecord, type Intervention, type RecordingError, type TimelineOptions, type Keyframe, type TimelineChunk } from './timelineTypes';
export type { StepRecord, Intervention, RecordingError, TimelineOptions, Keyframe, TimelineChunk } from './timelineTypes';
export { STEP_ON_MAX } from './timelineReaders';
/** Keyframes a mirror keeps of those it took for far seeks (addKeyframe); the oldest goes first. */
export const ADDED_KEYFRAMES = 3;

export class Timeline {
  readonly keyframeEvery: number;
  readonly maxSteps: number;
  /** Steps handed out by `takeChunk` are forgotten (TimelineOptions#forgetSent). */
  private readonly forgetSent: boolean;
  /** How much each step's events keep (TimelineOptions#detail); a mirror takes its recording's. */
  private detailMode: RecordingDetail;
  private readonly steps: StepRecord[] = [];
  /** Sorted by position; always contains position 0. */
  private keyframes: Keyframe[] = [];
  private readonly interventionList: Intervention[] = [];
  /** The simulation at the end of the recording, kept to extend it; null in a mirror (it only receives chunks). */
  private head: Simulation | null;
  /** False while steps remain to record (a recording in slices, or a mirror still receiving). */
  private finished = false;
  /** Steps up to this position (and the keyframes up to it) were handed out by `takeChunk`. */
  private sentSteps = 0;
  private lastSentKeyframe = 0;
  /** The working simulations reads step on from, and the frozen states of recent reads, for views (timelineReaders.ts). */
  private readonly reads = new TimelineReads();
  /** Keyframes a mirror took from its recording for seeks (addKeyframe), oldest first. */
  private added: Keyframe[] = [];
  private failure: RecordingError | null = null;
  private cuts = 0;

  private constructor(readonly scenario: Scenario, opts: TimelineOptions, mirror = false) {
    this.keyframeEvery = Math.max(1, opts.keyframeEvery ?? 64);
    this.maxSteps = opts.maxSteps ?? 200_000;
    this.detailMode = opts.detail ?? 'records';
    this.forgetSent = (opts.forgetSent ?? false) && !mirror;
    const start = Simulation.create(scenario, opts.start);
    // A mirror builds its own step 0 (cheap, and the same by determinism), so it reads before the first chunk.
    this.head = mirror ? null : start;
    this.keyframes.push({ position: 0, state: start.snapshot() });
  }

  /** Records a run of `scenario` up to `scenario.untilMs` (or until the queue is empty). */
  static record(scenario: Scenario, opts: TimelineOptions = {}): Timeline {
    const t = new Timeline(scenario, opts);
    t.recordForward(Infinity);
    return t;
  }

  /** A recording at step 0 that records only when asked (`recordSome`), so a caller can record in slices. */
  static begin(scenario: Scenario, opts: TimelineOptions = {}): Timeline {
    return new Timeline(scenario, opts);
  }

  /**
   * A copy at step 0 that is filled by `receive(chunk)` from a recording elsewhere (a Web Worker).
   * It reads like the recording (`stateAt` replays from the received keyframes) and can branch
   * locally; it cannot record.
   */
  static mirror(scenario: Scenario, opts: TimelineOptions = {}): Timeline {
    return new Timeline(scenario, opts, true);
  }

  /** 'summary' when per-record events are summarized per step (recordSummary.ts), else 'records'. */
  get detail(): RecordingDetail {
    return this.detailMode;
  }

  /** The one place a recorded step's events are kept: summarized in summary mode. */
  private kept(events: EngineEvent[]): EngineEvent[] {
    return this.detailMode === 'summary' ? summarizeEvents(events) : events;
  }

  /** True for a mirror: it is filled by chunks of a recording held elsewhere. */
  get mirrored(): boolean {
    return this.head === null;
  }

  /** True once nothing is left to record (or, in a mirror, once the last chunk arrived). */
  get complete(): boolean {
    return this.finished;
  }

  /**
   * The live state where a recording ended, having run its course or been stopped (by the user, at
   * `maxSteps`), unless it failed; null while it records, and in a mirror. Read only (it records on).
   */
  get lastState(): Readonly<EngineState> | null {
    return this.head && this.finished && !this.failure ? this.head.state : null;
  }

  /** `lastState` if the recording ran its whole course: to `scenario.untilMs` or out of work. */
  get endState(): Readonly<EngineState> | null {
    const next = this.head?.nextAtMs;
    return next === undefined || next > this.scenario.untilMs ? this.lastState : null;
  }

  /** Records at most `steps` more steps; returns `complete`. */
  recordSome(steps: number): boolean {
    if (!this.finished && this.head) this.recordForward(steps);
    return this.finished;
  }

  /** Stops a recording where it is: what was recorded stays, the rest is never recorded. */
  stop(): void {
    this.finished = true;
  }

  /**
   * What was recorded or changed since the previous chunk (see TimelineChunk). `keyframeGap`
   * thins the keyframes sent (timelineSearch.ts keyframesToSend).
   */
  takeChunk(keyframeGap = 0): TimelineChunk {
    const from = this.sentSteps;
    this.sentSteps = this.steps.length;
    const chosen = keyframesToSend(this.keyframes, this.interventionList, from, Math.min(this.lastSentKeyframe, from), keyframeGap);
    this.lastSentKeyframe = chosen.lastSent;
    const { keyframes } = chosen;
    const steps = this.steps.slice(from);
    if (this.forgetSent) this.steps.fill(SENT, from);
    return {
      from,
      steps,
      keyframes,
      interventions: this.interventionList.slice(),
      failure: this.failure,
      done: this.finished,
      detail: this.detailMode,
    };
  }

  /** A mirror takes in a chunk of its recording (see TimelineChunk). */
  receive(chunk: TimelineChunk): void {
    if (this.head) throw new Error('Only a mirror timeline receives chunks');
    if (chunk.from > this.steps.length) throw new RangeError(`Chunk from step ${chunk.from} leaves a gap after ${this.steps.length}`);
    if (chunk.from < this.steps.length) {
      this.steps.length = chunk.from;
      this.cuts++;
      this.invalidateReads();
    }
    this.keyframes = this.keyframes.filter((k) => k.position <= chunk.from);
    for (const k of chunk.keyframes) if (k.position > chunk.from) this.keyframes.push(k);
    for (const st of chunk.steps) this.steps.push(st);
    this.interventionList.length = 0;
    this.interventionList.push(...chunk.interventions);
    this.failure = chunk.failure;
    this.finished = chunk.done;
    this.detailMode = chunk.detail;
  }

  /** Number of recorded steps; positions run from 0 to `length`. */
  get length(): number {
    return this.steps.length;
  }

  /**
   * Changes whenever recorded steps are dropped or replaced (a branch, a chunk that rewrites the
   * tail); while only steps are appended it stays, so indices over the whole run can extend
   * from where they stopped instead of rescanning from step 1 (src/store/runIndex.ts).
   */
  get truncations(): number {
    return this.cuts;
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
    return position === 0 ? NO_EVENTS : this.stepRecord(position).events;
  }

  /** Simulated time after `position` steps. */
  timeAt(position: number): number {
    this.check(position);
    return position === 0 ? 0 : this.stepRecord(position).atMs;
  }

  private readsTimes(): void {
    if (this.forgetSent) throw new Error('A recording that forgets sent steps has no times to search (forgetSent)');
  }

  /** Step `position`'s record; a step this recording forgot (forgetSent) cannot be read here. */
  private stepRecord(position: number): StepRecord {
    const st = this.steps[position - 1]!;
    if (st === SENT) throw new Error(`Step ${position} was sent to the mirror and is no longer held here (forgetSent)`);
    return st;
  }

  /** All recorded step records, for summaries and charts (do not mutate); not for a recording that forgets sent steps. */
  records(): readonly StepRecord[] {
    if (this.forgetSent) throw new Error('A recording that forgets sent steps has no records to read (forgetSent)');
    return this.steps;
  }

  /** The first position whose time is ≥ `ms` (`length` when none is). */
  positionAtTime(ms: number): number {
    this.readsTimes();
    return firstPositionAtTime(this.steps, ms);
  }

  /** The last position whose time is ≤ `ms` (0 when none is). */
  lastPositionAtOrBefore(ms: number): number {
    this.readsTimes();
    return lastPositionAtOrBefore(this.steps, ms);
  }

  /** A fresh simulation positioned after `position` steps (nearest keyframe, then replay). */
  seek(position: number): Simulation {
    this.check(position);
    const kf = this.reads.start(position, this.keyframeAtOrBefore(position));
    const sim = Simulation.fromSnapshot(kf.state);
    replay(sim, kf.position, position);
    return sim;
  }

  /**
   * The engine state after `position` steps, deep-frozen, for views. Moving forward a little
   * from the previous read steps the working simulation instead of seeking. The copy shares every
   * part that equals the latest read's (plainData.frozenCloneOver): playing fast, a frame's copy
   * allocates only what changed since the previous frame's.
   */
  stateAt(position: number): EngineState {
    this.check(position);
    return this.reads.stateAt(position, this.keyframeAtOrBefore(position), this.interventionList);
  }

  /**
   * A copy of the state after `position` steps, neither frozen nor kept: for a recording worker
   * packing it for the page (the frozen states `stateAt` keeps are for views; at scale each is
   * over 100 MB, and a worker answering seeks kept eight of them).
   */
  copyAt(position: number): EngineState {
    this.check(position);
    return this.reads.copyAt(position, this.keyframeAtOrBefore(position), this.interventionList);
  }

  /**
   * Moves the working simulation that `stateAt` reads toward `position` by at most `maxSteps`
   * steps (from the nearest keyframe when it cannot step on), so a caller on a busy thread can
   * spread a far read over several short tasks. True once `stateAt(position)` has nothing left
   * to replay (it still snapshots and freezes).
   */
  advanceReader(position: number, maxSteps: number): boolean {
    this.check(position);
    return this.reads.advance(position, this.keyframeAtOrBefore(position), this.interventionList, maxSteps);
  }

  /**
   * How few steps a read of `position` needs to replay now: 0 when it is cached, else from the
   * nearer of a working simulation behind it and the nearest keyframe.
   */
  stepsToRead(position: number): number {
    this.check(position);
    return this.reads.stepsTo(position, this.keyframeAtOrBefore(position), this.interventionList);
  }

  /** The keyframe (or kept state) a read of `position` restores from, or null when it is cached or a working simulation steps on to it. */
  keyframeForRead(position: number): Keyframe | null {
    this.check(position);
    return this.reads.restoresFrom(position, this.keyframeAtOrBefore(position), this.interventionList);
  }

  /** Where the working simulation of the latest read stands (null before the first read). */
  readerPosition(): number | null {
    return this.reads.latestPosition();
  }

  /**
   * Applies `action` at `position`: discards everything recorded after it, records the action
   * as the next step, then records forward again. Returns the position of the action's step.
   */
  branch(position: number, action: UserAction): number {
    const at = this.branchOnly(position, action);
    if (this.head) this.recordForward(Infinity);
    return at;
  }

  /**
   * `branch` without recording forward: the action's step is recorded, the rest is left to
   * `recordSome` (in a mirror, to the chunks of the recording it mirrors).
   */
  branchOnly(position: number, action: UserAction): number {
    this.check(position);
    const sim = this.seek(position);
    // Apply first: an action the engine refuses throws here and leaves the recording untouched.
    const events = this.kept(sim.apply(action));
    this.steps.length = position;
    this.cuts++;
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
    this.sentSteps = Math.min(this.sentSteps, position);
    this.finished = false;
    if (this.head) this.head = sim;
    return position + 1;
  }

  private recordForward(budget: number): void {
    const sim = this.head!;
    const until = this.scenario.untilMs;
    const stopAt = this.steps.length + budget;
    for (;;) {
      const next = sim.nextAtMs;
      if (this.steps.length >= this.maxSteps || next === undefined || next > until) {
        this.finished = true;
        break;
      }
      if (this.steps.length >= stopAt) break;
      let events: EngineEvent[];
      const item = sim.nextItem!;
      const quiet = quietStepOf(item, this.scenario);
      try {
        events = this.kept(sim.step()!);
      } catch (e) {
        // The half-applied step is dropped (positions up to here replay from keyframes); the
        // head simulation is not used again: a branch seeks from a keyframe.
        this.failure = { step: this.steps.length + 1, atMs: next, message: e instanceof Error ? e.message : String(e) };
        this.finished = true;
        break;
      }
      this.steps.push(events.length === 0 ? { atMs: sim.nowMs, events, quiet } : { atMs: sim.nowMs, events });
      if (sim.stepIndex % this.keyframeEvery === 0) {
        this.keyframes.push({ position: sim.stepIndex, state: sim.snapshot() });
      }
    }
  }

  /** The keyframe a read of `position` starts from (the nearest at or before it). */
  keyframeNear(position: number): Keyframe {
    this.check(position);
    return this.keyframeAtOrBefore(position);
  }

  /**
   * A mirror takes a keyframe it asked its recording for (a seek far from its own keyframes):
   * later reads near it replay from there. Ignored when it is past the recorded steps.
   */
  addKeyframe(k: Keyframe): void {
    if (this.head) throw new Error('Only a mirror timeline takes keyframes');
    if (k.position > this.steps.length || this.keyframeAtOrBefore(k.position).position === k.position) return;
    ({ keyframes: this.keyframes, added: this.added } = withAddedKeyframe(this.keyframes, this.added, k, ADDED_KEYFRAMES));
  }

  private keyframeAtOrBefore(position: number): Keyframe {
    return keyframeAtOrBefore(this.keyframes, position);
  }

  private invalidateReads(): void {
    this.reads.clear();
  }

  private check(position: number): void {
    if (!Number.isInteger(position) || position < 0 || position > this.steps.length) {
      throw new RangeError(`Timeline position ${position} is outside 0…${this.steps.length}`);
    }
  }
}
