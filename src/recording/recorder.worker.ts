/**
 * The Web Worker that records runs (src/recording/recorderCore.ts), exposed through Comlink.
 * Chunks go back through a callback the page passes in `connect` (a Comlink proxy), so each
 * chunk is one message, structured-cloned (see docs/architecture.md, "The engine in a Web Worker").
 */
import * as Comlink from 'comlink';
import { RecorderCore, type RecordingChunk, type SinkReference } from './recorderCore';
import { RECORDER_TIMING } from './recorderTiming';
import { buffersOf, type PackedKeyframe } from './keyframeCodec';
import { failureFreeOutcome, type Intervention, type RecordingDetail, type RetainedCheckpointImport, type Scenario, type SinkOutcome, type UserAction } from '../engine';

let core: RecorderCore | null = null;

// A MessageChannel turn lets queued messages (branch, cancel) in without setTimeout's 4 ms clamp.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
const pause = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });

const api = {
  connect(onChunk: (c: RecordingChunk) => void, keyframeEvery: number): void {
    // A keyframe's text (when big: keyframeCodec.ts WHOLE_TEXT_AS_BYTES) and byte arrays are buffers the page takes over, not copies.
    const texts = (c: RecordingChunk) => c.chunk.keyframes.flatMap(buffersOf);
    core = new RecorderCore((c) => void onChunk(Comlink.transfer(c, texts(c))), { ...RECORDER_TIMING, keyframeEvery, now: () => performance.now(), pause, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
  },
  record(epoch: number, scenario: Scenario, start?: RetainedCheckpointImport, branches?: Intervention[], detail?: RecordingDetail): void {
    core!.record(epoch, scenario, start, branches, detail);
  },
  branch(epoch: number, position: number, action: UserAction): void {
    core!.branch(epoch, position, action);
  },
  /** Its text and byte arrays are transferred, not copied (keyframeCodec.ts `partsText`, `byteData`: copies made for the page). */
  async keyframeNear(epoch: number, position: number): Promise<PackedKeyframe | null> {
    const p = await core!.keyframeNear(epoch, position);
    return p && Comlink.transfer(p, buffersOf(p));
  },
  /** The page landed the seek it asked a keyframe for: recording goes on (RecorderCore#landed). */
  landed(): void {
    core?.landed();
  },
  confirmSealed(gen: number, ids: number[]): void {
    core!.confirmSealed(gen, ids);
  },
  cancel(epoch: number): void {
    core!.cancel(epoch);
  },
  /** Resolves once no recording is under way here (RecorderCore#idle). */
  idle(): Promise<void> {
    return core ? core.idle() : Promise.resolve();
  },
  /** The reference, when the run recorded here is it (RecorderCore#reference); else null. */
  reference(scenario: Scenario): Promise<SinkReference | null> {
    return core ? core.reference(scenario) : Promise.resolve(null);
  },
  /** A whole run: asked of a worker of its own (recorderClient.ts), so it never holds up a recording. */
  failureFree(scenario: Scenario): SinkOutcome {
    return failureFreeOutcome(scenario);
  },
};

export type RecorderApi = typeof api;

Comlink.expose(api);
