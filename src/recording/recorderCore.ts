/**
 * The recording side of the engine in a Web Worker, as plain logic (the worker file only exposes
 * it through Comlink), so unit tests run it directly. It records in slices: each slice records
 * for about `sliceMs` of wall time, then hands the new steps and keyframes to `send` as one chunk
 * and yields, so a `branch` or `cancel` sent meanwhile is taken between two slices.
 *
 * Every request carries an epoch, the page's count of recordings: a chunk names the epoch it
 * belongs to, so the page drops chunks of a recording it has replaced.
 */
import { Timeline, isFailureFree, sinkOutcome, type Intervention, type StepRecord, type RecordingDetail, type RetainedCheckpointImport, type Scenario, type SinkOutcome, type UserAction } from '../engine';
import type { TimelineChunk } from '../engine/timeline';
import { packKeyframe, type PackedKeyframe } from './keyframeCodec';
import { lazyKeyframe } from './keyframeDecode';
import { SealedTable } from './sealedTable';
import { KEYFRAME_EVERY, recordingOptionsFor } from './keyframeSpacing';
import { shareEventStrings } from './shareEventStrings';
import { chunkPieces } from './chunkPieces';
import { packSteps, unpackSteps } from './stepsText';

/** A seek's keyframe from the worker is on this grid of steps (the app's keyframe spacing for small runs). */
export const SEEK_GRID = 32;

/** A TimelineChunk as it crosses to the page: keyframes packed as text (keyframeCodec.ts), steps as JSON text (stepsText.ts). */
export interface WireChunk extends Omit<TimelineChunk, 'keyframes' | 'steps'> {
  keyframes: PackedKeyframe[];
  steps: string | StepRecord[];
}

/**
 * The exactly-once verdict's reference and the simulated time up to which it stands in for the
 * whole failure-free run: Infinity for the whole run; for a failure-free run stopped early, its
 * outcome where it stopped, up to that time. Why that suffices there: the verdict compares records
 * only below both runs' settled offsets (engine/verdict/exactlyOnce.ts), and a run without
 * failures or user actions never goes back, so at any step up to the stop its settled offsets are
 * at most the stopped outcome's, and each settled record was delivered once for good: the
 * verdict is the same as against the whole run. Past the stop (a branch recorded on) it is not.
 */
export interface SinkReference {
  outcome: SinkOutcome;
  coversMs: number;
}

export interface RecordingChunk {
  epoch: number;
  chunk: WireChunk;
}

export function packChunk(c: TimelineChunk): WireChunk {
  return { ...c, steps: packSteps(c.steps), keyframes: c.keyframes.map((k) => packKeyframe(k)) };
}

/** The page's side: keyframes stay text until a seek needs one; the events' names are shared (shareEventStrings.ts). */
export function unpackChunk(c: WireChunk): TimelineChunk {
  const steps = unpackSteps(c.steps);
  shareEventStrings(steps);
  return { ...c, steps, keyframes: c.keyframes.map(lazyKeyframe) };
}

export interface RecorderOptions {
  keyframeEvery: number;
  /** Wall time a slice records before its chunk is sent. */
  sliceMs: number;
  /** The first slice of a recording is shorter, so the page shows the first steps soon. */
  firstSliceMs: number;
  /** Fewest steps between two keyframes sent to the page (Timeline#takeChunk). */
  keyframeGap: number;
  /**
   * How many times closer together this worker keeps a big run's keyframes than the page does (1
   * unless set). A far seek replays here from the nearest one (keyframeNear): at the run's spacing
   * (131,072 steps for the scale run) that was most of a seek's seconds. A keyframe here costs far
   * less heap than the run estimate weighs it (runEstimate.ts KEYFRAME_BYTES_PER_RECORD) because
   * clones share the sealed history (bench/diag/keyframeShape.ts: ~4 MB late in the scale run),
   * and none of the extra ones is sent to the page (gapFor).
   */
  keyframesDenser?: number;
  /** Most events (plus steps) in one message to the page (chunkPieces.ts); PIECE_WEIGHT unless set. */
  pieceWeight?: number;
  /** Steps recorded between two looks at the clock. */
  stepsPerCheck: number;
  /**
   * Most steps in one chunk (default: no cap). The page's thread takes a chunk in as one message
   * (structured clone of its steps and keyframe texts); a slice of wall time on a fast machine is
   * thousands of steps, tens of ms of the page's thread in one task (issue 18 §6).
   */
  maxChunkSteps?: number;
  /**
   * Wall time a seek's replay runs before it lets queued requests in: a newer seek then
   * supersedes it (keyframeNear), so fast scrubbing replays only the latest position.
   */
  seekSliceMs: number;
  /**
   * Longest the recording waits, after a seek's keyframe is answered, for the page to say the
   * seek landed (`landed`): the page's landing frames then have the machine to themselves.
   */
  landHoldMs?: number;
  now: () => number;
  /** Lets queued requests (branch, cancel) in before the next slice. */
  pause: () => Promise<void>;
  /** Waits `ms` while letting queued requests in (a timer, not a turn: no CPU meanwhile). */
  sleep?: (ms: number) => Promise<void>;
}

export class RecorderCore {
  private timeline: Timeline | null = null;
  /** The held recording started from a retained checkpoint (not from step 0). */
  private started = false;
  private epoch = -1;
  private looping = false;
  /** Asked for the reference of a run still recording (see `reference`): answered when it ends. */
  private waiting: { scenario: string; answer: (o: SinkReference | null) => void }[] = [];
  /** Seek requests taken so far (the latest one is replayed), and those not answered yet. */
  private seeks = 0;
  /** The sealed values a seek's keyframe defines once per recording (sealedTable.ts). */
  private sealed = new SealedTable();
  /** The run's keyframe spacing (keyframeSpacing.ts): how far apart the keyframes sent to the page are. */
  private pageKeyframeEvery = KEYFRAME_EVERY;
  private seeking = 0;
  /** Asked when no recording is under way (`idle`): answered when the held one ends. */
  private idleWaiters: (() => void)[] = [];
  /** Until when (opts.now) the recording waits for the page to land a seek; 0 when it does not. */
  private holdUntil = 0;
  private wakeFromHold: (() => void) | null = null;

  constructor(
    private readonly send: (c: RecordingChunk) => void,
    private readonly opts: RecorderOptions,
  ) {}

  /**
   * Starts recording `scenario` from step 0, replacing any recording under way. `branches` are
   * user actions to apply on the way, in order (each at position `step - 1`): the page asks for
   * this when it branches a run the worker no longer holds (one it went back to). `detail`: the
   * page's choice (every event, or a summary per step), else the same choice made here.
   */
  record(epoch: number, scenario: Scenario, start?: RetainedCheckpointImport, branches: readonly Intervention[] = [], detail?: RecordingDetail): void {
    // Spaced by the run's size as on the page: a fixed spacing made a large run hold thousands of states.
    const o = recordingOptionsFor(scenario, detail);
    this.pageKeyframeEvery = Math.max(this.opts.keyframeEvery, o.keyframeEvery);
    // forgetSent: the page holds every step sent to it; this side only replays and branches by position.
    const denser = this.opts.keyframesDenser ?? 1;
    const own = this.pageKeyframeEvery <= KEYFRAME_EVERY ? this.pageKeyframeEvery : Math.max(KEYFRAME_EVERY, Math.floor(this.pageKeyframeEvery / denser));
    const t = Timeline.begin(scenario, { ...o, keyframeEvery: own, start, forgetSent: true });
    for (const b of branches) {
      while (t.length < b.step - 1 && !t.recordSome(b.step - 1 - t.length)) {
        /* record up to the action */
      }
      t.branchOnly(b.step - 1, b.action);
    }
    this.timeline = t;
    this.sealed = new SealedTable();
    this.started = start !== undefined;
    this.landed();
    this.restart(epoch);
    this.answerWaiting();
  }

  /**
   * Applies `action` at `position` of the current recording (the page did the same on its copy)
   * and records on from there.
   */
  branch(epoch: number, position: number, action: UserAction): void {
    const t = this.timeline;
    if (!t) throw new Error('No recording to branch');
    if (position > t.length) throw new RangeError(`Branch at step ${position}: only ${t.length} steps recorded`);
    t.branchOnly(position, action);
    this.landed();
    this.restart(epoch);
    this.answerWaiting();
  }

  /**
   * The exactly-once verdict's reference for `scenario` (engine/verdict/failureFreeRun.ts), when
   * the run held here is that reference: `scenario` has no fault action and is the one recorded,
   * from step 0, without user actions. Then the failure-free run IS this run and its sink outcome
   * at the end is the reference: answered once it is recorded, so the page needs no second
   * whole run (in the scale run a second worker of ~1 GB of heap). A run stopped early (kept by
   * the user, or cut at the step cap) answers with its outcome where it stopped, a reference for
   * the steps up to there (SinkReference). Null when it is not the run, or stops being it (a
   * branch, another recording, a failure): the page then runs the reference in a worker of its own.
   */
  reference(scenario: Scenario): Promise<SinkReference | null> {
    if (!isFailureFree(scenario)) return Promise.resolve(null);
    return new Promise((answer) => {
      this.waiting.push({ scenario: JSON.stringify(scenario), answer });
      this.answerWaiting();
    });
  }

  /** Answers every `reference` request the held run can answer now, or can no longer answer. */
  private answerWaiting(): void {
    const t = this.timeline;
    const own = t && !this.started && t.interventions.length === 0 ? JSON.stringify(t.scenario) : null;
    this.waiting = this.waiting.filter((w) => {
      if (own !== w.scenario) w.answer(null);
      else if (t!.complete) {
        // Run its course: the reference itself. Stopped (kept, or cut at the step cap): the reference
        // up to where it stopped (see SinkReference).
        const end = t!.endState ?? t!.lastState;
        w.answer(end ? { outcome: sinkOutcome(end), coversMs: t!.endState ? Infinity : end.nowMs } : null);
      } else return true;
      return false;
    });
  }

  /**
   * A keyframe at most SEEK_GRID steps before `position`, packed, for a page that seeks far from
   * the keyframes it was sent; null when `epoch` is not the recording held here, or when a later
   * request superseded this one. A big run's own keyframes are far apart (their spacing grows so
   * they fit in memory: 131,072 steps for the scale run), so the state there is replayed here, on
   * the worker's thread, and the page replays at most SEEK_GRID steps. Reads go through the
   * timeline's reader, so a scrub forward steps on from the previous one (a superseded replay's
   * progress included) instead of replaying from the keyframe again.
   *
   * Seeks are coalesced: the replay runs in slices of `seekSliceMs` and lets queued requests in
   * between them (and once before it starts, so a burst of requests from a drag reaches here
   * before any replays); only the latest request is replayed, the older ones answer null. The
   * recording waits while a seek is under way: the user is waiting for that one.
   */
  async keyframeNear(epoch: number, position: number): Promise<PackedKeyframe | null> {
    const seek = ++this.seeks;
    this.seeking++;
    try {
      await this.opts.pause();
      const t = this.timeline;
      const live = () => seek === this.seeks && t !== null && t === this.timeline && epoch === this.epoch && position <= t.length;
      if (!live()) return null;
      const own = t!.keyframeNear(position);
      // At or before the step before too: views compare the cursor's state with the one before
      // (the registry's and the LSM's change marks), and a keyframe right at the cursor would leave
      // that read to replay from the worker's far keyframe on the page.
      const at = Math.floor(Math.max(0, position - 1) / SEEK_GRID) * SEEK_GRID;
      // Cut into parts when big: the page decodes it in short tasks (keyframeDecode.ts decodeInSlices).
      if (at <= own.position) return this.answerSeek(packKeyframe(own, true, this.sealed));
      for (;;) {
        const until = this.opts.now() + this.opts.seekSliceMs;
        let there = t!.advanceReader(at, this.opts.stepsPerCheck);
        while (!there && this.opts.now() < until) there = t!.advanceReader(at, this.opts.stepsPerCheck);
        if (there) break;
        await this.opts.pause();
        if (!live()) return null;
      }
      // A copy, not `stateAt`'s frozen and cached one: the worker has no views to keep it for.
      return this.answerSeek(packKeyframe({ position: at, state: t!.copyAt(at) }, true, this.sealed));
    } finally {
      this.seeking--;
    }
  }

  /**
   * Resolves once no recording is under way here: none held, or the held one complete (recorded
   * whole, cancelled or cut at the step cap). A recording started meanwhile is waited for too. The
   * page runs a whole reference run in a second worker only then (recorderClient.ts): beside a
   * recording on a 2-core machine it left the page's thread a fraction of a core.
   */
  idle(): Promise<void> {
    if (!this.recording()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private recording(): boolean {
    return this.timeline !== null && !this.timeline.complete;
  }

  private answerIdle(): void {
    if (this.recording()) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /**
   * A seek's keyframe goes to the page, which decodes it and lands there over a few frames: the
   * recording waits until the page says it landed (`landed`), at most opts.landHoldMs. On a
   * 2-core machine the worker's slices beside those frames stretched them past 50 ms of wall
   * time (20–30 ms of the page's thread CPU each; e2e/bigRun.spec.ts's seek while recording).
   */
  private answerSeek(p: PackedKeyframe): PackedKeyframe {
    if (this.opts.landHoldMs && this.opts.sleep) this.holdUntil = this.opts.now() + this.opts.landHoldMs;
    return p;
  }

  /** The page landed the seek (or moved on): recording goes on. */
  landed(): void {
    this.holdUntil = 0;
    this.wakeFromHold?.();
    this.wakeFromHold = null;
  }

  /** The page decoded a seek's keyframe of table `gen`: its definitions are sent as references from now on. */
  confirmSealed(gen: number, ids: readonly number[]): void {
    if (gen === this.sealed.gen) this.sealed.confirm(ids);
  }

  /** Stops the recording of `epoch` where it is; a last chunk says it is done. */
  cancel(epoch: number): void {
    const t = this.timeline;
    if (!t || epoch !== this.epoch || t.complete) return;
    t.stop();
    this.landed();
    this.sendChunk(epoch, t);
    this.answerWaiting();
    this.answerIdle();
  }

  /** What `t` recorded since the last chunk, in pieces the page takes in a few ms each (chunkPieces.ts). */
  private sendChunk(epoch: number, t: Timeline): void {
    for (const piece of chunkPieces(t.takeChunk(this.gapFor(t)), this.opts.pieceWeight)) this.send({ epoch, chunk: packChunk(piece) });
  }

  /**
   * How far apart the keyframes sent to the page are. A small run's keyframes (every
   * KEYFRAME_EVERY steps, a few KB each, decoded only when read) all go, so the page seeks it
   * at once, as when it recorded in the page's thread; a big run's are megabytes: at most one
   * per chunk, the page asks for one near a far seek (keyframeNear).
   */
  private gapFor(t: Timeline): number {
    return t.keyframeEvery <= KEYFRAME_EVERY && this.pageKeyframeEvery <= KEYFRAME_EVERY ? 0 : Math.max(this.opts.keyframeGap, this.pageKeyframeEvery);
  }

  private restart(epoch: number): void {
    this.epoch = epoch;
    if (!this.looping) void this.loop();
  }

  private async loop(): Promise<void> {
    this.looping = true;
    try {
      let epoch = -1;
      let first = true;
      for (;;) {
        const t = this.timeline;
        if (!t || t.complete) break;
        if (this.seeking > 0) {
          await this.opts.pause();
          continue;
        }
        const held = this.holdUntil - this.opts.now();
        if (held > 0) {
          await Promise.race([this.opts.sleep!(held), new Promise<void>((wake) => (this.wakeFromHold = wake))]);
          continue;
        }
        if (epoch !== this.epoch) {
          epoch = this.epoch;
          first = true;
        }
        const until = this.opts.now() + (first ? this.opts.firstSliceMs : this.opts.sliceMs);
        const cap = t.length + (this.opts.maxChunkSteps ?? Infinity);
        first = false;
        while (!t.recordSome(Math.min(this.opts.stepsPerCheck, cap - t.length)) && t.length < cap && this.opts.now() < until) {
          /* record on */
        }
        this.sendChunk(epoch, t);
        if (t.complete) {
          this.answerWaiting();
          break;
        }
        await this.opts.pause();
      }
    } finally {
      this.looping = false;
      this.answerIdle();
    }
  }
}
