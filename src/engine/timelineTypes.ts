/**
 * The shapes of a recorded run (timeline.ts): a step's record, a user's intervention, a failed
 * recording, the options, keyframes, and the chunk a recording in a Web Worker sends its mirror.
 */
import type { UserAction } from './actions';
import type { EngineEvent } from './events';
import type { QuietStep } from './quietStep';
import type { EngineState } from './state';
import type { RetainedCheckpointImport } from './restore/startFromRetained';
import type { RecordingDetail } from './recordSummary';

/** Shared so that "no events" is the same value every time (selectors compare by identity). */
export const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);

/**
 * What a recording that forgets sent steps (TimelineOptions#forgetSent) keeps of each step once
 * `takeChunk` handed it out: one shared record, so the step still counts but holds nothing.
 */
export const SENT: StepRecord = Object.freeze({ atMs: Number.NaN, events: NO_EVENTS as EngineEvent[] });

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
  /**
   * 'records' (default) keeps every event; 'summary' keeps one `records.summarized` event per
   * per-record event type and task in each step (recordSummary.ts). The engine state is the same.
   */
  detail?: RecordingDetail;
  /**
   * A recording whose steps live in the mirror it sends them to (the recording worker's): a step
   * handed out by `takeChunk` keeps nothing here, since only its count matters to this side (it
   * replays from keyframes and branches by position). The events of the scale run were the
   * worker's largest holder after its keyframes (docs/architecture.md, "Memory at scale").
   * Reading such a step's events or time throws.
   */
  forgetSent?: boolean;
}


export interface Keyframe {
  position: number;
  state: EngineState;
}

/**
 * What a recording sends to its mirror (the page, when the engine records in a Web Worker): the
 * mirror drops everything it has after position `from`, then appends these steps (step `from+1`
 * onwards) and keyframes (all after `from`). Interventions are the whole list, they are few.
 */
export interface TimelineChunk {
  from: number;
  steps: StepRecord[];
  keyframes: Keyframe[];
  interventions: Intervention[];
  failure: RecordingError | null;
  /** True when the recording reached `untilMs`, ran out of work, failed or hit `maxSteps`. */
  done: boolean;
  /** How much the steps keep (TimelineOptions#detail): the mirror takes it on, its own branches summarize alike. */
  detail: RecordingDetail;
}
