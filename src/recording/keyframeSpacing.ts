/**
 * How far apart a run's keyframes are, the same on the page and in the recording worker:
 * KEYFRAME_EVERY steps for a small run; a long run spaces them further apart (powers of two, see
 * runEstimate.ts) so together they stay within the keyframe budget. A fixed spacing made a large
 * run's worker hold thousands of full states and crash the tab. Recorded steps and events are
 * the same either way; only a seek replays a few more steps.
 */
import { estimateRun, maxStepsFor, MIN_KEYFRAME_EVERY, recordingDetailFor, type RecordingDetail, type Scenario } from '../engine';

export const KEYFRAME_EVERY = MIN_KEYFRAME_EVERY;

export function keyframeEveryFor(scenario: Scenario): number {
  return Math.max(KEYFRAME_EVERY, estimateRun(scenario).keyframeEvery);
}

/**
 * Every option a recording of `scenario` takes from its size, the same on the page and in the
 * worker: the keyframe spacing, the detail (summary for a run over the full-detail budget) and
 * the step cap that goes with it. `detail` overrides (the page passes its choice to the worker).
 */
export function recordingOptionsFor(scenario: Scenario, detail: RecordingDetail = recordingDetailFor(scenario)): { keyframeEvery: number; detail: RecordingDetail; maxSteps: number } {
  return { keyframeEvery: keyframeEveryFor(scenario), detail, maxSteps: maxStepsFor(detail) };
}
