/**
 * The working simulations a Timeline reads with: each stands at a position and is stepped on to
 * the next read, or restored from a keyframe when it cannot be. Two of them, so a read behind (a
 * view comparing with the step before, while playback reads forward) restores a keyframe into the
 * other one instead of sending the forward one back. With the frozen states of recent reads kept
 * for views, they make a Timeline's reads (`TimelineReads`, the one export the Timeline uses).
 */
import { Simulation } from './simulation';
import type { EngineState } from './state';
import type { Intervention, Keyframe } from './timelineTypes';

/**
 * A read steps a working simulation on from where it stands, rather than restoring a nearer
 * keyframe, when it is at most this many steps behind (and no user action lies between). Restoring
 * copies the whole state (a keyframe from the worker is first decoded): at parallelism 16 with
 * 100,000 keys that is more than replaying a few hundred steps, and playing a big run fast crosses
 * a keyframe almost every frame.
 */
export const STEP_ON_MAX = 512;
/** Working simulations kept for reads: the forward one (the cursor) and one for reads behind it. */
const READERS = 2;

interface Reader {
  sim: Simulation;
  pos: number;
  /** When it was last used (a counter): the least recently used one is restored first. */
  used: number;
}

/** Steps `sim` from position `from` to `to` (the recorded run replays exactly). */
export function replay(sim: Simulation, from: number, to: number): void {
  for (let p = from; p < to; p++) {
    if (sim.step() === null) throw new Error(`Timeline replay ran out of work at step ${p}`);
  }
}

class TimelineReaders {
  private readers: Reader[] = [];
  private uses = 0;

  /** A copy of the state after `position` steps, read from `kf` or stepped on from a nearer read. */
  copyAt(position: number, kf: Keyframe, interventions: readonly Intervention[]): EngineState {
    return this.readTo(position, kf, interventions).snapshot();
  }

  /** `copyAt`, deep-frozen, sharing what did not change with `base` (a frozen state of an earlier read), if given. */
  frozenAt(position: number, kf: Keyframe, interventions: readonly Intervention[], base: EngineState | undefined): EngineState {
    return this.readTo(position, kf, interventions).frozenSnapshot(base);
  }

  private readTo(position: number, kf: Keyframe, interventions: readonly Intervention[]): Simulation {
    const r = this.near(position, kf, interventions) ?? this.restore(kf);
    replay(r.sim, r.pos, position);
    r.pos = position;
    return r.sim;
  }

  /** Moves a working simulation toward `position` by at most `maxSteps` (a restore is a move of its own); true once there. */
  advance(position: number, kf: Keyframe, interventions: readonly Intervention[], maxSteps: number): boolean {
    const r = this.near(position, kf, interventions);
    if (!r) return this.restore(kf).pos === position;
    const to = Math.min(position, r.pos + Math.max(1, maxSteps));
    replay(r.sim, r.pos, to);
    r.pos = to;
    return to === position;
  }

  /** How many steps a read of `position` needs at least: from a working simulation, or from `kf`, whichever is nearer. */
  stepsTo(position: number, kf: Keyframe, interventions: readonly Intervention[]): number {
    const r = this.near(position, kf, interventions, false);
    return position - Math.max(r ? r.pos : 0, kf.position);
  }

  /**
   * The working simulation a read of `position` steps on from (the nearest behind it), or null if
   * none can: one can when it stands at or before `position` and either no keyframe lies between
   * (replay from `kf` would be longer) or it is close behind with no user action in between (an
   * action is not in the queue, so replay cannot cross it: the keyframe right after it must be
   * restored). `touch` marks it used (false: only asking).
   */
  near(position: number, kf: Keyframe, interventions: readonly Intervention[], touch = true): Reader | null {
    let best: Reader | null = null;
    for (const r of this.readers) {
      if (r.pos > position || (best && best.pos >= r.pos)) continue;
      if (r.pos < kf.position && (position - r.pos > STEP_ON_MAX || interventions.some((iv) => iv.step > r.pos && iv.step <= position))) continue;
      best = r;
    }
    if (best && touch) best.used = ++this.uses;
    return best;
  }

  /** The keyframe a read of `position` restores from: `kf`, or null when a working simulation steps on to it. */
  restoresFrom(position: number, kf: Keyframe, interventions: readonly Intervention[]): Keyframe | null {
    return this.near(position, kf, interventions, false) ? null : kf;
  }

  /** Restores `kf` into a new working simulation, or into the least recently used one. */
  restore(kf: Keyframe): Reader {
    const r: Reader = { sim: Simulation.fromSnapshot(kf.state), pos: kf.position, used: ++this.uses };
    if (this.readers.length >= READERS) {
      const lru = this.readers.reduce((a, b) => (b.used < a.used ? b : a));
      this.readers.splice(this.readers.indexOf(lru), 1);
    }
    this.readers.push(r);
    return r;
  }

  /** Where the most recently used one stands (null before the first read). */
  latestPosition(): number | null {
    if (this.readers.length === 0) return null;
    return this.readers.reduce((a, b) => (b.used > a.used ? b : a)).pos;
  }

  /** Forgets them all (the recording they read changed). */
  clear(): void {
    this.readers = [];
  }
}

/**
 * Recent positions kept frozen for views: the paced panel groups' (src/views/panelPace.tsx, four
 * while playing fast, one of them the live cursor's) and the next frame's, read before the frame
 * shows it (src/app/usePlayback.ts). No more: a state kept longer lives through more of the page's
 * young-generation collections and is copied by each, then promoted to the old generation, whose
 * growth brings on the major collections. Playing the scale run at 50× kept eight: the page's heap
 * grew by ~45 MB/s. Three alternated runs each of 10 s at 50×: 11 long tasks in all with eight
 * kept, 5 with five (and the copies made over the previous one: Timeline#stateAt).
 */
const FROZEN_CACHE_SIZE = 5;
/**
 * How far from the newest read a kept frozen state may be (steps): the paced panels lag the cursor
 * by a few frames of playback (hundreds of steps each at the fastest speed of a big run).
 */
const FROZEN_NEAR = 4096;
/**
 * The most recent reads kept however far apart: views read a few positions at once (the cursor,
 * the run's end, a lesson's stop), and `stateAt` must give each the same object while the store
 * does not change (a selector returning a new one every time renders without end).
 */
const FROZEN_ANY = 4;

/** The frozen states of a Timeline's recent reads, newest first. */
class FrozenStates {
  private states: { position: number; state: EngineState }[] = [];

  get(position: number): EngineState | undefined {
    return this.states.find((c) => c.position === position)?.state;
  }

  /** The kept state nearest before or at `position` and after `after`, as a keyframe to restore from; undefined if none. */
  nearestAfter(after: number, position: number): Keyframe | undefined {
    let best: { position: number; state: EngineState } | undefined;
    for (const c of this.states) if (c.position > after && c.position <= position && (!best || c.position > best.position)) best = c;
    return best;
  }

  /**
   * The base a new read of `position` shares unchanged parts with (plainData.frozenCloneOver): the
   * latest kept, if it is near (playing, stepping). Far from it (a seek) little is unchanged, and a
   * copy over it costs ~1.4× a plain one (comparing as it goes).
   */
  baseFor(position: number): EngineState | undefined {
    const latest = this.states[0];
    return latest && Math.abs(latest.position - position) <= FROZEN_NEAR ? latest.state : undefined;
  }

  /**
   * Keeps `state` as the newest. Views animate from the previous step to this one, and while
   * playing fast the reading panels show positions a few frames old, so recent ones stay: the
   * last FROZEN_ANY wherever they are, older ones only near this read (after a seek the ones left
   * behind are not shown again soon, and late in a big run each is a copy of over 100 MB: ten
   * scattered seeks kept eight of them).
   */
  keep(position: number, state: EngineState): void {
    this.states = [{ position, state }, ...this.states.filter((c, i) => i < FROZEN_ANY - 1 || Math.abs(c.position - position) <= FROZEN_NEAR)].slice(0, FROZEN_CACHE_SIZE);
  }

  clear(): void {
    this.states = [];
  }
}

/**
 * A Timeline's reads: its working simulations and the frozen states of its recent reads, given the
 * nearest keyframe of each position read (`kf`) and the user actions recorded (`interventions`).
 */
export class TimelineReads {
  private readonly readers = new TimelineReaders();
  private readonly frozen = new FrozenStates();

  /** The state after `position` steps, deep-frozen and kept (Timeline#stateAt). */
  stateAt(position: number, kf: Keyframe, interventions: readonly Intervention[]): EngineState {
    const cached = this.frozen.get(position);
    if (cached) return cached;
    const state = this.readers.frozenAt(position, this.start(position, kf), interventions, this.frozen.baseFor(position));
    this.frozen.keep(position, state);
    return state;
  }

  copyAt(position: number, kf: Keyframe, interventions: readonly Intervention[]): EngineState {
    return this.readers.copyAt(position, this.start(position, kf), interventions);
  }

  advance(position: number, kf: Keyframe, interventions: readonly Intervention[], maxSteps: number): boolean {
    return this.frozen.get(position) !== undefined || this.readers.advance(position, this.start(position, kf), interventions, maxSteps);
  }

  stepsTo(position: number, kf: Keyframe, interventions: readonly Intervention[]): number {
    return this.frozen.get(position) ? 0 : this.readers.stepsTo(position, this.start(position, kf), interventions);
  }

  restoresFrom(position: number, kf: Keyframe, interventions: readonly Intervention[]): Keyframe | null {
    return this.frozen.get(position) ? null : this.readers.restoresFrom(position, this.start(position, kf), interventions);
  }

  /**
   * Where a read of `position` restores from when no working simulation steps on to it: `kf`, or
   * a kept frozen state after it and at or before `position` (one is a snapshot like any keyframe,
   * and no user action lies between: each has a keyframe right after it). Playing a big run fast,
   * the frames' states are hundreds of steps apart while the page's keyframes are up to 131,072:
   * on pause, the views' read of the step before the cursor restored the keyframe and replayed
   * ~50,000 steps in one task (168 ms, the scale run at 50×).
   */
  start(position: number, kf: Keyframe): Keyframe {
    return this.frozen.nearestAfter(kf.position, position) ?? kf;
  }

  latestPosition(): number | null {
    return this.readers.latestPosition();
  }

  /** Forgets them all (the recording they read changed). */
  clear(): void {
    this.readers.clear();
    this.frozen.clear();
  }
}
