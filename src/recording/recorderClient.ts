/**
 * The page's handle on the recording worker (src/recording/recorder.worker.ts). Null where
 * there is no Worker (unit tests under Node): the store then records in the calling thread.
 */
import * as Comlink from 'comlink';
import type { Intervention, RetainedCheckpointImport, Scenario, UserAction } from '../engine';
import type { RecorderApi } from './recorder.worker';
import type { RecordingChunk } from './recorderCore';

export interface RecorderClient {
  record: (epoch: number, scenario: Scenario, start?: RetainedCheckpointImport, branches?: Intervention[]) => void;
  branch: (epoch: number, position: number, action: UserAction) => void;
  cancel: (epoch: number) => void;
}

export function startRecorderWorker(onChunk: (c: RecordingChunk) => void, keyframeEvery: number): RecorderClient | null {
  if (typeof Worker === 'undefined') return null;
  const worker = new Worker(new URL('./recorder.worker.ts', import.meta.url), { type: 'module', name: 'recorder' });
  const api = Comlink.wrap<RecorderApi>(worker);
  // Comlink calls are messages in order: connect is taken before any record.
  void api.connect(Comlink.proxy(onChunk), keyframeEvery);
  return {
    record: (epoch, scenario, start, branches) => void api.record(epoch, scenario, start, branches),
    branch: (epoch, position, action) => void api.branch(epoch, position, action),
    cancel: (epoch) => void api.cancel(epoch),
  };
}
