/**
 * The page's side of a recording made in the Web Worker: it creates the mirror timeline the
 * store shows, sends the worker what to record (with an epoch, the count of recordings), takes
 * in the chunks of the current epoch and keeps the progress figures. Without a Worker (unit
 * tests under Node) `record` records in this thread, as the app did before the worker.
 */
import type { StoreApi } from 'zustand';
import { Timeline, type RetainedCheckpointImport, type Scenario, type UserAction } from '../engine';
import { startRecorderWorker, type RecorderClient } from '../recording/recorderClient';
import { unpackChunk, type RecordingChunk } from '../recording/recorderCore';
import { decodeInSlices, keyframeText, lazyKeyframe } from '../recording/keyframeDecode';
import { KEYFRAME_EVERY, recordingOptionsFor } from '../recording/keyframeSpacing';
import type { AppStore } from './appStore';

export { KEYFRAME_EVERY } from '../recording/keyframeSpacing';
/** Fewest ms between two store updates from a streaming recording (measured in docs/architecture.md). */
export const SHOW_EVERY_MS = 250;
/** A keyframe from the worker is decoded in tasks of about this long (each part is ~10–30 ms). */
const DECODE_SLICE_MS = 20;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** A seek further than this from the page's nearest keyframe asks the worker for a closer one. */
export const SEEK_REPLAY_STEPS = 96;
/** Steps a seek's preparation replays per task (a few ms each at scale). */
const PREPARE_STEPS = 32;
/**
 * A read restoring a keyframe of at least this much text is prepared in tasks before the cursor
 * moves (prepareSeek); a smaller state (every keyframe of the default run) is restored at once.
 */
export const PREPARED_CHARS = 1 << 20;

/**
 * The states the views read after a seek to `position`, made in tasks of their own rather than
 * inside the render the cursor's move causes (late in the scale run restoring, copying and
 * freezing one was 30–60 ms): the step before first (the registry's and LSM's change marks), when
 * it is after the keyframe read from (`from`), so the reader steps on from it to the cursor.
 */
export async function prepareReads(t: Timeline, position: number, from: number, stale: () => boolean): Promise<void> {
  for (const at of from < position ? [position - 1, position] : [position]) {
    do {
      await nextTask();
      if (stale()) return;
    } while (!t.advanceReader(at, PREPARE_STEPS));
    await nextTask();
    if (stale()) return;
    t.stateAt(at);
  }
  // What awaits this renders the state read (a seek lands): in a task of its own, not in the
  // copy's (late in the scale run, a copy of 13–17 ms and the job graph's render of 15–22 ms made
  // one task, over 50 ms with a garbage collection step inside).
  await nextTask();
}

export interface RecordingProgress {
  /** Simulated time reached, and where the run ends. */
  simMs: number;
  untilMs: number;
  /** Wall time since this recording (or branch) started, ms. */
  elapsedMs: number;
  stepsPerSecond: number;
  /** Wall time still needed at the rate so far (null until there is a rate). */
  etaMs: number | null;
}

export interface SavedRun {
  scenario: Scenario;
  timeline: Timeline;
  cursor: number;
  start?: RetainedCheckpointImport;
}

type Set = StoreApi<AppStore>['setState'];
type Get = StoreApi<AppStore>['getState'];

export function recordingStream(set: Set, get: Get) {
  let client: RecorderClient | null | undefined;
  let epoch = 0;
  /** The mirror whose recording the worker holds. */
  let held: Timeline | null = null;
  /** The epoch under which the worker holds `held` (a cancel moves the page's epoch on, not the worker's). */
  let heldEpoch = 0;
  const starts = new WeakMap<Timeline, RetainedCheckpointImport | undefined>();
  let began = { at: 0, steps: 0, simMs: 0 };
  /** Seeks asked so far: only the latest one's keyframe is decoded (prepareSeek). */
  let seeks = 0;
  /** The worker answered a seek with a keyframe and waits for the page to land it (`landed`). */
  let holding = false;
  const now = () => performance.now();

  const clientOf = (): RecorderClient | null => {
    if (client === undefined) client = startRecorderWorker(onChunk, KEYFRAME_EVERY);
    return client;
  };

  /** When the store last heard of new steps, and the pending later update (see onChunk). */
  let shownAt = -Infinity;
  let pending: ReturnType<typeof setTimeout> | null = null;

  function show(): void {
    if (pending !== null) clearTimeout(pending);
    pending = null;
    shownAt = now();
    const t = get().timeline;
    if (t === held) set({ recorded: t.length, recording: progressOf(t) });
  }

  function onChunk(c: RecordingChunk): void {
    const t = get().timeline;
    if (c.epoch !== epoch || t !== held) return;
    t.receive(unpackChunk(c.chunk));
    // Every store update re-renders the views that read the whole run (scrubber marks, charts,
    // event jumps…), so chunks are taken in at once but shown at most every SHOW_EVERY_MS; the
    // last chunk, and the first after a pause, show at once.
    if (t.complete || now() - shownAt >= SHOW_EVERY_MS) show();
    else pending ??= setTimeout(show, SHOW_EVERY_MS - (now() - shownAt));
  }

  function progressOf(t: Timeline): RecordingProgress | null {
    if (t.complete) return null;
    const elapsedMs = now() - began.at;
    const simMs = t.timeAt(t.length);
    const untilMs = t.scenario.untilMs;
    const simRate = elapsedMs > 0 ? (simMs - began.simMs) / elapsedMs : 0;
    return {
      simMs,
      untilMs,
      elapsedMs,
      stepsPerSecond: elapsedMs > 0 ? ((t.length - began.steps) * 1000) / elapsedMs : 0,
      etaMs: simRate > 0 ? Math.max(0, (untilMs - simMs) / simRate) : null,
    };
  }

  function begin(t: Timeline): void {
    held = t;
    began = { at: now(), steps: t.length, simMs: t.timeAt(t.length) };
  }

  /**
   * Records here, whole, at once, where there is no Worker (unit tests under Node). A recording still
   * streaming is stopped where it is; its late chunks are dropped.
   */
  function recordHere(scenario: Scenario, start?: RetainedCheckpointImport): Timeline {
    if (held && !held.complete) {
      client?.cancel(epoch);
      held.stop();
    }
    epoch++;
    return Timeline.record(scenario, { ...recordingOptionsFor(scenario), start });
  }

  return {
    progressOf,
    startOf: (t: Timeline) => starts.get(t),
    record(scenario: Scenario, start?: RetainedCheckpointImport): Timeline {
      // Every run records in the worker, small ones too: even the default run is 0.3–1 s of one
      // task on the page's thread. Views say "not recorded yet" of what has not streamed in.
      const c = clientOf();
      if (!c) return recordHere(scenario, start);
      // A recording still under way is replaced: it stays what it is (kept for "go back").
      if (held && !held.complete) held.stop();
      const options = recordingOptionsFor(scenario);
      const t = Timeline.mirror(scenario, { ...options, start });
      starts.set(t, start);
      epoch++;
      // The detail goes with the run: the worker records it the way the page chose.
      c.record(epoch, scenario, start, [], options.detail);
      heldEpoch = epoch;
      begin(t);
      return t;
    },
    /** Branches a mirror here (a refused action throws, untouched) and has the worker record on. */
    branch(t: Timeline, position: number, action: UserAction): number {
      const c = clientOf()!;
      const at = t.branchOnly(position, action);
      epoch++;
      if (held === t) c.branch(epoch, position, action);
      // A run the worker no longer holds (one the user went back to): it records it again with its actions.
      else c.record(epoch, t.scenario, starts.get(t), t.interventions.slice(), t.detail);
      held = t;
      heldEpoch = epoch;
      begin(t);
      return at;
    },
    /**
     * Before the page reads `position` of a mirror, when that read would be long for the page's
     * thread; null when it would not (the cursor moves at once). Far from the keyframes the page
     * holds, the worker sends its own keyframe there (it keeps one every KEYFRAME_EVERY steps), so
     * the page replays a few dozen steps instead of up to a chunk's worth (hundreds to thousands,
     * measured at up to seconds on the page's thread). Near a keyframe of a big run that is not
     * decoded (the page keeps few: keyframeDecode.ts DECODED_TEXT_BUDGET), that one is decoded.
     * Either is decoded a part at a time in short tasks (keyframeDecode.ts decodeInSlices), and
     * the states the views will read are made in tasks of their own (prepareReads), before the
     * cursor moves. A later call supersedes this one: the worker stops replaying for it, and a
     * keyframe that still arrives for it is not decoded.
     */
    prepareSeek(t: Timeline, position: number): Promise<void> | null {
      // Every seek counts, even one that needs nothing from the worker: it supersedes those asked before.
      const seek = ++seeks;
      if (!t.mirrored || t !== held) return null;
      const cuts = t.truncations;
      const stale = () => seek !== seeks || t.truncations !== cuts;
      if (t.stepsToRead(position) <= SEEK_REPLAY_STEPS) {
        // Near the page's keyframes or just ahead of its last read (stepping, playing): read here.
        const kf = t.keyframeForRead(position);
        const text = kf && keyframeText(kf);
        // Stepping on from a working simulation, or restoring a small state: at once.
        if (!kf || !text || text.chars < PREPARED_CHARS) return null;
        // One text too big to parse in one task (a chunk's keyframe late in a big run): the worker cuts one.
        if (text.decoded || text.cut) {
          // A decode that fails (a sealed value the page lacks) leaves the read to the views: the cursor still moves.
          return (async () => {
            if (!text.decoded && !(await decodeInSlices(text.packed, DECODE_SLICE_MS, nextTask, stale))) return;
            await prepareReads(t, position, kf.position, stale);
          })().catch(() => undefined);
        }
      }
      return client!
        .keyframeNear(heldEpoch, position)
        .then(async (p) => {
          // Superseded (the worker mostly answers null then): megabytes of text dropped undecoded.
          if (!p || stale() || p.position > t.length) {
            // The worker waits for this seek to land: it never will.
            if (p) client!.landed();
            return;
          }
          holding = true;
          // A big run's keyframe is tens of MB of text: decoded a part at a time, in short tasks.
          const state = await decodeInSlices(p, DECODE_SLICE_MS, nextTask, stale);
          // Decoded: the page holds its sealed values, the worker may refer to them (whether or not this seek still stands).
          if (state && p.sealed) client!.confirmSealed(p.sealed.gen, p.sealed.defines);
          if (!state || stale()) return;
          t.addKeyframe(lazyKeyframe(p));
          await prepareReads(t, position, p.position, stale);
        })
        .catch(() => undefined);
    },
    /** A seek prepared here landed, or gave way to another move: the worker, waiting meanwhile, records on. */
    landed(): void {
      if (!holding) return;
      holding = false;
      client?.landed();
    },
    cancel(t: Timeline): void {
      if (t.complete || !t.mirrored) return;
      if (held === t) client?.cancel(epoch);
      // Chunks already on their way belong to the cancelled epoch and are dropped.
      epoch++;
      t.stop();
    },
  };
}
