/**
 * The page's handle on the recording worker (src/recording/recorder.worker.ts). Null where
 * there is no Worker (unit tests under Node): the store then records in the calling thread.
 */
import * as Comlink from 'comlink';
import { isFailureFree, type Intervention, type RecordingDetail, type RetainedCheckpointImport, type Scenario, type SinkOutcome, type UserAction } from '../engine';
import type { RecorderApi } from './recorder.worker';
import type { RecordingChunk, SinkReference } from './recorderCore';
import type { PackedKeyframe } from './keyframeCodec';

export interface RecorderClient {
  record: (epoch: number, scenario: Scenario, start?: RetainedCheckpointImport, branches?: Intervention[], detail?: RecordingDetail) => void;
  branch: (epoch: number, position: number, action: UserAction) => void;
  cancel: (epoch: number) => void;
  /** The worker's keyframe nearest at or before `position` of recording `epoch` (null if it no longer holds it). */
  keyframeNear: (epoch: number, position: number) => Promise<PackedKeyframe | null>;
  /** The page decoded a keyframe's sealed definitions (sealedTable.ts): the worker refers to them from now on. */
  confirmSealed: (gen: number, ids: number[]) => void;
  /** The page landed the seek it asked a keyframe for: the worker records on (it waits meanwhile). */
  landed: () => void;
}

const hasWorkers = typeof Worker !== 'undefined';
/** The one place the worker is started, so the bundler builds it once. */
const spawn = (role: 'recorder' | 'reference') => new Worker(new URL('./recorder.worker.ts', import.meta.url), { type: 'module', name: role });
let recorder: Comlink.Remote<RecorderApi> | null | undefined;

/** The recording worker (started on first use); null where there is no Worker. */
function recorderApi(): Comlink.Remote<RecorderApi> | null {
  recorder ??= hasWorkers ? Comlink.wrap<RecorderApi>(spawn('recorder')) : null;
  return recorder;
}

/** Reference runs in their own worker, one at a time: each is a whole run of the scenario. */
let referenceQueue: Promise<unknown> = Promise.resolve();
/** Recordings started (or branched) so far: a reference run started before the latest one gives way. */
let recordingsStarted = 0;
/** A reference run starts this long after the recorder fell idle (and none started since). */
const REFERENCE_AFTER_IDLE_MS = 500;
/** Stops the reference run under way, if any (a recording started). */
let interruptReference: (() => void) | null = null;

function recordingStarted(): void {
  recordingsStarted++;
  interruptReference?.();
}

/**
 * Runs the failure-free scenario in a worker started for it and ended when it answers: what the
 * run held (in the scale run about a gigabyte of heap, most of it garbage no GC came for in an
 * idle worker) goes with the worker instead of staying for the page's lifetime.
 *
 * It runs only while no recording is under way, and a recording that starts meanwhile stops it
 * (it runs again once that one is done): on a 2-core machine a whole second run beside a
 * recording left the page's thread a fraction of a core, and its tasks took 2–3 times their
 * CPU time (issue 17, e2e/bigRun.spec.ts: the run kept, then another applied). The verdict it
 * serves waits meanwhile; the recording the user asked for does not.
 */
function inReferenceWorker(scenario: Scenario): Promise<SinkOutcome> {
  const run = referenceQueue.then(async () => {
    for (;;) {
      const asked = recordingsStarted;
      await recorderApi()?.idle();
      // Right after a recording ends the page renders the run it shows (kept, or gone back to).
      await new Promise((resolve) => setTimeout(resolve, REFERENCE_AFTER_IDLE_MS));
      if (asked !== recordingsStarted) continue;
      const worker = spawn('reference');
      const api = Comlink.wrap<RecorderApi>(worker);
      const interrupted = new Promise<null>((resolve) => (interruptReference = () => resolve(null)));
      try {
        const outcome = await Promise.race([api.failureFree(scenario), interrupted]);
        if (outcome) return outcome;
      } finally {
        interruptReference = null;
        api[Comlink.releaseProxy]();
        worker.terminate();
      }
    }
  });
  referenceQueue = run.catch(() => undefined);
  return run;
}

/**
 * The sink output of the scenario's failure-free run (the exactly-once verdict's reference). When
 * the recording worker is recording that very run (a scenario without faults, from step 0, no user
 * action: RecorderCore#reference), it is the end of that recording, or where the recording was
 * stopped; else (or with `whole`) a whole second run in a worker of its own, too long for the
 * page's thread. Null without a Worker.
 */
export function failureFreeInWorker(scenario: Scenario, whole = false): Promise<SinkReference> | null {
  const api = recorderApi();
  if (!api) return null;
  const second = () => inReferenceWorker(scenario).then((outcome): SinkReference => ({ outcome, coversMs: Infinity }));
  if (whole || !isFailureFree(scenario)) return second();
  return api.reference(scenario).then((own) => own ?? second());
}

export function startRecorderWorker(onChunk: (c: RecordingChunk) => void, keyframeEvery: number): RecorderClient | null {
  const api = recorderApi();
  if (!api) return null;
  // Comlink calls are messages in order: connect is taken before any record.
  void api.connect(Comlink.proxy(onChunk), keyframeEvery);
  return {
    record: (epoch, scenario, start, branches, detail) => {
      recordingStarted();
      void api.record(epoch, scenario, start, branches, detail);
    },
    branch: (epoch, position, action) => {
      recordingStarted();
      void api.branch(epoch, position, action);
    },
    cancel: (epoch) => void api.cancel(epoch),
    keyframeNear: (epoch, position) => api.keyframeNear(epoch, position),
    confirmSealed: (gen, ids) => void api.confirmSealed(gen, ids),
    landed: () => void api.landed(),
  };
}
