/**
 * The page's handle on the recording worker (src/recording/recorder.worker.ts). Null where
 * there is no Worker (unit tests under Node): the store then records in the calling thread.
 */
import * as Comlink from 'comlink';
import type { Intervention, RecordingDetail, RetainedCheckpointImport, Scenario, SinkOutcome, UserAction } from '../engine';
import type { RecorderApi } from './recorder.worker';
import type { RecordingChunk } from './recorderCore';
import type { PackedKeyframe } from './keyframeCodec';

export interface RecorderClient {
  record: (epoch: number, scenario: Scenario, start?: RetainedCheckpointImport, branches?: Intervention[], detail?: RecordingDetail) => void;
  branch: (epoch: number, position: number, action: UserAction) => void;
  cancel: (epoch: number) => void;
  /** The worker's keyframe nearest at or before `position` of recording `epoch` (null if it no longer holds it). */
  keyframeNear: (epoch: number, position: number) => Promise<PackedKeyframe | null>;
}

const workers = new Map<string, Comlink.Remote<RecorderApi> | null>();

/**
 * A worker of the page by role (started on first use); null where there is no Worker. The
 * recording and the failure-free reference run get one each, so neither waits for the other.
 */
function workerApi(role: 'recorder' | 'reference'): Comlink.Remote<RecorderApi> | null {
  if (!workers.has(role)) {
    workers.set(
      role,
      typeof Worker === 'undefined'
        ? null
        : Comlink.wrap<RecorderApi>(new Worker(new URL('./recorder.worker.ts', import.meta.url), { type: 'module', name: role })),
    );
  }
  return workers.get(role)!;
}

/**
 * The sink output of the scenario's failure-free run (the exactly-once verdict's reference), run
 * in the worker: it is a whole second run, too long for the page's thread. Null without a Worker.
 */
export function failureFreeInWorker(scenario: Scenario): Promise<SinkOutcome> | null {
  const api = workerApi('reference');
  return api ? api.failureFree(scenario) : null;
}

export function startRecorderWorker(onChunk: (c: RecordingChunk) => void, keyframeEvery: number): RecorderClient | null {
  const api = workerApi('recorder');
  if (!api) return null;
  // Comlink calls are messages in order: connect is taken before any record.
  void api.connect(Comlink.proxy(onChunk), keyframeEvery);
  return {
    record: (epoch, scenario, start, branches, detail) => void api.record(epoch, scenario, start, branches, detail),
    branch: (epoch, position, action) => void api.branch(epoch, position, action),
    cancel: (epoch) => void api.cancel(epoch),
    keyframeNear: (epoch, position) => api.keyframeNear(epoch, position),
  };
}
